-- Favourite offers of a user (favorites module). The marketplace listing reads it to mark
-- isFavorite, so a favourite is one indexed lookup per listed offer.
CREATE TABLE offer_favorites (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  offer_id bigint NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, offer_id)
);
CREATE INDEX offer_favorites_recent_idx ON offer_favorites (user_id, created_at DESC, offer_id);
