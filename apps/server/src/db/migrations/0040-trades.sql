-- Trades (docs/product.md#trades; docs/reliability.md#trade-transitions). The status column is
-- owned by
-- one transition function in the trades module: every change is a conditional
-- UPDATE ... WHERE status IN (allowed) in the same transaction as the ledger effect (hold at start,
-- post or void at the end) and the trade event that records it.
CREATE TABLE trades (
  id bigserial PRIMARY KEY,
  -- The public id (URLs, channels, the API); the serial id never leaves the server.
  id_hashed text NOT NULL UNIQUE,
  offer_id bigint NOT NULL REFERENCES offers (id),
  offer_id_hashed text NOT NULL,
  -- The offer owner's side: 'sell' means the owner sells and the taker buys.
  offer_type text NOT NULL CHECK (offer_type IN ('buy', 'sell')),
  offer_owner_id bigint NOT NULL REFERENCES users (id),
  flow_type text NOT NULL,
  is_fallback boolean NOT NULL DEFAULT false,
  buyer_id bigint NOT NULL REFERENCES users (id),
  seller_id bigint NOT NULL REFERENCES users (id),
  crypto_currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  crypto_currency_code text NOT NULL,
  crypto_decimals smallint NOT NULL,
  -- What the buyer receives, and the seller's escrow fee held beside it (minor units).
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  fiat_currency_id integer NOT NULL,
  fiat_currency_code text NOT NULL,
  fiat_amount numeric NOT NULL CHECK (fiat_amount > 0),
  -- The fiat amount in USD at start, for the daily compliance volume.
  fiat_amount_usd numeric NOT NULL CHECK (fiat_amount_usd >= 0),
  -- Locked at start: the offer's price when the trade was opened.
  fiat_price_per_crypto numeric NOT NULL CHECK (fiat_price_per_crypto > 0),
  payment_method_id integer NOT NULL,
  payment_method_slug text NOT NULL,
  payment_method_name text NOT NULL,
  payment_window_minutes integer NOT NULL CHECK (payment_window_minutes > 0),
  -- The offer's words as they were at start (the offer may change later).
  offer_terms text NOT NULL DEFAULT '',
  trade_instructions text NOT NULL DEFAULT '',
  -- Cap usage is counted when the trade completes (offers.recordOfferCapUsage).
  counts_against_cap boolean NOT NULL DEFAULT false,
  is_opponents_same_ip boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN (
    'active_funded', 'paid', 'dispute_open', 'released', 'cancelled_buyer', 'cancelled_seller',
    'cancelled_system', 'dispute_won_buyer', 'dispute_won_seller'
  )),
  flow_step text NOT NULL CHECK (flow_step IN ('before_reveal_payment_details', 'before_mark_as_paid')),
  -- The sequence number of the newest trade event; bumped by the same UPDATE that changes the row.
  event_seq integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  dispute_opened_at timestamptz,
  dispute_opened_by text CHECK (dispute_opened_by IN ('buyer', 'seller')),
  dispute_reason_id integer,
  dispute_reason_text text,
  dispute_resolved_at timestamptz,
  dispute_resolved_by bigint REFERENCES users (id),
  dispute_outcome text CHECK (dispute_outcome IN ('buyer', 'seller')),
  dispute_note text,
  appealed_at timestamptz,
  appeal_text text,
  -- The taker's Idempotency-Key: a retried start finds the trade it already opened.
  taker_id bigint NOT NULL REFERENCES users (id),
  idempotency_key text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (buyer_id <> seller_id),
  CHECK (taker_id IN (buyer_id, seller_id)),
  CHECK (offer_owner_id IN (buyer_id, seller_id) AND offer_owner_id <> taker_id),
  CHECK (status <> 'paid' OR paid_at IS NOT NULL),
  CHECK (status NOT IN ('released', 'dispute_won_buyer', 'dispute_won_seller') OR completed_at IS NOT NULL),
  CHECK (status NOT IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system') OR cancelled_at IS NOT NULL),
  CHECK (status NOT IN ('dispute_open', 'dispute_won_buyer', 'dispute_won_seller') OR dispute_opened_at IS NOT NULL),
  CHECK (status NOT IN ('dispute_won_buyer', 'dispute_won_seller') OR dispute_outcome IS NOT NULL)
);
CREATE UNIQUE INDEX trades_idempotency_key ON trades (taker_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX trades_buyer_idx ON trades (buyer_id, started_at DESC);
CREATE INDEX trades_seller_idx ON trades (seller_id, started_at DESC);
CREATE INDEX trades_offer_idx ON trades (offer_id, started_at DESC);
-- The expiry job's scan: only unpaid open trades, by deadline.
CREATE INDEX trades_expiry_idx ON trades (expires_at) WHERE status = 'active_funded';
CREATE INDEX trades_open_disputes_idx ON trades (dispute_opened_at) WHERE status = 'dispute_open';
CREATE INDEX trades_appeals_idx ON trades (appealed_at) WHERE appealed_at IS NOT NULL;
CREATE INDEX trades_completed_idx ON trades (completed_at) WHERE completed_at IS NOT NULL;
REVOKE DELETE, TRUNCATE ON trades FROM souk_app;

-- Every status change and flow event of a trade, in order. Chat system messages, notifications,
-- the real-time channel and the history all read these. Append-only.
CREATE TABLE trade_events (
  trade_id bigint NOT NULL REFERENCES trades (id),
  seq integer NOT NULL CHECK (seq > 0),
  name text NOT NULL,
  actor_role text NOT NULL CHECK (actor_role IN ('buyer', 'seller', 'moderator', 'system')),
  actor_user_id bigint REFERENCES users (id),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The Idempotency-Key of the request that caused the event, so a retried release after an
  -- unknown outcome is answered as done (never shown to anyone).
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, seq)
);
REVOKE UPDATE, DELETE, TRUNCATE ON trade_events FROM souk_app;

-- Trade figures on the user (read by the users module's current-user and profile answers),
-- kept by the trades module through the users door in the trade's transaction.
ALTER TABLE users
  ADD COLUMN completed_trades integer NOT NULL DEFAULT 0 CHECK (completed_trades >= 0),
  ADD COLUMN total_partners integer NOT NULL DEFAULT 0 CHECK (total_partners >= 0),
  ADD COLUMN btc_traded_minor bigint NOT NULL DEFAULT 0 CHECK (btc_traded_minor >= 0);
