import type { LedgerAccountKind, LedgerEntryCode, LedgerTransferKind } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { AccountSpec, BalanceUpdate, PlannedEntry } from "./ledger.domain.ts";

/**
 * SQL of the ledger, hand-written: the hot path is four statements (insert the transfer, lock the
 * accounts in id order, write entries and balances in one statement, commit) and each is visible
 * here as it runs.
 */

export interface TransferRow {
  id: bigint;
  request_hash: string;
  created_at: Date;
}

export interface NewTransferRow {
  idempotencyKey: string;
  requestHash: string;
  kind: LedgerTransferKind;
  currencyId: number;
  referenceType: string | null;
  referenceId: string | null;
  reversesTransferId: bigint | null;
}

export async function findTransferByKey(db: Db, idempotencyKey: string): Promise<TransferRow | undefined> {
  const result = await sql<TransferRow>`
    SELECT id, request_hash, created_at FROM ledger_transfers WHERE idempotency_key = ${idempotencyKey}`.execute(db);
  return result.rows[0];
}

export interface AccountLockRow {
  id: bigint;
  key: string;
  kind: LedgerAccountKind;
  balance: bigint;
  settled_at: Date | null;
}

/**
 * Locks the accounts in id order: two transfers touching the same accounts always queue in the
 * same order, so they wait for each other but never deadlock. FOR NO KEY UPDATE is the lock an
 * UPDATE of the balance takes anyway; unlike FOR UPDATE it does not block foreign-key checks.
 */
export async function lockAccounts(tx: Tx, keys: string[]): Promise<AccountLockRow[]> {
  const result = await sql<AccountLockRow>`
    SELECT id, key, kind, balance, settled_at FROM ledger_accounts
    WHERE key = ANY(${keys}::text[])
    ORDER BY id
    FOR NO KEY UPDATE`.execute(tx);
  return result.rows;
}

export interface InsertAndLockResult {
  /** Undefined when the idempotency key exists already (nothing was inserted or locked). */
  transfer: TransferRow | undefined;
  accounts: AccountLockRow[];
}

/**
 * The hot path's first statement (ledger_begin_transfer, migration 0022): inserts the transfer
 * and, only if that succeeded, locks its accounts in id order, in one round trip. A duplicate key
 * inserts nothing and locks nothing.
 */
export async function insertTransferAndLockAccounts(
  tx: Tx,
  row: NewTransferRow,
  keys: string[],
  lockTimeout: string | null,
): Promise<InsertAndLockResult> {
  const result = await sql<{
    o_transfer_id: bigint;
    o_created_at: Date;
    o_account_id: bigint | null;
    o_account_key: string | null;
    o_account_kind: LedgerAccountKind | null;
    o_balance: bigint | null;
    o_settled_at: Date | null;
  }>`
    SELECT * FROM ledger_begin_transfer(
      ${row.idempotencyKey}, ${row.requestHash}, ${row.kind}, ${row.currencyId}::int, ${row.referenceType},
      ${row.referenceId}, ${row.reversesTransferId}::bigint, ${keys}::text[], ${lockTimeout})`.execute(tx);
  const first = result.rows[0];
  if (!first) return { transfer: undefined, accounts: [] };
  return {
    transfer: { id: first.o_transfer_id, request_hash: row.requestHash, created_at: first.o_created_at },
    accounts: result.rows.flatMap((r) =>
      r.o_account_id === null || r.o_account_key === null || r.o_account_kind === null || r.o_balance === null
        ? []
        : [
            {
              id: r.o_account_id,
              key: r.o_account_key,
              kind: r.o_account_kind,
              balance: r.o_balance,
              settled_at: r.o_settled_at,
            },
          ],
    ),
  };
}

/** Opens accounts that do not exist yet; returns the keys this call created. */
export async function insertAccounts(tx: Tx, specs: AccountSpec[]): Promise<string[]> {
  const result = await sql<{ key: string }>`
    INSERT INTO ledger_accounts (key, currency_id, kind, owner_user_id, reference_type, reference_id)
    SELECT * FROM unnest(
      ${specs.map((s) => s.key)}::text[],
      ${specs.map((s) => s.currencyId)}::int[],
      ${specs.map((s) => s.kind)}::text[],
      ${specs.map((s) => s.ownerUserId)}::bigint[],
      ${specs.map((s) => s.referenceType)}::text[],
      ${specs.map((s) => s.referenceId)}::text[])
    ON CONFLICT (key) DO NOTHING
    RETURNING key`.execute(tx);
  return result.rows.map((row) => row.key);
}

/**
 * Writes the entries and applies the balance changes in one round trip (ledger_write_entries,
 * migration 0022). The CHECK on balances stays as the last line of defence; the service has
 * already refused any overdraft by then.
 */
export async function writeEntriesAndBalances(
  tx: Tx,
  transferId: bigint,
  currencyId: number,
  entries: (PlannedEntry & { accountId: bigint })[],
  updates: BalanceUpdate[],
): Promise<void> {
  await sql`
    SELECT ledger_write_entries(
      ${transferId}::bigint, ${currencyId}::int,
      ${entries.map((e) => e.position)}::smallint[],
      ${entries.map((e) => e.accountId)}::bigint[],
      ${entries.map((e) => e.amount)}::bigint[],
      ${entries.map((e) => e.code)}::text[],
      ${updates.map((u) => u.accountId)}::bigint[],
      ${updates.map((u) => u.delta)}::bigint[],
      ${updates.map((u) => u.isSettling)}::boolean[])`.execute(tx);
}

export interface TransferEntryRow {
  transfer_id: bigint;
  position: number;
  account_id: bigint;
  account_key: string;
  account_kind: LedgerAccountKind;
  owner_user_id: bigint | null;
  reference_type: string | null;
  reference_id: string | null;
  amount: bigint;
  code: LedgerEntryCode;
}

export interface TransferWithEntriesRow {
  id: bigint;
  idempotency_key: string;
  kind: LedgerTransferKind;
  currency_id: number;
  reference_type: string | null;
  reference_id: string | null;
  reverses_transfer_id: bigint | null;
  created_at: Date;
}

export async function findTransferById(db: Db, transferId: bigint): Promise<TransferWithEntriesRow | undefined> {
  const result = await sql<TransferWithEntriesRow>`
    SELECT id, idempotency_key, kind, currency_id, reference_type, reference_id, reverses_transfer_id, created_at
    FROM ledger_transfers WHERE id = ${transferId}`.execute(db);
  return result.rows[0];
}

export async function listTransferEntries(db: Db, transferId: bigint): Promise<TransferEntryRow[]> {
  const result = await sql<TransferEntryRow>`
    SELECT e.transfer_id, e.position, e.account_id, a.key AS account_key, a.kind AS account_kind, a.owner_user_id,
           a.reference_type, a.reference_id, e.amount, e.code
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transfer_id = ${transferId}
    ORDER BY e.position`.execute(db);
  return result.rows;
}

export interface OwnerBalanceRow {
  currency_id: number;
  kind: LedgerAccountKind;
  balance: string;
}

/** Balances of every account a user owns, summed per currency and kind (escrow spans trades). */
export async function sumOwnerBalances(db: Db, userId: number): Promise<OwnerBalanceRow[]> {
  const result = await sql<OwnerBalanceRow>`
    SELECT currency_id, kind, sum(balance)::text AS balance
    FROM ledger_accounts WHERE owner_user_id = ${userId}
    GROUP BY currency_id, kind`.execute(db);
  return result.rows;
}

/** Non-zero balances of one account kind, per owner and currency (verification reads these). */
export async function listNonZeroBalancesOfKind(
  db: Db,
  kind: LedgerAccountKind,
): Promise<{ owner_user_id: bigint | null; currency_id: number; balance: bigint }[]> {
  const result = await sql<{ owner_user_id: bigint | null; currency_id: number; balance: bigint }>`
    SELECT owner_user_id, currency_id, balance FROM ledger_accounts
    WHERE kind = ${kind} AND balance <> 0 ORDER BY id`.execute(db);
  return result.rows;
}

export async function findEscrowBalance(
  db: Db,
  key: string,
): Promise<{ balance: bigint; settled_at: Date | null } | undefined> {
  const result = await sql<{ balance: bigint; settled_at: Date | null }>`
    SELECT balance, settled_at FROM ledger_accounts WHERE key = ${key}`.execute(db);
  return result.rows[0];
}

export interface FeeTotalRow {
  currency_id: number;
  total: string;
}

export async function sumFeeShards(db: Db): Promise<FeeTotalRow[]> {
  const result = await sql<FeeTotalRow>`
    SELECT currency_id, sum(balance)::text AS total FROM ledger_accounts WHERE kind = 'fees'
    GROUP BY currency_id ORDER BY currency_id`.execute(db);
  return result.rows;
}

export interface EntryMatch {
  transferKinds: LedgerTransferKind[];
  codes?: LedgerEntryCode[];
  /** What the transfer is about ("trade", "offer_bid", ...); any when absent. */
  referenceTypes?: string[];
}

export interface OwnerEntriesFilter {
  ownerUserId: number;
  accountKinds: LedgerAccountKind[];
  currencyId?: number | undefined;
  /** Entries matching any of these; none given means every entry. */
  matches?: EntryMatch[] | undefined;
  fromInclusive?: Date | undefined;
  toExclusive?: Date | undefined;
}

export interface OwnerEntryRow {
  transfer_id: bigint;
  position: number;
  currency_id: number;
  amount: bigint;
  code: LedgerEntryCode;
  transfer_kind: LedgerTransferKind;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Date;
  account_kind: LedgerAccountKind;
}

function ownerEntriesWhere(filter: OwnerEntriesFilter) {
  const conditions = [sql`a.owner_user_id = ${filter.ownerUserId}`, sql`a.kind = ANY(${filter.accountKinds}::text[])`];
  if (filter.currencyId !== undefined) conditions.push(sql`a.currency_id = ${filter.currencyId}`);
  if (filter.fromInclusive) conditions.push(sql`t.created_at >= ${filter.fromInclusive}`);
  if (filter.toExclusive) conditions.push(sql`t.created_at < ${filter.toExclusive}`);
  if (filter.matches && filter.matches.length > 0) {
    const alternatives = filter.matches.map((match) => {
      const parts = [sql`t.kind = ANY(${match.transferKinds}::text[])`];
      if (match.codes) parts.push(sql`e.code = ANY(${match.codes}::text[])`);
      if (match.referenceTypes) parts.push(sql`t.reference_type = ANY(${match.referenceTypes}::text[])`);
      return sql`(${sql.join(parts, sql` AND `)})`;
    });
    conditions.push(sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  return sql.join(conditions, sql` AND `);
}

export async function countOwnerEntries(db: Db, filter: OwnerEntriesFilter): Promise<number> {
  const result = await sql<{ count: bigint }>`
    SELECT count(*) AS count
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE ${ownerEntriesWhere(filter)}`.execute(db);
  return Number(result.rows[0]?.count ?? 0n);
}

export async function listOwnerEntries(
  db: Db,
  filter: OwnerEntriesFilter,
  limit: number,
  offset: number,
): Promise<OwnerEntryRow[]> {
  const result = await sql<OwnerEntryRow>`
    SELECT e.transfer_id, e.position, e.currency_id, e.amount, e.code, t.kind AS transfer_kind,
           t.reference_type, t.reference_id, t.created_at, a.kind AS account_kind
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE ${ownerEntriesWhere(filter)}
    ORDER BY e.transfer_id DESC, e.position DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

/**
 * For another module's query that needs a user's available balance row by row (the marketplace
 * leaves out sell offers their owner cannot fund): the balance, in minor units, of the available
 * account of the user and currency the two SQL expressions name, 0 when it was never opened. One
 * lookup by the account's unique key, written as accountSpec builds it.
 */
export function availableBalanceSql(userIdSql: RawBuilder<unknown>, currencyIdSql: RawBuilder<unknown>) {
  return sql<bigint>`COALESCE((SELECT la.balance FROM ledger_accounts la
    WHERE la.key = 'available:u' || ${userIdSql} || ':c' || ${currencyIdSql}), 0)`;
}
