-- Funded bids (my-offers module): a bid's amount is held by the ledger for the bid's period.
--
-- The hold is an escrow account with its own reference type, "offer_bid" (key
-- "escrow:offer_bid:<bid id>:c<currency>"): held from the vendor's available balance when the bid
-- is placed, voided back to the vendor when the bid is outbid or cancelled, and posted to the
-- platform's fee accounts when the bid's period ends. Escrow is the ledger's one kind of hold that
-- is later posted or voided, so the ledger's escrow rules (opened fresh, settled once, closed
-- empty) apply to bids unchanged. See docs/decisions/012-funded-bids.md.

-- Escrow accounts belong to a trade or to a bid, nothing else.
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_escrow_reference_type CHECK (kind <> 'escrow' OR reference_type IN ('trade', 'offer_bid'));

-- The request's Idempotency-Key: a retry of a bid whose answer was lost finds the bid it placed
-- instead of placing (and holding) a second one.
ALTER TABLE offer_bids ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX offer_bids_idempotency_key ON offer_bids (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- The completion job reads the funded bids whose period has ended.
CREATE INDEX offer_bids_due_idx ON offer_bids (ends_at) WHERE status = 'FUNDED';
