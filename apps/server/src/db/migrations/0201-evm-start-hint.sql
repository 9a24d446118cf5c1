-- The node's head when the first deposit address of a chain was handed out, on a database whose
-- follower had not started yet. The follower's first run starts there at the latest, so a deposit
-- to that address never lies behind its cursor (docs/decisions/090-evm-custody.md#consequences).
CREATE TABLE wallet_evm_start_hints (
  chain_id bigint PRIMARY KEY,
  block_number bigint NOT NULL,
  noted_at timestamptz NOT NULL DEFAULT now()
);

REVOKE DELETE, TRUNCATE ON wallet_evm_start_hints FROM souk_app;
