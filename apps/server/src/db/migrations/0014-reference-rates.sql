-- Daily rate points, one per currency pair and day: 1 base_code = rate quote_code. Crypto prices
-- are stored as (BTC, USD), fiat rates as (USD, EUR), so every price goes through USD. The table
-- starts empty: the server loads the shipped rates file at start-up (reference module), and a
-- price feed can later add points the same way. The current rate of a pair is its latest day.
CREATE TABLE rate_history (
  id bigserial PRIMARY KEY,
  base_code text NOT NULL,
  quote_code text NOT NULL,
  rate numeric NOT NULL CHECK (rate > 0),
  day date NOT NULL,
  recorded_at timestamptz NOT NULL,
  -- 'file': a value read from a rates file; 'derived': a back-filled point computed from one, so
  -- charts have a history. Nobody should mistake a derived point for market data.
  source text NOT NULL CHECK (source IN ('file', 'derived', 'feed')),
  CHECK (base_code = 'USD' OR quote_code = 'USD'),
  -- Also serves "latest day of a pair" by a backward index scan.
  UNIQUE (base_code, quote_code, day)
);
