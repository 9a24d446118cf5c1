-- Notifications (notifications module, docs/decisions/095-notifications-from-the-feed.md). One row
-- per event a user should hear about; it is also the outbox of the channels other than the web
-- list: `channels` holds what the user's settings chose when it was written.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (length(event) BETWEEN 1 AND 100),
  subject_type text NOT NULL CHECK (subject_type IN ('trade')),
  subject_id text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 100),
  payload jsonb NOT NULL,
  -- One notification per user and fact: a fact read twice (the feed's re-read window) writes once.
  dedupe_key text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 200),
  channels text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- Mail: NULL until the e-mail channel handled it (sent, digested or skipped).
  emailed_at timestamptz,
  UNIQUE (user_id, dedupe_key)
);
CREATE INDEX notifications_list_idx ON notifications (user_id, id DESC) WHERE 'web' = ANY (channels);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL AND 'web' = ANY (channels);
CREATE INDEX notifications_mail_idx ON notifications (created_at) WHERE emailed_at IS NULL AND 'email' = ANY (channels);

-- A user's choices per event group and channel; a missing row means the default
-- (NOTIFICATION_DEFAULTS in the contracts package).
CREATE TABLE notification_settings (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_group text NOT NULL CHECK (event_group IN ('trades', 'disputes', 'chat', 'feedback')),
  channel text NOT NULL CHECK (channel IN ('web', 'email', 'telegram', 'app')),
  is_enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, event_group, channel)
);

-- Where the notifications' reading of the committed real-time events got to.
CREATE TABLE notification_feed_cursors (
  name text PRIMARY KEY,
  last_event_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
