-- Reports about a trade by one of its parties, with the product's reasons, and chargeback reports
-- with their timings and states, refused when the reporter's verification is incorrect
-- (docs/product.md#trade-reports-and-chargebacks). Both are kept for moderators.
CREATE TABLE trade_reports (
  id bigserial PRIMARY KEY,
  trade_id bigint NOT NULL REFERENCES trades (id),
  reporter_id bigint NOT NULL REFERENCES users (id),
  reason text NOT NULL CHECK (reason IN ('outside_escrow', 'bad_offer_terms', 'obvious_scam', 'negotiation', 'other')),
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open report per party and trade.
CREATE UNIQUE INDEX trade_reports_open_key ON trade_reports (trade_id, reporter_id) WHERE status = 'open';

CREATE TABLE trade_chargebacks (
  id bigserial PRIMARY KEY,
  trade_id bigint NOT NULL REFERENCES trades (id),
  reporter_id bigint NOT NULL REFERENCES users (id),
  timing text NOT NULL CHECK (timing IN ('before_reveal_payment_details', 'before_mark_as_paid')),
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'Pending' CHECK (state IN ('Pending', 'Dismissed', 'Confirmed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (trade_id, reporter_id)
);
