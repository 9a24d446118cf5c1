-- The operator console (docs/decisions/124-audit-log-append-only.md): every staff action writes one
-- audit row in its own transaction. Who acted is a user, the operator CLI or a job (an expiry).
ALTER TABLE audit_log
  ADD COLUMN actor_kind text NOT NULL DEFAULT 'user' CHECK (actor_kind IN ('user', 'cli', 'job')),
  ADD COLUMN reason text NOT NULL DEFAULT '';
CREATE INDEX audit_log_created_idx ON audit_log (id DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, lower(subject_id), id DESC);
-- Append-only: the application role may add rows and read them, never change or remove one.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM souk_app;

-- Restrictions staff put on an account (docs/decisions/125-user-restrictions.md). The users.is_*
-- flags stay what the guards read; a row here says who set the flag, why and until when. One
-- active row per account and kind: a second restriction of the same kind at once is refused.
CREATE TABLE user_restrictions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('banned', 'suspended', 'frozen', 'on_hold', 'restricted', 'compromised')),
  reason text NOT NULL,
  expires_at timestamptz,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  lifted_at timestamptz,
  lifted_by bigint REFERENCES users (id),
  lift_reason text
);
CREATE UNIQUE INDEX user_restrictions_active_key ON user_restrictions (user_id, kind) WHERE lifted_at IS NULL;
CREATE INDEX user_restrictions_expiry_idx ON user_restrictions (expires_at) WHERE lifted_at IS NULL AND expires_at IS NOT NULL;
