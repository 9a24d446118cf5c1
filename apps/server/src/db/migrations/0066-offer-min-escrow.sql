-- What a sell offer's owner must hold to let anyone take its minimum: the crypto for the minimum
-- amount at the offer's price, plus the escrow fee, in the coin's smallest unit. The marketplace
-- leaves out sell offers whose owner's available balance is below it. It follows the offer's price,
-- so it is written with each offer and kept current by the listing-keys job as rates move (as
-- fixed_price_usd is). NULL for buy offers (the taker's own crypto goes into escrow) and for an
-- offer that cannot be priced; such offers are not left out for it.
ALTER TABLE offers ADD COLUMN min_escrow_minor bigint CHECK (min_escrow_minor >= 0);
