-- The account activity log (docs/decisions/111-account-activity.md): one row per security-relevant
-- action, written in the transaction of the action itself. Append-only for the application.
CREATE TABLE account_activity (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type       text        NOT NULL CHECK (type ~ '^[a-z][a-z0-9_]{1,39}$'),
  ip         text,
  user_agent text,
  details    jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_activity_user ON account_activity (user_id, id DESC);

REVOKE UPDATE, DELETE, TRUNCATE ON account_activity FROM souk_app;
