import { sql } from "kysely";
import type { Db, Tx } from "../../../db/pool.ts";
import type { DepositRow } from "../wallet.repo.ts";

/** SQL of EVM custody: the follower's cursor and blocks, signed transactions, nonces, residues. */

// ---- the follower --------------------------------------------------------------------------

export interface CursorRow {
  chain_id: bigint;
  block_number: bigint;
  last_success_at: Date | null;
  last_error_at: Date | null;
  last_error: string | null;
}

export async function findCursor(db: Db, chainId: number): Promise<CursorRow | undefined> {
  const result = await sql<CursorRow>`SELECT * FROM wallet_evm_cursors WHERE chain_id = ${chainId}`.execute(db);
  return result.rows[0];
}

export async function lockCursor(tx: Tx, chainId: number): Promise<CursorRow | undefined> {
  const result = await sql<CursorRow>`
    SELECT * FROM wallet_evm_cursors WHERE chain_id = ${chainId} FOR UPDATE`.execute(tx);
  return result.rows[0];
}

/** Starts following at `block` unless another copy started first; true when this call did. */
export async function startCursor(tx: Tx, chainId: number, block: bigint): Promise<boolean> {
  const result = await sql`
    INSERT INTO wallet_evm_cursors (chain_id, block_number) VALUES (${chainId}, ${block})
    ON CONFLICT (chain_id) DO NOTHING`.execute(tx);
  return result.numAffectedRows === 1n;
}

/** Notes the head seen before a first deposit address; the earliest note stands. */
export async function noteStartHint(db: Db, chainId: number, block: bigint): Promise<void> {
  await sql`
    INSERT INTO wallet_evm_start_hints (chain_id, block_number) VALUES (${chainId}, ${block})
    ON CONFLICT (chain_id) DO UPDATE
      SET block_number = LEAST(wallet_evm_start_hints.block_number, EXCLUDED.block_number)`.execute(db);
}

export async function findStartHint(db: Db, chainId: number): Promise<bigint | null> {
  const result = await sql<{ block_number: string }>`
    SELECT block_number FROM wallet_evm_start_hints WHERE chain_id = ${chainId}`.execute(db);
  const row = result.rows[0];
  return row ? BigInt(row.block_number) : null;
}

export async function moveCursor(tx: Tx, chainId: number, block: bigint): Promise<void> {
  await sql`
    UPDATE wallet_evm_cursors SET block_number = ${block}, last_success_at = now()
    WHERE chain_id = ${chainId}`.execute(tx);
}

export async function recordFollowerHealth(db: Db, chainId: number, error: string | null): Promise<void> {
  await (error === null
    ? sql`UPDATE wallet_evm_cursors SET last_success_at = now() WHERE chain_id = ${chainId}`
    : sql`UPDATE wallet_evm_cursors SET last_error_at = now(), last_error = ${error.slice(0, 500)}
          WHERE chain_id = ${chainId}`
  ).execute(db);
}

export async function storeBlock(tx: Tx, chainId: number, block: { number: bigint; hash: string; parentHash: string }) {
  await sql`
    INSERT INTO wallet_evm_blocks (chain_id, number, hash, parent_hash)
    VALUES (${chainId}, ${block.number}, ${block.hash}, ${block.parentHash})
    ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash,
      scanned_at = now()`.execute(tx);
}

export async function storedBlockHashes(
  db: Db,
  chainId: number,
  from: bigint,
  to: bigint,
): Promise<Map<bigint, string>> {
  const result = await sql<{ number: bigint; hash: string }>`
    SELECT number, hash FROM wallet_evm_blocks
    WHERE chain_id = ${chainId} AND number BETWEEN ${from} AND ${to}`.execute(db);
  return new Map(result.rows.map((row) => [row.number, row.hash]));
}

export async function forgetBlocksAbove(tx: Tx, chainId: number, number: bigint): Promise<void> {
  await sql`DELETE FROM wallet_evm_blocks WHERE chain_id = ${chainId} AND number > ${number}`.execute(tx);
}

export async function pruneBlocksBelow(tx: Tx, chainId: number, number: bigint): Promise<void> {
  await sql`DELETE FROM wallet_evm_blocks WHERE chain_id = ${chainId} AND number < ${number}`.execute(tx);
}

// ---- addresses and deposits ----------------------------------------------------------------

export interface EvmAddressRow {
  user_id: bigint;
  currency_id: number;
  address: string;
  derivation_index: number;
}

export async function findEvmAddresses(db: Db, addresses: string[]): Promise<EvmAddressRow[]> {
  if (addresses.length === 0) return [];
  const result = await sql<EvmAddressRow>`
    SELECT user_id, currency_id, address, derivation_index FROM wallet_addresses
    WHERE adapter = 'evm' AND address = ANY(${addresses})`.execute(db);
  return result.rows;
}

export async function nextDerivationIndex(db: Db): Promise<number> {
  const result = await sql<{ index: bigint }>`SELECT nextval('wallet_address_derivation_seq') AS index`.execute(db);
  return Number(result.rows[0]?.index ?? 0n);
}

export interface ChainDepositInput {
  userId: number | null;
  currencyId: number;
  address: string;
  txid: string;
  outputIndex: number;
  chainAmount: bigint;
  amountMinor: bigint;
  blockNumber: bigint;
  blockHash: string;
}

/**
 * Records a deposit once (by currency, transaction and log index). Seen again in another block
 * after a reorg, it takes the new block; if it had been dropped it is incoming again, and if it
 * had been frozen it is unfrozen (the new chain holds it after all).
 */
export async function upsertChainDeposit(tx: Tx, input: ChainDepositInput): Promise<{ id: bigint; isNew: boolean }> {
  const result = await sql<{ id: bigint; is_new: boolean }>`
    INSERT INTO wallet_deposits (user_id, currency_id, address, amount_minor, txid, output_index, confirmations,
      source, block_number, block_hash, chain_amount)
    VALUES (${input.userId}, ${input.currencyId}, ${input.address}, ${input.amountMinor}, ${input.txid},
      ${input.outputIndex}, 0, 'chain', ${input.blockNumber}, ${input.blockHash}, ${input.chainAmount.toString()})
    ON CONFLICT (currency_id, txid, output_index) DO UPDATE SET
      block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
      status = CASE WHEN wallet_deposits.status = 'dropped' THEN 'pending' ELSE wallet_deposits.status END,
      frozen_at = NULL
    RETURNING id, (xmax = 0) AS is_new`.execute(tx);
  const row = result.rows[0];
  if (!row) throw new Error("the deposit row was not written");
  return { id: BigInt(row.id), isNew: row.is_new };
}

export async function depositsAboveBlock(tx: Tx, currencyIds: number[], block: bigint): Promise<DepositRow[]> {
  const result = await sql<DepositRow>`
    SELECT * FROM wallet_deposits
    WHERE source = 'chain' AND currency_id = ANY(${currencyIds}) AND block_number > ${block}
      AND status IN ('pending', 'credited') AND frozen_at IS NULL
    ORDER BY id FOR UPDATE`.execute(tx);
  return result.rows;
}

export async function dropDeposits(tx: Tx, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE wallet_deposits SET status = 'dropped', confirmations = 0 WHERE id = ANY(${ids})`.execute(tx);
}

export async function freezeDeposits(tx: Tx, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE wallet_deposits SET frozen_at = now() WHERE id = ANY(${ids})`.execute(tx);
}

/** Pending chain deposits whose block the follower has checked. */
export async function listPendingChainDeposits(db: Db, currencyIds: number[], cursor: bigint): Promise<DepositRow[]> {
  const result = await sql<DepositRow>`
    SELECT * FROM wallet_deposits
    WHERE source = 'chain' AND status = 'pending' AND currency_id = ANY(${currencyIds})
      AND block_number <= ${cursor}
    ORDER BY id LIMIT 500`.execute(db);
  return result.rows;
}

/** A pending chain deposit, locked for crediting; another run crediting it skips it. */
export async function lockPendingChainDeposit(tx: Tx, id: bigint): Promise<DepositRow | undefined> {
  const result = await sql<DepositRow>`
    SELECT * FROM wallet_deposits WHERE id = ${id} AND status = 'pending' FOR UPDATE SKIP LOCKED`.execute(tx);
  return result.rows[0];
}

export async function setConfirmations(tx: Db, depositId: bigint, confirmations: number): Promise<void> {
  await sql`UPDATE wallet_deposits SET confirmations = ${confirmations} WHERE id = ${depositId}`.execute(tx);
}

export async function hasFrozenDeposit(db: Db, userId: number, currencyId: number): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM wallet_deposits WHERE user_id = ${userId} AND currency_id = ${currencyId}
      AND frozen_at IS NOT NULL) AS found`.execute(db);
  return result.rows[0]?.found ?? false;
}

export interface SweepCandidateRow {
  address: string;
  currency_id: number;
  derivation_index: number;
  deposit_ids: bigint[];
  chain_amount: string;
}

/** Credited deposits not yet moved to the hot wallet, per address and coin. */
export async function listSweepCandidates(db: Db, currencyIds: number[]): Promise<SweepCandidateRow[]> {
  const result = await sql<SweepCandidateRow>`
    SELECT d.address, d.currency_id, a.derivation_index, array_agg(d.id ORDER BY d.id) AS deposit_ids,
      sum(d.chain_amount)::text AS chain_amount
    FROM wallet_deposits d
    JOIN wallet_addresses a ON a.adapter = 'evm' AND a.address = d.address
    WHERE d.source = 'chain' AND d.user_id IS NOT NULL AND d.status = 'credited' AND d.frozen_at IS NULL
      AND d.sweep_transaction_id IS NULL AND d.currency_id = ANY(${currencyIds})
    GROUP BY d.address, d.currency_id, a.derivation_index
    ORDER BY min(d.id)
    LIMIT 50`.execute(db);
  return result.rows;
}

export async function assignSweep(tx: Tx, depositIds: bigint[], transactionId: bigint | null): Promise<void> {
  await sql`UPDATE wallet_deposits SET sweep_transaction_id = ${transactionId} WHERE id = ANY(${depositIds})`.execute(
    tx,
  );
}

export async function releaseSweep(tx: Tx, transactionId: bigint): Promise<void> {
  await sql`UPDATE wallet_deposits SET sweep_transaction_id = NULL WHERE sweep_transaction_id = ${transactionId}`.execute(
    tx,
  );
}

// ---- signed transactions -------------------------------------------------------------------

export type EvmPurpose = "withdrawal" | "sweep" | "top_up";

export interface EvmTransactionRow {
  id: bigint;
  chain_id: bigint;
  purpose: EvmPurpose;
  purpose_key: string;
  withdrawal_id: bigint | null;
  currency_id: number;
  value_units: string;
  from_address: string;
  to_address: string;
  nonce: bigint;
  gas_limit: bigint;
  state: "pending" | "confirmed" | "failed";
  mined_hash: string | null;
  mined_block: bigint | null;
  fee_wei: string | null;
  created_at: Date;
  finalized_at: Date | null;
}

export interface AttemptRow {
  transaction_id: bigint;
  attempt: number;
  hash: string;
  raw: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  /** What this attempt moves (an ETH sweep's replacement moves less, paying more gas). */
  value_units: string;
  created_at: Date;
}

/** The address's next nonce under its row lock: the larger of ours and the chain's count. */
export async function takeNonce(tx: Tx, chainId: number, address: string, chainCount: bigint): Promise<bigint> {
  await sql`
    INSERT INTO wallet_evm_nonces (chain_id, address, next_nonce) VALUES (${chainId}, ${address}, 0)
    ON CONFLICT (chain_id, address) DO NOTHING`.execute(tx);
  const result = await sql<{ next_nonce: bigint }>`
    SELECT next_nonce FROM wallet_evm_nonces WHERE chain_id = ${chainId} AND address = ${address} FOR UPDATE`.execute(
    tx,
  );
  const stored = result.rows[0]?.next_nonce ?? 0n;
  const nonce = stored > chainCount ? stored : chainCount;
  await sql`
    UPDATE wallet_evm_nonces SET next_nonce = ${nonce + 1n}
    WHERE chain_id = ${chainId} AND address = ${address}`.execute(tx);
  return nonce;
}

export async function findTransactionByPurpose(db: Db, purposeKey: string): Promise<EvmTransactionRow | undefined> {
  const result = await sql<EvmTransactionRow>`
    SELECT * FROM wallet_evm_transactions WHERE purpose_key = ${purposeKey}`.execute(db);
  return result.rows[0];
}

export async function insertTransaction(
  tx: Tx,
  row: Omit<
    EvmTransactionRow,
    "id" | "state" | "mined_hash" | "mined_block" | "fee_wei" | "created_at" | "finalized_at"
  >,
): Promise<bigint | null> {
  const result = await sql<{ id: bigint }>`
    INSERT INTO wallet_evm_transactions (chain_id, purpose, purpose_key, withdrawal_id, currency_id, value_units,
      from_address, to_address, nonce, gas_limit)
    VALUES (${row.chain_id}, ${row.purpose}, ${row.purpose_key}, ${row.withdrawal_id}, ${row.currency_id},
      ${row.value_units}, ${row.from_address}, ${row.to_address}, ${row.nonce}, ${row.gas_limit})
    ON CONFLICT DO NOTHING RETURNING id`.execute(tx);
  return result.rows[0]?.id ?? null;
}

export async function insertAttempt(tx: Tx, row: Omit<AttemptRow, "created_at">): Promise<void> {
  await sql`
    INSERT INTO wallet_evm_transaction_attempts (transaction_id, attempt, hash, raw, max_fee_per_gas,
      max_priority_fee_per_gas, value_units)
    VALUES (${row.transaction_id}, ${row.attempt}, ${row.hash}, ${row.raw}, ${row.max_fee_per_gas},
      ${row.max_priority_fee_per_gas}, ${row.value_units})`.execute(tx);
}

export async function attemptsOf(db: Db, transactionId: bigint): Promise<AttemptRow[]> {
  const result = await sql<AttemptRow>`
    SELECT * FROM wallet_evm_transaction_attempts WHERE transaction_id = ${transactionId}
    ORDER BY attempt`.execute(db);
  return result.rows;
}

export async function listPendingTransactions(db: Db, chainId: number): Promise<EvmTransactionRow[]> {
  const result = await sql<EvmTransactionRow>`
    SELECT * FROM wallet_evm_transactions WHERE chain_id = ${chainId} AND state = 'pending'
    ORDER BY from_address, nonce LIMIT 200`.execute(db);
  return result.rows;
}

export async function lockPendingTransaction(tx: Tx, id: bigint): Promise<EvmTransactionRow | undefined> {
  const result = await sql<EvmTransactionRow>`
    SELECT * FROM wallet_evm_transactions WHERE id = ${id} AND state = 'pending' FOR UPDATE SKIP LOCKED`.execute(tx);
  return result.rows[0];
}

export async function finalizeTransaction(
  tx: Tx,
  id: bigint,
  outcome: { state: "confirmed" | "failed"; minedHash: string; minedBlock: bigint; feeWei: bigint; valueUnits: bigint },
): Promise<void> {
  await sql`
    UPDATE wallet_evm_transactions SET state = ${outcome.state}, mined_hash = ${outcome.minedHash},
      value_units = ${outcome.valueUnits.toString()},
      mined_block = ${outcome.minedBlock}, fee_wei = ${outcome.feeWei.toString()}, finalized_at = now()
    WHERE id = ${id} AND state = 'pending'`.execute(tx);
}

/** Value and worst-case gas of our transactions from `address` not yet final: already spoken for. */
export async function sumPendingOutflows(
  db: Db,
  chainId: number,
  address: string,
): Promise<{ currency_id: number; value_units: string; gas_wei: string }[]> {
  const result = await sql<{ currency_id: number; value_units: string; gas_wei: string }>`
    SELECT t.currency_id, sum(t.value_units)::text AS value_units,
      sum(t.gas_limit * (SELECT max(a.max_fee_per_gas) FROM wallet_evm_transaction_attempts a
        WHERE a.transaction_id = t.id))::text AS gas_wei
    FROM wallet_evm_transactions t
    WHERE t.chain_id = ${chainId} AND t.from_address = ${address} AND t.state = 'pending'
    GROUP BY t.currency_id`.execute(db);
  return result.rows;
}

// ---- residues, alerts, reconciliations -----------------------------------------------------

export async function recordResidue(tx: Tx, key: string, currencyId: number, units: bigint): Promise<void> {
  if (units === 0n) return;
  await sql`
    INSERT INTO wallet_chain_residues (key, currency_id, units) VALUES (${key}, ${currencyId}, ${units.toString()})
    ON CONFLICT (key) DO NOTHING`.execute(tx);
}

export async function raiseAlert(db: Db, key: string, kind: string, message: string): Promise<boolean> {
  const result = await sql`
    INSERT INTO custody_alerts (key, kind, message) VALUES (${key}, ${kind}, ${message})
    ON CONFLICT (key) DO UPDATE SET message = EXCLUDED.message, resolved_at = NULL
    WHERE custody_alerts.resolved_at IS NOT NULL`.execute(db);
  return result.numAffectedRows === 1n;
}

/** A frozen deposit found again on the chain needs no operator any more. */
export async function resolveAlertsOfFoundDeposits(tx: Tx): Promise<void> {
  await sql`
    UPDATE custody_alerts SET resolved_at = now()
    WHERE resolved_at IS NULL AND key IN (
      SELECT 'reorg-credited-deposit:' || id FROM wallet_deposits
      WHERE source = 'chain' AND status = 'credited' AND frozen_at IS NULL)`.execute(tx);
}

export async function resolveAlert(db: Db, key: string): Promise<void> {
  await sql`UPDATE custody_alerts SET resolved_at = now() WHERE key = ${key} AND resolved_at IS NULL`.execute(db);
}

export interface AlertRow {
  id: bigint;
  key: string;
  kind: string;
  message: string;
  created_at: Date;
}

export async function listOpenAlerts(db: Db): Promise<AlertRow[]> {
  const result = await sql<AlertRow>`
    SELECT id, key, kind, message, created_at FROM custody_alerts WHERE resolved_at IS NULL
    ORDER BY id DESC LIMIT 100`.execute(db);
  return result.rows;
}
