-- Offers (docs/product.md#offers): a vendor's standing proposal to buy or sell one crypto currency
-- for one
-- fiat currency by one payment method, within limits. `type` is the OWNER's side.
CREATE TABLE offers (
  id bigserial PRIMARY KEY,
  -- The public id: 11 random base62 characters. The serial id never leaves the server, so offer
  -- ids cannot be guessed or counted.
  id_hashed text NOT NULL UNIQUE CHECK (id_hashed ~ '^[0-9A-Za-z]{11}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  crypto_currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  fiat_currency_id integer NOT NULL REFERENCES fiat_currencies (id),
  payment_method_id integer NOT NULL REFERENCES payment_methods (id),
  -- Copied from the payment method (ids are fixed) so the group filter needs no join.
  payment_method_group_id integer NOT NULL REFERENCES payment_method_groups (id),
  flow_type text NOT NULL DEFAULT 'default'
    CHECK (flow_type IN ('default', 'gcc-auto', 'lite', 'bt-auto', 'offramp', 'bazaar')),
  -- The price: a margin in percent over the market rate, or a fixed fiat price per coin.
  -- fixed_price IS NULL means "priced by margin"; margin is kept either way (the edit form).
  margin numeric(7, 2) NOT NULL DEFAULT 0 CHECK (margin >= -99 AND margin <= 1000),
  fixed_price numeric(30, 2) CHECK (fixed_price > 0),
  -- The fixed price in USD at the last rates seen (set on write, refreshed by a job when rates
  -- move). Only the listing's order across fiat currencies uses it; prices shown are computed.
  fixed_price_usd numeric,
  range_type text NOT NULL DEFAULT 'min_max' CHECK (range_type IN ('min_max', 'predefined')),
  fiat_limit_min numeric(20, 0) NOT NULL CHECK (fiat_limit_min > 0),
  fiat_limit_max numeric(20, 0) NOT NULL,
  predefined_amounts numeric(20, 0)[] NOT NULL DEFAULT ARRAY[]::numeric[],
  new_buyer_max_fiat_limit numeric(20, 0) CHECK (new_buyer_max_fiat_limit > 0),
  payment_window_minutes integer NOT NULL DEFAULT 30 CHECK (payment_window_minutes BETWEEN 15 AND 360),
  offer_terms text NOT NULL DEFAULT '',
  trade_details text NOT NULL DEFAULT '',
  label text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT ARRAY[]::text[],
  require_min_past_trades integer NOT NULL DEFAULT 0 CHECK (require_min_past_trades >= 0),
  require_verified_id boolean NOT NULL DEFAULT false,
  require_full_name_visibility boolean NOT NULL DEFAULT false,
  show_only_trusted_user boolean NOT NULL DEFAULT false,
  is_anonymous_user_restricted boolean NOT NULL DEFAULT false,
  -- Country codes (ISO alpha-2) where the offer may be taken; empty means everywhere.
  available_in text[] NOT NULL DEFAULT ARRAY[]::text[],
  -- Duty hours: [{"day": 1..7 (Monday..Sunday), "startTime": "09:00", "endTime": "17:30", "active": bool}]
  -- in the offer's time zone. An empty list means always on duty.
  duty_hours jsonb NOT NULL DEFAULT '[]'::jsonb,
  timezone text NOT NULL DEFAULT 'UTC',
  -- The duty hours as minutes of the week in UTC (Monday 00:00 UTC = 0 .. 10080), for the listing:
  -- "on duty now" is one containment test. NULL means always on duty. They are computed with the
  -- zone's offset at the time (duty_utc_offset_minutes); an hourly job recomputes them when a zone
  -- changes offset (daylight saving). Exact checks (trade start) use duty_hours and the zone.
  duty_utc_ranges int4multirange,
  duty_utc_offset_minutes integer NOT NULL DEFAULT 0,
  is_third_party_treatment_enabled boolean NOT NULL DEFAULT false,
  is_gift_card_check_enabled boolean NOT NULL DEFAULT false,
  is_bin_code_enabled boolean NOT NULL DEFAULT false,
  bin_codes text[] NOT NULL DEFAULT ARRAY[]::text[],
  card_regions text[] NOT NULL DEFAULT ARRAY[]::text[],
  location_city text,
  location_subdivision text,
  location_country_iso text CHECK (location_country_iso ~ '^[A-Z]{2}$'),
  -- Offer cap: the owner stops the offer after this much fiat has been traded on it.
  offer_cap_amount numeric(20, 0) CHECK (offer_cap_amount > 0),
  offer_cap_active boolean NOT NULL DEFAULT false,
  offer_cap_used numeric(20, 2) NOT NULL DEFAULT 0 CHECK (offer_cap_used >= 0),
  -- An escrow fee the owner chose (feature flag manualEscrowFee), in basis points; NULL: the default.
  manual_escrow_fee_bps integer CHECK (manual_escrow_fee_bps BETWEEN 0 AND 1000),
  -- is_active: the owner's switch. is_enabled: the system's (an insufficient bond turns it off).
  is_active boolean NOT NULL DEFAULT true,
  is_enabled boolean NOT NULL DEFAULT true,
  -- Set when the system switched the offer off (offer_has_cancelled_by_system_penalty).
  penalty_reason text,
  -- 1 approved, 2 rejected, 3 no appeal, 4 appealed (docs/product.md#offer-fields).
  moderation_status smallint NOT NULL DEFAULT 1 CHECK (moderation_status IN (1, 2, 3, 4)),
  moderation_message text,
  is_featured_by_moderator boolean NOT NULL DEFAULT false,
  -- Promotion (my offers: promote) highlights the offer until then.
  featured_until timestamptz,
  -- Each edit bumps the version; trade start compares it with the one the visitor saw.
  version integer NOT NULL DEFAULT 1,
  last_change_reason text CHECK (last_change_reason IN ('offer_margin_changed', 'offer_changed')),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (fiat_limit_max >= fiat_limit_min),
  CHECK (new_buyer_max_fiat_limit IS NULL OR new_buyer_max_fiat_limit <= fiat_limit_max),
  -- Whether the marketplace may show the offer. Time does not enter (duty hours are checked in the
  -- query), so it can be a stored column and the predicate of the listing's partial indexes.
  is_listed boolean GENERATED ALWAYS AS (
    is_active AND is_enabled AND penalty_reason IS NULL AND moderation_status = 1 AND deleted_at IS NULL
    AND (NOT offer_cap_active OR offer_cap_amount IS NULL OR offer_cap_amount - offer_cap_used >= fiat_limit_min)
  ) STORED
);

-- Listing indexes. For one crypto and fiat currency the market rate is one number, so "cheapest
-- first" is "lowest margin first" for margin offers and "lowest fixed price first" for fixed ones:
-- each kind is read in index order and the two streams are merged (listing.repo.ts). Every
-- equality filter a typical query has comes before the order column, so a reusable (generic)
-- plan can walk the index without filtering or sorting.
CREATE INDEX offers_market_margin_idx ON offers (crypto_currency_id, type, fiat_currency_id, margin, id)
  WHERE is_listed AND fixed_price IS NULL;
CREATE INDEX offers_market_method_margin_idx
  ON offers (crypto_currency_id, type, fiat_currency_id, payment_method_id, margin, id)
  WHERE is_listed AND fixed_price IS NULL;
CREATE INDEX offers_method_margin_idx ON offers (crypto_currency_id, type, payment_method_id, margin, id)
  WHERE is_listed AND fixed_price IS NULL;
CREATE INDEX offers_group_margin_idx ON offers (crypto_currency_id, type, payment_method_group_id, margin, id)
  WHERE is_listed AND fixed_price IS NULL;
-- Without a fiat filter margin offers still sort by margin (the USD price is the coin's USD price
-- times 1 + margin), so one index per crypto and side serves every currency.
CREATE INDEX offers_crypto_margin_idx ON offers (crypto_currency_id, type, margin, id)
  WHERE is_listed AND fixed_price IS NULL;
-- Without any crypto filter: the markup over the market, whatever the coin.
CREATE INDEX offers_type_margin_idx ON offers (type, margin, id) WHERE is_listed AND fixed_price IS NULL;
-- Fixed prices: by the price within one currency, by its USD value across currencies.
CREATE INDEX offers_market_fixed_idx ON offers (crypto_currency_id, type, fiat_currency_id, fixed_price, id)
  WHERE is_listed AND fixed_price IS NOT NULL;
CREATE INDEX offers_market_method_fixed_idx
  ON offers (crypto_currency_id, type, fiat_currency_id, payment_method_id, fixed_price, id)
  WHERE is_listed AND fixed_price IS NOT NULL;
CREATE INDEX offers_method_fixed_idx ON offers (crypto_currency_id, type, payment_method_id, fixed_price_usd, id)
  WHERE is_listed AND fixed_price IS NOT NULL;
CREATE INDEX offers_crypto_fixed_idx ON offers (crypto_currency_id, type, fixed_price_usd, id)
  WHERE is_listed AND fixed_price IS NOT NULL;
-- The owner's own lists (my offers, profile).
CREATE INDEX offers_user_idx ON offers (user_id, type, created_at DESC) WHERE deleted_at IS NULL;

-- The hourly duty-hours refresh finds offers of a zone quickly.
CREATE INDEX offers_duty_zone_idx ON offers (timezone, duty_utc_offset_minutes) WHERE duty_utc_ranges IS NOT NULL;

-- What the marketplace shows about a trader's history, kept by the trades and feedback modules
-- through the offers door (recordTraderStats). Until trades exist every figure is zero or unknown.
CREATE TABLE trader_stats (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  completed_trades integer NOT NULL DEFAULT 0 CHECK (completed_trades >= 0),
  completed_trades_30d integer NOT NULL DEFAULT 0 CHECK (completed_trades_30d >= 0),
  release_time_median_seconds integer CHECK (release_time_median_seconds >= 0),
  feedback_positive integer NOT NULL DEFAULT 0 CHECK (feedback_positive >= 0),
  feedback_negative integer NOT NULL DEFAULT 0 CHECK (feedback_negative >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Reports of offers by visitors, kept for moderators.
CREATE TABLE offer_reports (
  id bigserial PRIMARY KEY,
  offer_id bigint NOT NULL REFERENCES offers (id),
  reporter_user_id bigint NOT NULL REFERENCES users (id),
  reason text NOT NULL CHECK (reason IN ('outside_escrow', 'bad_offer_terms', 'obvious_scam', 'negotiation', 'other')),
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open report per visitor and offer.
CREATE UNIQUE INDEX offer_reports_open_key ON offer_reports (offer_id, reporter_user_id) WHERE status = 'open';
CREATE INDEX offer_reports_status_idx ON offer_reports (status, created_at DESC);
