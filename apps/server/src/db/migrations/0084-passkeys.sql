-- Passkeys (docs/decisions/081-passkeys.md): each user's WebAuthn credentials, with the public
-- key, the signature counter last seen, and the user handle the authenticator stores with a
-- discoverable credential (one random handle per user, shared by the user's passkeys).
CREATE TABLE passkeys (
  id            bigserial   PRIMARY KEY,
  user_id       bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text        NOT NULL UNIQUE,
  public_key    bytea       NOT NULL,
  counter       bigint      NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports    text[]      NOT NULL DEFAULT '{}',
  user_handle   text        NOT NULL,
  name          text        NOT NULL,
  device_type   text        NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up     boolean     NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);

CREATE INDEX passkeys_user ON passkeys (user_id);

-- The challenge of each WebAuthn ceremony, kept server-side: single use (used_at is set by one
-- conditional update), five minutes. A log-in's challenge has no user yet; a registration's keeps
-- the user handle its options gave the authenticator.
CREATE TABLE passkey_challenges (
  challenge  text        PRIMARY KEY,
  user_id    bigint      REFERENCES users (id) ON DELETE CASCADE,
  purpose    text        NOT NULL CHECK (purpose IN ('registration', 'login', 'release', 'withdrawal', 'account')),
  user_handle text,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- A passed passkey assertion for a guarded action: a one-time code (stored as its SHA-256 hash)
-- that the action's `code` field carries, for one event, two minutes.
CREATE TABLE second_factor_proofs (
  token_hash text        PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event      text        NOT NULL CHECK (event IN ('release', 'withdrawal', 'account')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX second_factor_proofs_user ON second_factor_proofs (user_id);
