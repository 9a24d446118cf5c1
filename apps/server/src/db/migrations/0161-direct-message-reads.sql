-- How far each user has read each direct conversation (docs/decisions/134-messenger-states-and-unread.md).
-- direct_messages stays append-only: a read mark is the newest message id the reader has seen from
-- the other user, moved forward only; unread = that user's messages to the reader after it.
CREATE TABLE direct_message_reads (
  reader_user_id bigint NOT NULL REFERENCES users (id),
  other_user_id bigint NOT NULL REFERENCES users (id),
  last_read_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reader_user_id, other_user_id),
  CHECK (reader_user_id <> other_user_id)
);
-- The conversations list reads a user's messages from both sides.
CREATE INDEX direct_messages_recipient_idx ON direct_messages (recipient_user_id, sender_user_id, id);
CREATE INDEX direct_messages_sender_idx ON direct_messages (sender_user_id, id);
