-- Feedback after a finished trade (docs/product.md#feedback): each party gives at most one, and the
-- receiver may reply once. Type is 'sell' when the buyer gives it (about the seller) and 'buy'
-- when the seller gives it (about the buyer).
CREATE TABLE trade_feedback (
  id bigserial PRIMARY KEY,
  trade_id bigint NOT NULL,
  -- The trade's public id, kept so that lists can link to it without asking the trades module.
  trade_hash text NOT NULL,
  author_user_id bigint NOT NULL REFERENCES users (id),
  receiver_user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  rating text NOT NULL CHECK (rating IN ('positive', 'negative')),
  message text NOT NULL CHECK (length(message) <= 1000),
  reply text CHECK (length(reply) <= 1000),
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT trade_feedback_not_self CHECK (author_user_id <> receiver_user_id),
  CONSTRAINT trade_feedback_reply_time CHECK ((reply IS NULL) = (replied_at IS NULL)),
  -- Once per trade and party: the second attempt loses on this index, never on a read.
  CONSTRAINT trade_feedback_once UNIQUE (trade_id, author_user_id)
);
-- A user's received feedback, newest first, with the type and rating filters.
CREATE INDEX trade_feedback_receiver_idx ON trade_feedback (receiver_user_id, created_at DESC, id DESC);
CREATE INDEX trade_feedback_receiver_rating_idx ON trade_feedback (receiver_user_id, rating, type);
-- Feedback is a public record: it is never deleted by the application.
REVOKE DELETE ON trade_feedback FROM souk_app;

-- Profile figures kept on the user row in the transaction that adds the feedback (see 0045).
ALTER TABLE users
  ADD COLUMN feedback_positive_count integer NOT NULL DEFAULT 0 CHECK (feedback_positive_count >= 0),
  ADD COLUMN feedback_negative_count integer NOT NULL DEFAULT 0 CHECK (feedback_negative_count >= 0);
