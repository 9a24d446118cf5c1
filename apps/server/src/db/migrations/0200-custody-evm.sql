-- Custody on a real EVM chain (ETH and USDT as an ERC-20): see docs/decisions/090-evm-custody.md.
-- The dev chain keeps working as before; these tables are used only by currencies configured
-- for the EVM adapter.

-- The ledger learns the platform's own coins in custody (the treasury: the hot wallet's float
-- for gas, and the network fees it collects) and what the chain itself charges (chain_fee: gas
-- paid for withdrawals, sweeps and top-ups, leaving custody for the world).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('available', 'escrow', 'bond', 'fees', 'world', 'withdrawal', 'treasury'));
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_kind_check;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind_check CHECK (kind IN (
  'deposit', 'internal_transfer', 'withdrawal_hold', 'withdrawal_complete', 'withdrawal_void',
  'escrow_hold', 'escrow_post', 'escrow_void', 'bond_deposit', 'bond_retrieve', 'reversal', 'chain_fee'
));

-- Deposit addresses derived from an extended public key keep their index; one user has one
-- address per coin and adapter (a dev-chain address stays when the coin moves to a real chain).
ALTER TABLE wallet_addresses ADD COLUMN derivation_index integer CHECK (derivation_index >= 0);
ALTER TABLE wallet_addresses DROP CONSTRAINT wallet_addresses_user_id_currency_id_key;
ALTER TABLE wallet_addresses ADD CONSTRAINT wallet_addresses_user_currency_adapter UNIQUE (user_id, currency_id, adapter);
CREATE UNIQUE INDEX wallet_addresses_derivation_idx ON wallet_addresses (adapter, derivation_index)
  WHERE derivation_index IS NOT NULL;
CREATE INDEX wallet_addresses_address_idx ON wallet_addresses (address);
CREATE SEQUENCE wallet_address_derivation_seq MINVALUE 0 START 0;

-- Deposits found on an EVM chain carry their block and the exact amount in the chain's units
-- (wei, or the token's smallest unit). A deposit to the hot wallet from outside is the
-- operator's own funding: it has no user and is credited to the treasury. A deposit whose block
-- was rewound before it was credited is 'dropped' (it comes back to 'pending' if the new chain
-- holds it again); a credited one whose block was rewound is frozen until it is found again.
ALTER TABLE wallet_deposits ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE wallet_deposits ADD CONSTRAINT wallet_deposits_owner_known CHECK (user_id IS NOT NULL OR source = 'chain');
ALTER TABLE wallet_deposits ADD COLUMN block_number bigint;
ALTER TABLE wallet_deposits ADD COLUMN block_hash text;
ALTER TABLE wallet_deposits ADD COLUMN chain_amount numeric(78, 0);
ALTER TABLE wallet_deposits ADD COLUMN frozen_at timestamptz;
ALTER TABLE wallet_deposits ADD COLUMN sweep_transaction_id bigint;
ALTER TABLE wallet_deposits DROP CONSTRAINT wallet_deposits_status_check;
ALTER TABLE wallet_deposits ADD CONSTRAINT wallet_deposits_status_check CHECK (status IN ('pending', 'credited', 'dropped'));
CREATE INDEX wallet_deposits_chain_open_idx ON wallet_deposits (currency_id, block_number)
  WHERE source = 'chain' AND (status = 'pending' OR (status = 'credited' AND sweep_transaction_id IS NULL));

-- The block follower: the hash of each recent block it has scanned, so that a changed hash is
-- seen and the follower rewinds to the last block both chains share. Old rows are pruned.
CREATE TABLE wallet_evm_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL CHECK (number >= 0),
  hash text NOT NULL,
  parent_hash text NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, number)
);

-- One row per chain: how far the follower got and whether the node answers.
CREATE TABLE wallet_evm_cursors (
  chain_id bigint PRIMARY KEY,
  block_number bigint NOT NULL,
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error text
);

-- Every transaction Souk signs: withdrawals from the hot wallet, sweeps from deposit addresses,
-- gas top-ups. Each nonce of each sending address belongs to one row, written in the same
-- transaction that takes the nonce, before anything is broadcast; the signed bytes of every
-- attempt are kept so that a restart re-broadcasts exactly them. A stuck transaction gets a new
-- attempt with the same nonce and higher fees; whichever attempt the chain mines settles it.
CREATE TABLE wallet_evm_transactions (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('withdrawal', 'sweep', 'top_up')),
  -- What the transaction is for, once: 'withdrawal:<id>', 'sweep:<deposit ids>', 'top_up:<address>:<n>'.
  purpose_key text NOT NULL UNIQUE,
  withdrawal_id bigint UNIQUE REFERENCES wallet_withdrawals (id),
  -- The coin moved (ETH, or the token for a token transfer) and its amount in chain units.
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  value_units numeric(78, 0) NOT NULL CHECK (value_units >= 0),
  from_address text NOT NULL,
  -- The receiver of the coin (for a token transfer, the token's receiver, not the contract).
  to_address text NOT NULL,
  nonce bigint NOT NULL CHECK (nonce >= 0),
  gas_limit bigint NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'failed')),
  mined_hash text,
  mined_block bigint,
  -- Gas paid in wei once mined (the sender pays it whether the transaction succeeded or not).
  fee_wei numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  finalized_at timestamptz,
  UNIQUE (chain_id, from_address, nonce),
  CHECK ((state = 'pending') = (finalized_at IS NULL))
);
CREATE INDEX wallet_evm_transactions_pending_idx ON wallet_evm_transactions (id) WHERE state = 'pending';
-- One sweep or top-up in flight per address at a time.
CREATE UNIQUE INDEX wallet_evm_transactions_one_move_idx ON wallet_evm_transactions (chain_id, purpose, to_address, from_address)
  WHERE state = 'pending' AND purpose IN ('sweep', 'top_up');

CREATE TABLE wallet_evm_transaction_attempts (
  transaction_id bigint NOT NULL REFERENCES wallet_evm_transactions (id),
  attempt integer NOT NULL CHECK (attempt >= 1),
  hash text NOT NULL UNIQUE,
  raw text NOT NULL,
  max_fee_per_gas numeric(78, 0) NOT NULL,
  max_priority_fee_per_gas numeric(78, 0) NOT NULL,
  -- What this attempt moves: an ETH sweep pays its gas out of the value, so a dearer attempt moves less.
  value_units numeric(78, 0) NOT NULL CHECK (value_units >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, attempt)
);

-- The next nonce of each address Souk sends from: one persisted sequence per address, taken
-- under this row's lock.
CREATE TABLE wallet_evm_nonces (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (chain_id, address)
);

-- What the chain holds beyond the ledger's precision: ETH counts in gwei (9 decimals) in the
-- ledger and in wei on the chain, so a deposit's or a fee's sub-gwei remainder stays on the
-- chain. Recorded with the transfer that leaves it, reconciliation adds it back.
CREATE TABLE wallet_chain_residues (
  key text PRIMARY KEY,
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  units numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Problems an operator must look at: a reorg deeper than the confirmation depth, a hot wallet
-- too poor for a withdrawal, fees above the cap. Raised once per key; resolved by the code that
-- sees the problem gone, or by the operator.
CREATE TABLE custody_alerts (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  kind text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);

-- Each reconciliation's result, per coin, as the operator overview shows it.
CREATE TABLE custody_reconciliations (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_balanced boolean NOT NULL,
  report jsonb NOT NULL
);

REVOKE UPDATE, DELETE, TRUNCATE ON wallet_evm_transaction_attempts, wallet_chain_residues, custody_reconciliations FROM souk_app;
REVOKE DELETE, TRUNCATE ON wallet_evm_transactions, wallet_evm_nonces, wallet_evm_cursors, custody_alerts FROM souk_app;
