-- Chargeback reports move past Pending (docs/decisions/141-chargeback-decisions.md): a moderator
-- decides a report Dismissed or Confirmed once, with a reason; a decided report keeps who and when.
ALTER TABLE trade_chargebacks
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decided_by bigint REFERENCES users (id),
  ADD COLUMN decision_reason text CHECK (length(decision_reason) <= 500),
  ADD CONSTRAINT trade_chargebacks_decided_check CHECK ((state = 'Pending') = (decided_at IS NULL));

-- The queue: the reports of a state, oldest first.
CREATE INDEX trade_chargebacks_state_idx ON trade_chargebacks (state, created_at, id);

-- The buyer's record: chargebacks confirmed on trades where they bought, kept with each decision.
ALTER TABLE users ADD COLUMN confirmed_chargebacks integer NOT NULL DEFAULT 0 CHECK (confirmed_chargebacks >= 0);
