-- Trade chat (docs/product.md#chat). Messages of the two parties and of moderators; the trade's
-- own events (trade_events) are shown beside them as system messages and are not copied here.
CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  trade_id bigint NOT NULL REFERENCES trades (id),
  author_user_id bigint NOT NULL REFERENCES users (id),
  -- 'moderator' when staff wrote it in a trade they are not a party to.
  kind text NOT NULL CHECK (kind IN ('user', 'moderator')),
  author_role text NOT NULL CHECK (author_role IN ('buyer', 'seller', 'moderator')),
  body text NOT NULL CHECK (length(body) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A trade's chat in id order (paging by id both ways).
CREATE INDEX chat_messages_trade_idx ON chat_messages (trade_id, id);
-- A trade's chat is a record of what was said (disputes rely on it): never edited or removed.
REVOKE UPDATE, DELETE, TRUNCATE ON chat_messages FROM souk_app;

-- Checked files of a message. The bytes live in the file storage under a random key; the row
-- keeps what the content check found (type, size, pixels or pages), never what the upload said.
CREATE TABLE chat_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id bigint NOT NULL REFERENCES chat_messages (id),
  trade_id bigint NOT NULL REFERENCES trades (id),
  -- The trade's public id: a download asks the trades module who may see the trade by it.
  trade_hash text NOT NULL,
  uploader_user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('image', 'pdf')),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 100),
  width integer,
  height integer,
  page_count integer,
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_attachments_message_idx ON chat_attachments (message_id);
-- The per-trade count limit.
CREATE INDEX chat_attachments_trade_idx ON chat_attachments (trade_id);
REVOKE UPDATE, DELETE, TRUNCATE ON chat_attachments FROM souk_app;

-- Direct messages outside trades (the messenger). Who may write to whom follows the recipient's
-- accept_chat_messages setting and blocks (docs/decisions/027-messenger.md).
CREATE TABLE direct_messages (
  id bigserial PRIMARY KEY,
  sender_user_id bigint NOT NULL REFERENCES users (id),
  recipient_user_id bigint NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (sender_user_id <> recipient_user_id)
);
-- A conversation is the pair in either order: index both directions by the lower id first.
CREATE INDEX direct_messages_pair_idx ON direct_messages (
  least(sender_user_id, recipient_user_id), greatest(sender_user_id, recipient_user_id), id
);
REVOKE UPDATE, DELETE, TRUNCATE ON direct_messages FROM souk_app;
