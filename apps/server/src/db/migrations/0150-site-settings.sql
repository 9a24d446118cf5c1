-- Site switches staff change at run time (docs/decisions/126-site-switches.md): maintenance mode,
-- admin alerts and feature flags over the deployment's SOUK_FEATURE_FLAGS. Each change writes one
-- audit row in its transaction; copies of the server read these through a short-lived cache.

-- One row: `id` can only be true.
CREATE TABLE site_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  is_maintenance_on boolean NOT NULL DEFAULT false,
  maintenance_message text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_settings DEFAULT VALUES;
-- The row is changed, never added to or removed.
REVOKE INSERT, DELETE, TRUNCATE ON site_settings FROM souk_app;

-- A flag staff set; no row means the deployment's value.
CREATE TABLE site_feature_flags (
  name text PRIMARY KEY,
  is_on boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site_alerts (
  id bigserial PRIMARY KEY,
  message text NOT NULL,
  audience text NOT NULL CHECK (audience IN ('everyone', 'logged_in', 'staff')),
  expires_at timestamptz,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by bigint REFERENCES users (id)
);
CREATE INDEX site_alerts_live_idx ON site_alerts (id) WHERE removed_at IS NULL;
