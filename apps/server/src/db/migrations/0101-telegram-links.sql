-- Telegram notifications (notifications module, docs/decisions/096-telegram-notifications.md).
-- A user's linked chat; one chat per user.
CREATE TABLE telegram_links (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  chat_id bigint NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now()
);

-- One-time codes of the `/start <code>` deep link, stored hashed; a code links once, within its hour.
CREATE TABLE telegram_link_codes (
  code_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX telegram_link_codes_user_idx ON telegram_link_codes (user_id);

-- The Telegram channel's outbox mark: NULL until sent (or skipped: no linked chat, gone chat).
ALTER TABLE notifications ADD COLUMN telegram_sent_at timestamptz;
UPDATE notifications SET telegram_sent_at = now() WHERE NOT ('telegram' = ANY (channels));
CREATE INDEX notifications_telegram_idx ON notifications (created_at)
  WHERE telegram_sent_at IS NULL AND 'telegram' = ANY (channels);
