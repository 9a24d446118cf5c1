-- The ledger: double-entry and append-only (docs/reliability.md#ledger-invariants, I1-I5 and I9).
-- Only the ledger module
-- writes these tables; every other module moves money through its door.
--
-- Accounts hold a balance in minor units of one crypto currency. The balance is cached on the row
-- (so a transfer reads and locks a handful of rows, never sums history) and must always equal the
-- sum of the account's entries (I3, checked by ledger:verify).
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- Natural key built by the ledger (for example "available:u42:c1", "escrow:trade:7:c1"): one
  -- lookup finds and locks every account a transfer touches, and lazy creation is an
  -- INSERT ... ON CONFLICT (key) DO NOTHING.
  key text NOT NULL UNIQUE,
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  kind text NOT NULL CHECK (kind IN ('available', 'escrow', 'bond', 'fees', 'world', 'withdrawal')),
  owner_user_id bigint REFERENCES users (id),
  reference_type text,
  reference_id text,
  balance bigint NOT NULL DEFAULT 0,
  -- Set once when an escrow account is posted or voided; a settled account takes no more entries.
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The world account stands for everything outside Souk (the chains): it is the only account
  -- that may go below zero, and minus its balance is what Souk holds in custody.
  CONSTRAINT ledger_accounts_balance_not_negative CHECK (kind = 'world' OR balance >= 0),
  CONSTRAINT ledger_accounts_owner_known CHECK (
    kind NOT IN ('available', 'bond', 'withdrawal', 'escrow') OR owner_user_id IS NOT NULL
  ),
  CONSTRAINT ledger_accounts_escrow_reference CHECK (
    kind <> 'escrow' OR (reference_type IS NOT NULL AND reference_id IS NOT NULL)
  ),
  CONSTRAINT ledger_accounts_settled_escrow_only CHECK (settled_at IS NULL OR kind = 'escrow'),
  -- Lets entries carry their currency with a foreign key that proves it is the account's.
  CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency_id)
);
CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX ledger_accounts_reference_idx ON ledger_accounts (reference_type, reference_id)
  WHERE reference_type IS NOT NULL;

-- One transfer is one balanced movement (one or more legs). The idempotency key is unique and
-- stored with a hash of the request: the same key with the same request returns the first
-- transfer; the same key with another request is refused (I7, Formance/Stripe style).
CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN (
    'deposit', 'internal_transfer', 'withdrawal_hold', 'withdrawal_complete', 'withdrawal_void',
    'escrow_hold', 'escrow_post', 'escrow_void', 'bond_deposit', 'bond_retrieve', 'reversal'
  )),
  currency_id integer NOT NULL REFERENCES crypto_currencies (id),
  reference_type text,
  reference_id text,
  -- Corrections are new transfers that point at what they undo; a transfer is undone at most once.
  reverses_transfer_id bigint UNIQUE REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference_type, reference_id)
  WHERE reference_type IS NOT NULL;

-- Entries: one signed amount per account and leg; a transfer's entries sum to zero per currency.
CREATE TABLE ledger_entries (
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  position smallint NOT NULL CHECK (position >= 0),
  account_id bigint NOT NULL,
  currency_id integer NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  -- What the leg is for: the principal, the platform's fee, or a chain's network fee.
  code text NOT NULL CHECK (code IN ('principal', 'fee', 'network_fee')),
  PRIMARY KEY (transfer_id, position),
  FOREIGN KEY (account_id, currency_id) REFERENCES ledger_accounts (id, currency_id)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, transfer_id);

-- I1 at commit: a deferred constraint trigger sees the whole transfer, whatever order the rows
-- were written in. The trigger on transfers also refuses a transfer with fewer than two entries;
-- the one on entries catches entries appended to a transfer of an earlier transaction.
CREATE FUNCTION ledger_assert_transfer_balanced(checked_transfer_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  entry_count bigint;
  unbalanced record;
BEGIN
  SELECT count(*) INTO entry_count FROM ledger_entries WHERE transfer_id = checked_transfer_id;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transfer % has % entries; at least two are needed', checked_transfer_id, entry_count
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_transfer_balanced';
  END IF;
  SELECT currency_id, sum(amount) AS total INTO unbalanced
    FROM ledger_entries WHERE transfer_id = checked_transfer_id
    GROUP BY currency_id HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % does not balance in currency % (sum %)',
      checked_transfer_id, unbalanced.currency_id, unbalanced.total
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_transfer_balanced';
  END IF;
END
$$;

CREATE FUNCTION ledger_transfer_balanced_on_transfer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_transfer_balanced(NEW.id);
  RETURN NULL;
END
$$;

CREATE FUNCTION ledger_transfer_balanced_on_entry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_transfer_balanced(NEW.transfer_id);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER ledger_transfers_balanced
  AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced_on_transfer();

CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced_on_entry();

-- I9: history is never rewritten. The application role loses UPDATE and DELETE outright; a
-- trigger refuses them for every other role too, so a hand-typed fix in psql cannot slip through.
CREATE FUNCTION ledger_refuse_rewrite() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: correct a transfer with a reversing transfer', TG_TABLE_NAME
    USING ERRCODE = '42501';
END
$$;

CREATE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();

REVOKE UPDATE, DELETE, TRUNCATE ON ledger_transfers, ledger_entries FROM souk_app;
-- Accounts are never deleted, and only their balance and settlement time ever change.
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_accounts FROM souk_app;
GRANT UPDATE (balance, settled_at) ON ledger_accounts TO souk_app;

-- Every currency starts with its world account and its sixteen fee shards, so the hot path
-- never has to create them (they are still created lazily for currencies added later).
INSERT INTO ledger_accounts (key, currency_id, kind)
  SELECT 'world:c' || id, id, 'world' FROM crypto_currencies;
INSERT INTO ledger_accounts (key, currency_id, kind, reference_type, reference_id)
  SELECT 'fees:s' || shard || ':c' || c.id, c.id, 'fees', 'fee_shard', shard::text
  FROM crypto_currencies c CROSS JOIN generate_series(0, 15) AS shard;
