-- Log-in throttling: one counter row per key, counted and checked in a single statement so a burst
-- of parallel attempts cannot all read "under the limit" before any of them is written down.
-- Keys: 'account:<user id>' for a known account (whichever login named it: username or e-mail),
-- 'login:<typed login, lower case>' for a login that names no account, 'address:<client address>'.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0)
);
CREATE INDEX login_throttle_window_idx ON login_throttle (window_started_at);

-- The attempt log it replaces was read with a count per log-in and grew without bound.
DROP TABLE login_attempts;
