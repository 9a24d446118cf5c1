-- Webhooks in Paxful's format for API clients (docs/decisions/075-paxful-webhooks.md). A webhook
-- is a set of endpoints (one event type and URL each) saved through /webhook/v1 by a client
-- for the user it acts for.
CREATE TABLE paxful_webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES users (id),
  api_client_id bigint NOT NULL REFERENCES api_clients (id),
  -- 'user' for direct access (client_credentials), 'application' for delegated access.
  access_mode text NOT NULL CHECK (access_mode IN ('user', 'application')),
  tag text CHECK (length(tag) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_request_at timestamptz
);
CREATE INDEX paxful_webhooks_owner_idx ON paxful_webhooks (user_id, api_client_id);

CREATE TABLE paxful_webhook_endpoints (
  id bigserial PRIMARY KEY,
  webhook_id uuid NOT NULL REFERENCES paxful_webhooks (id) ON DELETE CASCADE,
  event_type text NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  enabled boolean NOT NULL DEFAULT true,
  error_code text,
  last_activity timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paxful_webhook_endpoints_webhook_idx ON paxful_webhook_endpoints (webhook_id);

-- Outgoing webhook deliveries: the delivery log and outbox. Built for Paxful's format first; the
-- `format` column and the nullable endpoint reference let Souk's own webhooks share it later.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('paxful')),
  paxful_endpoint_id bigint REFERENCES paxful_webhook_endpoints (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  event_type text NOT NULL,
  -- What the delivery is about (`<event id>:<event type>`): one delivery per endpoint and fact,
  -- however often the feed is read.
  event_key text NOT NULL,
  url text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  CONSTRAINT webhook_deliveries_once UNIQUE (paxful_endpoint_id, event_key)
);
-- Due deliveries for the retry sweep, and an endpoint's log.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (paxful_endpoint_id, id DESC);

-- How far the webhook fan-out has read the committed-event feed (real-time events).
CREATE TABLE webhook_feed_cursors (
  name text PRIMARY KEY,
  last_event_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
