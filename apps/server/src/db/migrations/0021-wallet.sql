-- The wallet: deposit addresses, deposits seen on a chain, sends between users and withdrawals
-- to outside addresses. Balances are not here: they live in the ledger, which the wallet moves
-- money through. These rows are the wallet's own records (what, to whom, which state).

-- One receiving address per user and currency, handed out by the chain adapter.
CREATE TABLE wallet_addresses (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  address text NOT NULL,
  adapter text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, currency_id),
  UNIQUE (currency_id, address)
);

-- Deposits as the chain reports them. A deposit is credited once, when its confirmations reach
-- the currency's threshold: the row's status flips from pending to credited in the same
-- transaction as the ledger transfer, whose idempotency key is derived from the deposit id.
CREATE TABLE wallet_deposits (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  address text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  txid text NOT NULL,
  output_index integer NOT NULL DEFAULT 0 CHECK (output_index >= 0),
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited')),
  credit_transfer_id bigint UNIQUE REFERENCES ledger_transfers (id),
  source text NOT NULL CHECK (source IN ('chain', 'cli', 'admin', 'seed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  -- A chain output pays once.
  UNIQUE (currency_id, txid, output_index),
  CHECK ((status = 'credited') = (credit_transfer_id IS NOT NULL))
);
CREATE INDEX wallet_deposits_user_idx ON wallet_deposits (user_id, id DESC);
CREATE INDEX wallet_deposits_pending_idx ON wallet_deposits (id) WHERE status = 'pending';

-- Sends from one Souk user to another (by username or to a Souk address): one ledger transfer
-- each. The usernames are kept as they were at the time, like a bank statement.
CREATE TABLE wallet_sends (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  sender_user_id bigint NOT NULL REFERENCES users (id),
  recipient_user_id bigint NOT NULL REFERENCES users (id),
  sender_username text NOT NULL,
  recipient_username text NOT NULL,
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  to_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (sender_user_id <> recipient_user_id)
);
CREATE INDEX wallet_sends_sender_idx ON wallet_sends (sender_user_id, currency_id, created_at);

-- Withdrawals to outside addresses: a transactional outbox. The request holds amount plus
-- network fee (available -> withdrawal account) and writes this row as 'held' in one
-- transaction; a job marks it 'broadcasting' (committed before the chain is called), calls the
-- chain adapter, then settles it: 'completed' (withdrawal account -> world) or 'failed' (the
-- hold is reversed back to available). docs/reliability.md#i12-outside-effects-happen-once.
CREATE TABLE wallet_withdrawals (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  address text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  network_fee_minor bigint NOT NULL CHECK (network_fee_minor >= 0),
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'broadcasting', 'completed', 'failed')),
  hold_transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  settle_transfer_id bigint UNIQUE REFERENCES ledger_transfers (id),
  txid text,
  failure_reason text,
  broadcast_attempts integer NOT NULL DEFAULT 0,
  broadcast_started_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK ((state IN ('completed', 'failed')) = (settle_transfer_id IS NOT NULL)),
  CHECK (state <> 'completed' OR txid IS NOT NULL)
);
CREATE INDEX wallet_withdrawals_user_idx ON wallet_withdrawals (user_id, currency_id, created_at);
CREATE INDEX wallet_withdrawals_open_idx ON wallet_withdrawals (id) WHERE state IN ('held', 'broadcasting');

-- The dev chain's "network": what it was asked to broadcast. Keyed by withdrawal id, so a
-- second broadcast of the same withdrawal (a retry after a crash) sends nothing new.
CREATE TABLE wallet_dev_chain_broadcasts (
  withdrawal_id bigint PRIMARY KEY,
  currency_id integer NOT NULL,
  address text NOT NULL,
  amount_minor bigint NOT NULL,
  txid text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The wallet's records are history too: nothing is deleted, and only state columns change.
REVOKE DELETE, TRUNCATE ON wallet_addresses, wallet_deposits, wallet_sends, wallet_withdrawals,
  wallet_dev_chain_broadcasts FROM souk_app;
REVOKE UPDATE ON wallet_addresses, wallet_sends, wallet_dev_chain_broadcasts FROM souk_app;
