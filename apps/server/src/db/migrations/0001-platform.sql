-- The application runs as souk_app; the migration runner (the owner) creates every table, and
-- default privileges give souk_app plain read and write. Tables that must stay append-only revoke
-- UPDATE and DELETE in their own migration (docs/reliability.md#i9-entries-are-append-only).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'souk_app') THEN
    CREATE ROLE souk_app NOLOGIN;
  END IF;
END
$$;
GRANT souk_app TO CURRENT_USER;
GRANT USAGE ON SCHEMA public TO souk_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO souk_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO souk_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO souk_app;
GRANT SELECT ON schema_migrations TO souk_app;

-- Idempotency keys of money-moving requests: the first answer is stored and replayed; the same
-- key with another request body is refused (Stripe's model,
-- docs/reliability.md#i7-one-effect-per-idempotency-key).
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
  status_code integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Audit log of money moves, role changes and security settings.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_user_id bigint,
  action text NOT NULL,
  subject_type text,
  subject_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip inet,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, created_at DESC);
