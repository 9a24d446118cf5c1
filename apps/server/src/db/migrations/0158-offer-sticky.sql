-- A moderator makes an offer sticky (docs/decisions/130-offer-moderation.md): it takes the first
-- pinned position of its market in the default sort, ahead of the paid bids, while it is listed.
ALTER TABLE offers
  ADD COLUMN is_stickied_by_moderator boolean NOT NULL DEFAULT false,
  ADD COLUMN stickied_at timestamptz;
CREATE INDEX offers_stickied_idx ON offers (crypto_currency_id, type, fiat_currency_id, stickied_at)
  WHERE is_stickied_by_moderator;
