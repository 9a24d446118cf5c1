-- Reputation (reputation module, docs/decisions/139-medals-badges-and-trade-volume.md): the medals a
-- user earned and the trading figures the refresh job keeps for the profile and its badge. Both
-- are written only by that job, from the trades; a medal once earned is kept.
CREATE TABLE user_medals (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code IN (
    'trades_10', 'trade_volume_10000', 'trades_gc_100', 'trades_bt_100', 'trades_momo_100',
    'trade_days_streak_30', 'trade_no_dispute_streak_100', 'trade_no_cancel_streak_100',
    'trade_volume_top_1_percent', 'first_year_signup'
  )),
  awarded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code)
);

CREATE TABLE user_trade_stats (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Done trades (released or awarded) and their fiat value in USD at each trade's start.
  done_trades integer NOT NULL CHECK (done_trades >= 0),
  volume_usd numeric NOT NULL CHECK (volume_usd >= 0),
  -- The crypto amounts of the done trades by currency code, as decimal strings: {"BTC": "0.015"}.
  trade_volume jsonb NOT NULL DEFAULT '{}'::jsonb,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);

