-- A user's own webhook (docs/decisions/098-account-webhooks.md): one URL per account, verified by a
-- challenge, signed the Standard Webhooks way with a whsec_ secret, with its delivery log.
CREATE TABLE account_webhooks (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The saved URL; null while only a verification was asked for.
  url text CHECK (length(url) BETWEEN 1 AND 2000),
  status text NOT NULL CHECK (status IN ('verification', 'enabled', 'disabled')),
  error_key text CHECK (length(error_key) <= 64),
  -- The last URL whose challenge passed, and when: saving needs a recent pass for the same URL.
  verified_url text CHECK (length(verified_url) BETWEEN 1 AND 2000),
  verified_at timestamptz,
  -- The checked events; a new webhook starts with every event.
  events text[] NOT NULL DEFAULT '{}',
  -- The signing secret (whsec_ + base64): an HMAC needs it in clear, like a TOTP secret.
  secret text,
  secret_shown boolean NOT NULL DEFAULT false,
  -- Since when every attempt failed; a day of it disables the webhook.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per event sent to a user's webhook: its webhook-id stays the same across retries.
CREATE TABLE account_webhook_deliveries (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES account_webhooks (user_id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  event text NOT NULL CHECK (length(event) BETWEEN 1 AND 100),
  -- What the delivery is about: one delivery per user and fact, however often the feed is read.
  event_key text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  CONSTRAINT account_webhook_deliveries_once UNIQUE (user_id, event_key)
);
CREATE INDEX account_webhook_deliveries_due_idx ON account_webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX account_webhook_deliveries_user_idx ON account_webhook_deliveries (user_id, id DESC);

-- The delivery log: every attempt with its answer.
CREATE TABLE account_webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES account_webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text CHECK (length(error) <= 500),
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_webhook_attempts_delivery_idx ON account_webhook_attempts (delivery_id, id DESC);
