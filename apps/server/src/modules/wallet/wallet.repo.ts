import type { DepositStatus, WithdrawalState } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** SQL of the wallet's own tables. Money itself is in the ledger, reached through its door. */

export interface AddressRow {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  address: string;
  adapter: string;
  /** For addresses derived from an extended public key: the child index. */
  derivation_index: number | null;
  created_at: Date;
}

export interface DepositRow {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  address: string;
  amount_minor: bigint;
  txid: string;
  output_index: number;
  confirmations: number;
  status: DepositStatus;
  credit_transfer_id: bigint | null;
  source: "chain" | "cli" | "admin" | "seed";
  created_at: Date;
  credited_at: Date | null;
  /** Set for deposits found on a real chain (see evm/evm.repo.ts). */
  block_number: bigint | null;
  block_hash: string | null;
  chain_amount: string | null;
  frozen_at: Date | null;
  sweep_transaction_id: bigint | null;
}

export interface SendRow {
  id: bigint;
  transfer_id: bigint;
  sender_user_id: bigint;
  recipient_user_id: bigint;
  sender_username: string;
  recipient_username: string;
  currency_id: number;
  amount_minor: bigint;
  to_address: string | null;
  created_at: Date;
}

export interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  currency_id: number;
  address: string;
  amount_minor: bigint;
  network_fee_minor: bigint;
  state: WithdrawalState;
  hold_transfer_id: bigint;
  settle_transfer_id: bigint | null;
  txid: string | null;
  failure_reason: string | null;
  broadcast_attempts: number;
  broadcast_started_at: Date | null;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
}

type WithDefaults<Row, Required extends keyof Row> = {
  [K in keyof Row]: K extends Required ? Row[K] : Generated<Row[K]>;
};

type WalletTables = {
  wallet_addresses: WithDefaults<AddressRow, "user_id" | "currency_id" | "address" | "adapter" | "derivation_index">;
  wallet_deposits: WithDefaults<
    DepositRow,
    "user_id" | "currency_id" | "address" | "amount_minor" | "txid" | "confirmations" | "source"
  >;
  wallet_sends: WithDefaults<
    SendRow,
    | "transfer_id"
    | "sender_user_id"
    | "recipient_user_id"
    | "sender_username"
    | "recipient_username"
    | "currency_id"
    | "amount_minor"
    | "to_address"
  >;
  wallet_withdrawals: WithDefaults<
    WithdrawalRow,
    "user_id" | "currency_id" | "address" | "amount_minor" | "network_fee_minor" | "hold_transfer_id"
  >;
  wallet_dev_chain_broadcasts: {
    withdrawal_id: bigint;
    currency_id: number;
    address: string;
    amount_minor: bigint;
    txid: string;
    created_at: Generated<Date>;
  };
};

function tables(db: Db) {
  return db.withTables<WalletTables>();
}

// ---- addresses -----------------------------------------------------------------------------

export async function findAddress(
  db: Db,
  userId: number,
  currencyId: number,
  adapter: string,
): Promise<AddressRow | undefined> {
  return tables(db)
    .selectFrom("wallet_addresses")
    .selectAll()
    .where("user_id", "=", BigInt(userId))
    .where("currency_id", "=", currencyId)
    .where("adapter", "=", adapter)
    .executeTakeFirst();
}

/**
 * Whose address this is. On an EVM chain any of a user's deposit addresses receives every coin
 * of the chain (the follower credits by address), so there the coin it was handed out for does
 * not matter.
 */
export async function findAddressOwner(db: Db, currencyId: number, address: string): Promise<AddressRow | undefined> {
  return tables(db)
    .selectFrom("wallet_addresses")
    .selectAll()
    .where("address", "=", address)
    .where((eb) => eb.or([eb("currency_id", "=", currencyId), eb("adapter", "=", "evm")]))
    .orderBy("id")
    .executeTakeFirst();
}

/** Keeps the first address when two requests race; the caller reads it back. */
export async function insertAddress(
  db: Db,
  row: { userId: number; currencyId: number; address: string; adapter: string; derivationIndex: number | null },
): Promise<void> {
  await tables(db)
    .insertInto("wallet_addresses")
    .values({
      user_id: BigInt(row.userId),
      currency_id: row.currencyId,
      address: row.address,
      adapter: row.adapter,
      derivation_index: row.derivationIndex,
    })
    .onConflict((oc) => oc.columns(["user_id", "currency_id", "adapter"]).doNothing())
    .execute();
}

// ---- deposits ------------------------------------------------------------------------------

export async function insertDeposit(
  tx: Tx,
  row: {
    userId: number;
    currencyId: number;
    address: string;
    amountMinor: bigint;
    txid: string;
    confirmations: number;
    source: DepositRow["source"];
  },
): Promise<DepositRow | undefined> {
  return tables(tx)
    .insertInto("wallet_deposits")
    .values({
      user_id: BigInt(row.userId),
      currency_id: row.currencyId,
      address: row.address,
      amount_minor: row.amountMinor,
      txid: row.txid,
      confirmations: row.confirmations,
      source: row.source,
    })
    .onConflict((oc) => oc.columns(["currency_id", "txid", "output_index"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Raises a deposit's confirmations (never lowers them) and locks its row for the rest of the
 * transaction: a concurrent confirmation of the same deposit waits here, then sees it credited.
 * Deposits found on a real chain are counted by its follower, never by hand.
 */
export async function raiseConfirmations(
  tx: Tx,
  depositId: number,
  confirmations: number | null,
): Promise<DepositRow | undefined> {
  return tables(tx)
    .updateTable("wallet_deposits")
    .set((eb) => ({
      confirmations:
        confirmations === null
          ? sql<number>`${eb.ref("confirmations")} + 1`
          : sql<number>`greatest(${eb.ref("confirmations")}, ${confirmations})`,
    }))
    .where("id", "=", BigInt(depositId))
    .where("source", "<>", "chain")
    .returningAll()
    .executeTakeFirst();
}

export async function markDepositCredited(tx: Tx, depositId: bigint, transferId: bigint): Promise<boolean> {
  const result = await tables(tx)
    .updateTable("wallet_deposits")
    .set({ status: "credited", credit_transfer_id: transferId, credited_at: sql`now()` })
    .where("id", "=", depositId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findDepositByTx(db: Db, currencyId: number, txid: string): Promise<DepositRow | undefined> {
  return tables(db)
    .selectFrom("wallet_deposits")
    .selectAll()
    .where("currency_id", "=", currencyId)
    .where("txid", "=", txid)
    .where("output_index", "=", 0)
    .executeTakeFirst();
}

export async function listPendingDepositIds(db: Db): Promise<number[]> {
  const rows = await tables(db)
    .selectFrom("wallet_deposits")
    .select("id")
    .where("status", "=", "pending")
    .where("source", "<>", "chain")
    .orderBy("id")
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function sumPendingDeposits(db: Db, userId: number): Promise<{ currency_id: number; total: string }[]> {
  const result = await sql<{ currency_id: number; total: string }>`
    SELECT currency_id, sum(amount_minor)::text AS total FROM wallet_deposits
    WHERE user_id = ${userId} AND status = 'pending' GROUP BY currency_id`.execute(db);
  return result.rows;
}

export async function listDeposits(
  db: Db,
  filter: { userId?: number; currencyId?: number; status?: DepositStatus },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: DepositRow[] }> {
  let query = tables(db).selectFrom("wallet_deposits");
  if (filter.userId !== undefined) query = query.where("user_id", "=", BigInt(filter.userId));
  if (filter.currencyId !== undefined) query = query.where("currency_id", "=", filter.currencyId);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<bigint>().as("count")).executeTakeFirst(),
    query.selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(count?.count ?? 0n), rows };
}

// ---- sends and withdrawals -----------------------------------------------------------------

export async function insertSend(
  tx: Tx,
  row: {
    transferId: bigint;
    senderUserId: number;
    recipientUserId: number;
    senderUsername: string;
    recipientUsername: string;
    currencyId: number;
    amountMinor: bigint;
    toAddress: string | null;
  },
): Promise<SendRow> {
  return tables(tx)
    .insertInto("wallet_sends")
    .values({
      transfer_id: row.transferId,
      sender_user_id: BigInt(row.senderUserId),
      recipient_user_id: BigInt(row.recipientUserId),
      sender_username: row.senderUsername,
      recipient_username: row.recipientUsername,
      currency_id: row.currencyId,
      amount_minor: row.amountMinor,
      to_address: row.toAddress,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSendsByTransferIds(db: Db, transferIds: bigint[]): Promise<SendRow[]> {
  if (transferIds.length === 0) return [];
  return tables(db).selectFrom("wallet_sends").selectAll().where("transfer_id", "in", transferIds).execute();
}

/**
 * The public ids of trades by their serial ids (the ledger names a trade by its serial id). The
 * trades table is the trades module's; the wallet, below it, reads this one column here so its
 * history links to the trade pages people know (/trade/4HEJwTGrpdT), never to a serial number.
 */
export async function findTradeHashes(db: Db, tradeIds: string[]): Promise<Map<string, string>> {
  if (tradeIds.length === 0) return new Map();
  const result = await sql<{ id: string; id_hashed: string }>`
    SELECT id::text AS id, id_hashed FROM trades WHERE id = ANY(${tradeIds}::bigint[])`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row.id_hashed]));
}

export async function insertWithdrawal(
  tx: Tx,
  row: {
    userId: number;
    currencyId: number;
    address: string;
    amountMinor: bigint;
    networkFeeMinor: bigint;
    holdTransferId: bigint;
    /** 'awaiting_approval' above the approval threshold; else 'held', ready for the broadcaster. */
    state: "awaiting_approval" | "held";
  },
): Promise<WithdrawalRow> {
  return tables(tx)
    .insertInto("wallet_withdrawals")
    .values({
      user_id: BigInt(row.userId),
      currency_id: row.currencyId,
      address: row.address,
      amount_minor: row.amountMinor,
      network_fee_minor: row.networkFeeMinor,
      hold_transfer_id: row.holdTransferId,
      state: row.state,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWithdrawalByHoldTransfer(db: Db, transferId: bigint): Promise<WithdrawalRow | undefined> {
  return tables(db)
    .selectFrom("wallet_withdrawals")
    .selectAll()
    .where("hold_transfer_id", "=", transferId)
    .executeTakeFirst();
}

export async function findWithdrawalsByTransferIds(db: Db, transferIds: bigint[]): Promise<WithdrawalRow[]> {
  if (transferIds.length === 0) return [];
  return tables(db)
    .selectFrom("wallet_withdrawals")
    .selectAll()
    .where((eb) => eb.or([eb("hold_transfer_id", "in", transferIds), eb("settle_transfer_id", "in", transferIds)]))
    .execute();
}

/**
 * What a user sent in the last 24 hours (internal sends and withdrawals that did not fail).
 * Called after the ledger has locked the sender's account, so concurrent sends of one user are
 * counted one after the other and cannot both slip under the limit.
 */
export async function sumSentSince(tx: Db, userId: number, currencyId: number, hours: number): Promise<bigint> {
  const result = await sql<{ total: string }>`
    SELECT (
      coalesce((SELECT sum(amount_minor) FROM wallet_sends
        WHERE sender_user_id = ${userId} AND currency_id = ${currencyId}
          AND created_at > now() - make_interval(hours => ${hours})), 0)
      + coalesce((SELECT sum(amount_minor) FROM wallet_withdrawals
        WHERE user_id = ${userId} AND currency_id = ${currencyId} AND state NOT IN ('failed', 'rejected')
          AND created_at > now() - make_interval(hours => ${hours})), 0)
    )::text AS total`.execute(tx);
  return BigInt(result.rows[0]?.total ?? "0");
}

/**
 * Claims withdrawals for broadcasting: new ones ('held') and ones whose broadcast started long
 * ago without an outcome (the worker crashed). SKIP LOCKED lets several workers share the queue.
 * The claim commits before the chain is called: the row then says a broadcast may have happened.
 */
export async function claimWithdrawals(tx: Tx, limit: number, staleAfterSeconds: number): Promise<WithdrawalRow[]> {
  const result = await sql<WithdrawalRow>`
    UPDATE wallet_withdrawals w
    SET state = 'broadcasting', broadcast_started_at = now(), broadcast_attempts = w.broadcast_attempts + 1,
        updated_at = now()
    FROM (
      SELECT id FROM wallet_withdrawals
      WHERE state = 'held'
         OR (state = 'broadcasting' AND broadcast_started_at < now() - make_interval(secs => ${staleAfterSeconds}))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) claimed
    WHERE w.id = claimed.id
    RETURNING w.*`.execute(tx);
  return result.rows;
}

/** An approved withdrawal joins the broadcaster's queue; false when it no longer waits. */
export async function releaseApprovedWithdrawal(tx: Tx, withdrawalId: bigint): Promise<boolean> {
  const result = await sql`UPDATE wallet_withdrawals SET state = 'held', updated_at = now()
    WHERE id = ${withdrawalId} AND state = 'awaiting_approval'`.execute(tx);
  return result.numAffectedRows === 1n;
}

export async function lockWithdrawalIn(
  tx: Tx,
  withdrawalId: bigint,
  state: "broadcasting" | "awaiting_approval",
): Promise<WithdrawalRow | undefined> {
  const result = await sql<WithdrawalRow>`
    SELECT * FROM wallet_withdrawals WHERE id = ${withdrawalId} AND state = ${state} FOR UPDATE`.execute(tx);
  return result.rows[0];
}

export async function settleWithdrawal(
  tx: Tx,
  withdrawalId: bigint,
  outcome: {
    state: "completed" | "failed" | "rejected";
    transferId: bigint;
    txid: string | null;
    failureReason: string | null;
  },
): Promise<WithdrawalRow> {
  return tables(tx)
    .updateTable("wallet_withdrawals")
    .set({
      state: outcome.state,
      settle_transfer_id: outcome.transferId,
      txid: outcome.txid,
      failure_reason: outcome.failureReason,
      settled_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where("id", "=", withdrawalId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function sumOpenWithdrawalsByAccount(
  db: Db,
): Promise<{ user_id: bigint; currency_id: number; total: string }[]> {
  const result = await sql<{ user_id: bigint; currency_id: number; total: string }>`
    SELECT user_id, currency_id, sum(amount_minor + network_fee_minor)::text AS total
    FROM wallet_withdrawals WHERE state IN ('awaiting_approval', 'held', 'broadcasting')
    GROUP BY user_id, currency_id`.execute(db);
  return result.rows;
}

// ---- the dev chain -------------------------------------------------------------------------

/** Records a broadcast once per withdrawal and returns its txid (the first one on a repeat). */
export async function recordDevBroadcast(
  db: Db,
  row: { withdrawalId: bigint; currencyId: number; address: string; amountMinor: bigint; txid: string },
): Promise<string> {
  await tables(db)
    .insertInto("wallet_dev_chain_broadcasts")
    .values({
      withdrawal_id: row.withdrawalId,
      currency_id: row.currencyId,
      address: row.address,
      amount_minor: row.amountMinor,
      txid: row.txid,
    })
    .onConflict((oc) => oc.column("withdrawal_id").doNothing())
    .execute();
  const found = await tables(db)
    .selectFrom("wallet_dev_chain_broadcasts")
    .select("txid")
    .where("withdrawal_id", "=", row.withdrawalId)
    .executeTakeFirstOrThrow();
  return found.txid;
}

export async function countDevBroadcasts(db: Db, withdrawalId: bigint): Promise<number> {
  const result = await sql<{ count: bigint }>`
    SELECT count(*) AS count FROM wallet_dev_chain_broadcasts WHERE withdrawal_id = ${withdrawalId}`.execute(db);
  return Number(result.rows[0]?.count ?? 0n);
}
