-- Vendor tools (my-offers module): promotions and bids for pinned positions.

-- A promotion highlights one offer (offers.featured_until) for a day. Each vendor has a monthly
-- allowance; the rows count what was used this month.
CREATE TABLE offer_promotions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  offer_id bigint NOT NULL REFERENCES offers (id),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_promotions_user_idx ON offer_promotions (user_id, created_at DESC);

-- Bids for the pinned positions of a market (crypto currency, owner side, fiat currency) over a
-- period. The highest FUNDED bids of a period hold the positions. A bid that costs money is FUNDED
-- only once the ledger holds its amount; without that it stays NEW and pins nothing.
CREATE TABLE offer_bids (
  id bigserial PRIMARY KEY,
  offer_id bigint NOT NULL REFERENCES offers (id),
  user_id bigint NOT NULL REFERENCES users (id),
  crypto_currency_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  fiat_currency_id integer NOT NULL,
  -- What the bid is paid in (its own crypto code) and how much, in that currency's minor units.
  bid_currency_code text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'NEW' CHECK (status IN ('FUNDED', 'COMPLETED', 'CANCELLED', 'OUTBID', 'NEW', 'FAILED')),
  -- The ledger transfer holding the amount, once funded.
  hold_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
-- At most one live bid per offer.
CREATE UNIQUE INDEX offer_bids_live_key ON offer_bids (offer_id) WHERE status IN ('NEW', 'FUNDED');
CREATE INDEX offer_bids_market_idx ON offer_bids (crypto_currency_id, type, fiat_currency_id, ends_at)
  WHERE status = 'FUNDED';
