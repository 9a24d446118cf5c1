-- Web push, the notifications' `app` channel (notifications module, docs/decisions/097-web-push.md).
-- A browser's push subscription: its push service endpoint and the keys its payloads are encrypted
-- for. One row per browser; a user may have several. An endpoint belongs to one browser, so it is
-- unique: the same browser subscribing for another account moves it there.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 1 AND 2048),
  p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 87 AND 88),
  auth text NOT NULL CHECK (length(auth) BETWEEN 22 AND 24),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- The app channel's outbox mark: NULL until the notification was handed to its user's browsers.
-- Rows written before this channel delivered are not pushed now.
ALTER TABLE notifications ADD COLUMN pushed_at timestamptz;
UPDATE notifications SET pushed_at = now();
CREATE INDEX notifications_push_idx ON notifications (created_at)
  WHERE pushed_at IS NULL AND 'app' = ANY (channels);

-- One push of a notification to one browser, until it is delivered, the browser is gone or it
-- gives up; a failed attempt waits until next_attempt_at.
CREATE TABLE push_deliveries (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  PRIMARY KEY (notification_id, subscription_id)
);
CREATE INDEX push_deliveries_due_idx ON push_deliveries (next_attempt_at);
CREATE INDEX push_deliveries_subscription_idx ON push_deliveries (subscription_id);
