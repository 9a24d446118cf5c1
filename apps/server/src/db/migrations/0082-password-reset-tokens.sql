-- Single-use password reset links (docs/decisions/102-password-reset.md): the token is stored
-- only as its SHA-256 hash; a reset marks it used in the same statement that checks it.
CREATE TABLE password_reset_tokens (
  token_hash text        PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
