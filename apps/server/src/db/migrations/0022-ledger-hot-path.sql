-- The ledger's two hot statements as SQL functions. PL/pgSQL prepares the statements inside a
-- function once per connection and reuses their plans, which a query sent from the server
-- (parsed and planned on every call) cannot do: measured, this is the difference between the
-- ledger service running below and above hand-written SQL (scripts/bench,
-- docs/decisions/038-ledger-hot-statements-in-plpgsql.md).
-- Both are SECURITY INVOKER: they run with the caller's privileges (souk_app), so the REVOKEs of
-- 0020 still hold, and they contain no business rule: the service checks the locked balances
-- between the two calls.

-- Inserts the transfer under its idempotency key and, only when that inserted a row, locks the
-- named accounts in id order. Returns no row at all when the key exists already; returns one row
-- with null account columns when none of the accounts exists yet. p_lock_timeout (for example
-- '5000ms'), when given, bounds every lock wait from here to the end of the transaction; setting
-- it here rather than in a statement of its own saves a round trip per transfer.
CREATE FUNCTION ledger_begin_transfer(
  p_idempotency_key text,
  p_request_hash text,
  p_kind text,
  p_currency_id integer,
  p_reference_type text,
  p_reference_id text,
  p_reverses_transfer_id bigint,
  p_account_keys text[],
  p_lock_timeout text
)
RETURNS TABLE (
  o_transfer_id bigint,
  o_created_at timestamptz,
  o_account_id bigint,
  o_account_key text,
  o_account_kind text,
  o_balance bigint,
  o_settled_at timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  v_transfer_id bigint;
  v_created_at timestamptz;
BEGIN
  IF p_lock_timeout IS NOT NULL THEN
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
  END IF;
  INSERT INTO ledger_transfers
    (idempotency_key, request_hash, kind, currency_id, reference_type, reference_id, reverses_transfer_id)
  VALUES (p_idempotency_key, p_request_hash, p_kind, p_currency_id, p_reference_type, p_reference_id,
          p_reverses_transfer_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, created_at INTO v_transfer_id, v_created_at;
  IF v_transfer_id IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT v_transfer_id, v_created_at, a.id, a.key, a.kind, a.balance, a.settled_at
    FROM ledger_accounts a
    WHERE a.key = ANY(p_account_keys)
    ORDER BY a.id
    FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT v_transfer_id, v_created_at, NULL::bigint, NULL::text, NULL::text, NULL::bigint,
      NULL::timestamptz;
  END IF;
END
$$;

-- Writes a transfer's entries and applies the balance changes the service computed.
CREATE FUNCTION ledger_write_entries(
  p_transfer_id bigint,
  p_currency_id integer,
  p_positions smallint[],
  p_entry_account_ids bigint[],
  p_amounts bigint[],
  p_codes text[],
  p_account_ids bigint[],
  p_deltas bigint[],
  p_settling boolean[]
)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (transfer_id, position, account_id, currency_id, amount, code)
  SELECT p_transfer_id, e.position, e.account_id, p_currency_id, e.amount, e.code
  FROM unnest(p_positions, p_entry_account_ids, p_amounts, p_codes) AS e(position, account_id, amount, code);
  UPDATE ledger_accounts AS a
  SET balance = a.balance + u.delta,
      settled_at = CASE WHEN u.is_settling THEN now() ELSE a.settled_at END
  FROM unnest(p_account_ids, p_deltas, p_settling) AS u(id, delta, is_settling)
  WHERE a.id = u.id;
END
$$;
