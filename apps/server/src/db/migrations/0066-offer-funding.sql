-- Whether a sell offer's owner can fund it, kept on the offer so the marketplace reads it like any
-- other column: looking up each candidate offer's owner balance in the listing query doubled its
-- cost (measured), while the balance itself moves rarely against an offer's minimum.
--
-- - min_escrow_minor: what the owner must hold to let anyone take the offer's minimum: the crypto
--   for the minimum at the offer's price plus the escrow fee, in the coin's smallest unit.
-- - is_funded: the owner's available balance covers min_escrow_minor. The marketplace leaves out
--   sell offers that are not funded.
-- - funded_fiat_max: the most fiat the owner's balance can fund at the offer's price, capped at the
--   offer's maximum: the maximum the marketplace shows.
--
-- They are written with each offer, at once for an owner whose balance moved through the wallet or
-- a bond (a job after the commit), and for every offer by a job each minute (trades, rates). NULL
-- and true for buy offers (the taker's own crypto goes into escrow) and offers that cannot be priced.
ALTER TABLE offers
  ADD COLUMN min_escrow_minor bigint CHECK (min_escrow_minor >= 0),
  ADD COLUMN is_funded boolean NOT NULL DEFAULT true,
  ADD COLUMN funded_fiat_max numeric CHECK (funded_fiat_max >= 0);
