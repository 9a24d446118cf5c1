-- The second factor of each user (docs/decisions/106-second-factor-storage.md): one row per user
-- with its type, state, the authenticator secret, the last accepted TOTP step (a code is used
-- once), an e-mailed code kept as a hash, the per-event settings and the failed-try throttle.
CREATE TABLE two_factor (
  user_id          bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  type             text        NOT NULL CHECK (type IN ('ga', 'email', 'sms', 'none')),
  state            text        NOT NULL CHECK (state IN ('initial', 'verification', 'enabled', 'disabled')),
  secret           text,
  last_used_step   bigint,
  code_hash        text,
  code_expires_at  timestamptz,
  on_login         boolean     NOT NULL DEFAULT true,
  on_release       boolean     NOT NULL DEFAULT true,
  on_sendout       boolean     NOT NULL DEFAULT true,
  failed_attempts  integer     NOT NULL DEFAULT 0,
  first_failed_at  timestamptz,
  enabled_at       timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Ten one-time recovery codes per enabled factor, kept as SHA-256 hashes; a use marks the row.
CREATE TABLE two_factor_recovery_codes (
  user_id   bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text        NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A log-in whose password was right and whose second factor is still to come: the token (a
-- cookie) is stored as its SHA-256 hash, lives five minutes and allows five wrong codes.
CREATE TABLE pending_logins (
  token_hash text        PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  attempts   integer     NOT NULL DEFAULT 0,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pending_logins_user ON pending_logins (user_id);
