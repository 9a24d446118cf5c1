-- API clients: a user's credentials for programs that act for them (docs/decisions/072-api-clients-and-oauth.md).
-- Secrets and tokens are never stored: only a salted HMAC-SHA256 of each, with its salt.
CREATE TABLE api_clients (
  id bigserial PRIMARY KEY,
  -- The public client_id: random, unguessable, shown to its owner and sent by programs.
  client_id text NOT NULL UNIQUE CHECK (client_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  secret_salt bytea NOT NULL,
  secret_hash bytea NOT NULL,
  -- The scopes this client may be granted: paxful:<group>:<action>, profile, email.
  scopes text[] NOT NULL,
  -- Where the authorization-code flow may send a user back; empty: that flow is refused.
  redirect_uris text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- A user's clients on the API keys screen, and whether the user has a live one (isApiKeyConnected).
CREATE INDEX api_clients_user_idx ON api_clients (user_id, created_at DESC);

-- Access and refresh tokens. A token is `<token_id>.<secret>`: the id finds the row, the secret is
-- checked against its salted hash. Revoking the client revokes every token (checked on use).
CREATE TABLE api_tokens (
  token_id text PRIMARY KEY CHECK (token_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  api_client_id bigint NOT NULL REFERENCES api_clients (id),
  -- The user the token acts for: the client's owner (client_credentials) or the user who
  -- consented (authorization_code).
  user_id bigint NOT NULL REFERENCES users (id),
  grant_type text NOT NULL CHECK (grant_type IN ('client_credentials', 'authorization_code')),
  scopes text[] NOT NULL,
  secret_salt bytea NOT NULL,
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- Expired tokens are deleted by the api-clients.prune-tokens job.
CREATE INDEX api_tokens_expires_idx ON api_tokens (expires_at);
CREATE INDEX api_tokens_client_idx ON api_tokens (api_client_id);

-- Authorization codes of the consent page: single use, short-lived, stored hashed like tokens.
CREATE TABLE api_authorization_codes (
  code_id text PRIMARY KEY CHECK (code_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  api_client_id bigint NOT NULL REFERENCES api_clients (id),
  user_id bigint NOT NULL REFERENCES users (id),
  redirect_uri text NOT NULL,
  scopes text[] NOT NULL,
  secret_salt bytea NOT NULL,
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX api_authorization_codes_expires_idx ON api_authorization_codes (expires_at);
