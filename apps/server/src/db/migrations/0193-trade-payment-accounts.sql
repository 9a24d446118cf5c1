-- A trade's own copy of the accounts its buyer pays into (docs/decisions/146-payment-accounts-copy-and-share.md),
-- written in the transaction that reveals the payment details (the flow's first step done, or a
-- payment marked before it). Until then it is NULL and the seller sees the offer's current
-- accounts; afterwards the vendor editing or deleting an account changes nothing the buyer was shown.
ALTER TABLE trades ADD COLUMN payment_accounts json;
