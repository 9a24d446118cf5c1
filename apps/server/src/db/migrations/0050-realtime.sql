-- Real-time events are rows, written in the transaction of the change they announce and followed
-- by NOTIFY souk_realtime: an event leaves only when that change commits, every server copy hears
-- it, and a client that comes back can ask for what it missed (history since an event id).
CREATE TABLE realtime_events (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (length(channel) BETWEEN 1 AND 200),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- History of one channel since an id, and its newest id when a client subscribes.
CREATE INDEX realtime_events_channel_id_idx ON realtime_events (channel, id);
-- Retention (the realtime.prune-events job) and the gateway's catch-up after a lost connection.
CREATE INDEX realtime_events_created_at_idx ON realtime_events (created_at);
-- Rows are announcements of facts that already happened: the application adds and prunes them,
-- it never rewrites one.
REVOKE UPDATE ON realtime_events FROM souk_app;

-- Secrets every server copy must share (the real-time key signing secret when SOUK_SECRET is not
-- set). Created once by whichever copy comes first: INSERT ... ON CONFLICT DO NOTHING, then read.
CREATE TABLE platform_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
REVOKE UPDATE, DELETE ON platform_secrets FROM souk_app;
