import type { LedgerAccountKind, LedgerEntryCode, LedgerTransferKind } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { type CryptoCurrency, getCryptoCurrencyByCode } from "../reference/index.ts";
import {
  type AccountRef,
  accountSpec,
  accounts,
  applyPlan,
  BID_REFERENCE_TYPE,
  feeShardFor,
  type LockedAccount,
  planTransfer,
  referenceIdOf,
  type TradeId,
  type TransferLeg,
  type TransferRequest,
} from "./ledger.domain.ts";
import {
  alreadyReversed,
  escrowAlreadySettled,
  escrowNotHeld,
  idempotencyConflict,
  LedgerUsageError,
  ledgerBusy,
  unknownCryptoCurrency,
} from "./ledger.errors.ts";
import * as repo from "./ledger.repo.ts";

export interface TransferResult {
  transferId: bigint;
  createdAt: Date;
  /** True when the idempotency key had already done its work: nothing moved this time. */
  isReplayed: boolean;
  /** Balances after this transfer by account key; null on a replay. */
  balancesAfter: Map<string, bigint> | null;
}

/**
 * The one function that moves money. It runs inside the caller's transaction, so the caller's
 * own writes (a trade's status, a withdrawal row) commit or roll back with the money.
 *
 * 1. The transfer row is inserted first, keyed by its idempotency key. A duplicate waits on the
 *    unique index until the first commits, then finds it: the same request hash returns it
 *    (no second effect), another hash is refused.
 * 2. The accounts are locked in id order (opened first when new), in the same statement as 1.
 * 3. Overdrafts and escrow rules are checked on the locked balances (typed errors, never a raw
 *    CHECK violation), then the entries and balances are written in one statement.
 * 4. At commit a deferred trigger re-proves that the entries sum to zero per currency.
 *
 * A refusal (a DomainError) leaves the transfer half-written in the transaction: let the
 * transaction roll back. A caller that swallowed the error and committed anyway would be stopped
 * by that trigger (a transfer without entries does not commit).
 */
export async function transfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  const plan = planTransfer(request);
  const keys = plan.specs.map((spec) => spec.key);
  const { transfer: inserted, accounts: lockedRows } = await insertTransferAndLock(tx, request, plan.requestHash, keys);
  if (!inserted) {
    const existing = await repo.findTransferByKey(tx, request.idempotencyKey);
    if (!existing) throw new LedgerUsageError("an idempotency key conflicted but its transfer is not visible");
    if (existing.request_hash !== plan.requestHash) throw idempotencyConflict();
    return { transferId: existing.id, createdAt: existing.created_at, isReplayed: true, balancesAfter: null };
  }

  let rows = lockedRows;
  const openedKeys = new Set<string>();
  if (rows.length < keys.length) {
    const found = new Set(rows.map((row) => row.key));
    const missing = plan.specs.filter((spec) => !found.has(spec.key));
    const unopenable = missing.find((spec) => !spec.canOpen);
    if (unopenable)
      throw unopenable.kind === "escrow" ? escrowNotHeld() : new LedgerUsageError(`cannot open ${unopenable.key}`);
    for (const key of await repo.insertAccounts(tx, missing)) openedKeys.add(key);
    rows = await repo.lockAccounts(tx, keys);
  }
  const locked: LockedAccount[] = rows.map((row) => ({
    id: row.id,
    key: row.key,
    kind: row.kind,
    balance: row.balance,
    settledAt: row.settled_at,
    isNew: openedKeys.has(row.key),
  }));
  const { updates, balancesAfter } = applyPlan(plan, locked);
  const idByKey = new Map(locked.map((account) => [account.key, account.id]));
  const entries = plan.entries.map((entry) => {
    const accountId = idByKey.get(entry.key);
    if (accountId === undefined) throw new LedgerUsageError(`account ${entry.key} was not locked`);
    return { ...entry, accountId };
  });
  await repo.writeEntriesAndBalances(tx, inserted.id, request.currencyId, entries, updates);
  return { transferId: inserted.id, createdAt: inserted.created_at, isReplayed: false, balancesAfter };
}

async function insertTransferAndLock(tx: Tx, request: TransferRequest, requestHash: string, keys: string[]) {
  // The lock timeout of withLedgerTx rides along with the first ledger statement of the
  // transaction instead of costing a round trip of its own.
  const lockTimeoutMs = pendingLockTimeouts.get(tx);
  pendingLockTimeouts.delete(tx);
  try {
    return await repo.insertTransferAndLockAccounts(
      tx,
      {
        idempotencyKey: request.idempotencyKey,
        requestHash,
        kind: request.kind,
        currencyId: request.currencyId,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        reversesTransferId: request.reversesTransferId ?? null,
      },
      keys,
      lockTimeoutMs === undefined ? null : `${lockTimeoutMs}ms`,
    );
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "ledger_transfers_reverses_transfer_id_key") throw alreadyReversed();
    throw error;
  }
}

// ---- transactions --------------------------------------------------------------------------

/** How long a ledger transaction waits for a locked account before giving up (busy, 503). */
const LEDGER_LOCK_TIMEOUT_MS = 5_000;
const LEDGER_TX_ATTEMPTS = 5;
// Serialization failure, deadlock, lock wait timeout, statement timeout.
const BUSY_CODES = new Set(["40001", "40P01", "55P03", "57014"]);

function isLedgerBusyError(error: unknown): boolean {
  return BUSY_CODES.has(String((error as { code?: unknown })?.code));
}

// Transactions opened by withLedgerTx whose lock timeout the next transfer() should set.
const pendingLockTimeouts = new WeakMap<Tx, number>();

export interface LedgerTxOptions {
  lockTimeoutMs?: number;
}

/**
 * Runs money-moving work in one transaction. From the first ledger statement on, every lock wait
 * is bounded (LEDGER_LOCK_TIMEOUT_MS); statements the work runs before its first transfer are
 * not (docs/decisions/038-ledger-hot-statements-in-plpgsql.md). Deadlocks and serialization
 * failures are retried whole
 * (nothing was applied); when retries run out, or a lock cannot be had in time, the caller gets
 * ERROR_LEDGER_ASYNC_MODE (503), which the web app retries (docs/product.md#busy-ledger-retry).
 */
export async function withLedgerTx<T>(db: Db, work: (tx: Tx) => Promise<T>, options: LedgerTxOptions = {}): Promise<T> {
  const lockTimeoutMs = options.lockTimeoutMs ?? LEDGER_LOCK_TIMEOUT_MS;
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs <= 0) throw new LedgerUsageError("invalid lock timeout");
  try {
    return await withTx(
      db,
      async (tx) => {
        pendingLockTimeouts.set(tx, lockTimeoutMs);
        return work(tx);
      },
      LEDGER_TX_ATTEMPTS,
    );
  } catch (error) {
    if (isLedgerBusyError(error)) throw ledgerBusy();
    throw error;
  }
}

// ---- currencies ----------------------------------------------------------------------------

export interface LedgerCurrency {
  id: number;
  code: string;
  decimals: number;
}

// Currency ids and decimals never change once a currency exists (ids are part of the public API,
// decimals are the ledger's unit), so they are cached for the process. Blocking is not cached.
const currencyByCode = new Map<string, LedgerCurrency>();

export async function resolveLedgerCurrency(db: Db, code: string): Promise<LedgerCurrency> {
  const upper = code.toUpperCase();
  const cached = currencyByCode.get(upper);
  if (cached) return cached;
  const found: CryptoCurrency | null = await getCryptoCurrencyByCode(db, upper);
  if (!found) throw unknownCryptoCurrency();
  const currency = { id: found.id, code: found.code, decimals: found.decimals };
  currencyByCode.set(upper, currency);
  return currency;
}

// ---- escrow --------------------------------------------------------------------------------

export interface HoldEscrowInput {
  tradeId: TradeId;
  sellerId: number;
  currencyCode: string;
  amountMinor: bigint;
  feeMinor: bigint;
  /**
   * The trade-start request's key, when it has one: a retry of that request replays the hold.
   * A trade holds once whatever the key: a second hold for the same trade is refused.
   */
  idempotencyKey?: string;
}

export interface SettleEscrowAmounts {
  tradeId: TradeId;
  currencyCode: string;
  /** What the trade says is held: the ledger refuses a settlement that does not empty the escrow exactly. */
  amountMinor: bigint;
  feeMinor: bigint;
}

function escrowLegs(from: AccountRef, to: AccountRef, amountMinor: bigint, feeMinor: bigint): TransferLeg[] {
  const legs: TransferLeg[] = [{ from, to, amountMinor, code: "principal" }];
  if (feeMinor > 0n) legs.push({ from, to, amountMinor: feeMinor, code: "fee" });
  return legs;
}

function assertEscrowAmounts(amountMinor: bigint, feeMinor: bigint): void {
  if (amountMinor <= 0n) throw new LedgerUsageError("an escrow amount must be positive");
  if (feeMinor < 0n) throw new LedgerUsageError("an escrow fee must not be negative");
}

const settleKey = (tradeId: string) => `trade:${tradeId}:settle`;

/** A trade's escrow account (the seller's, when it is opened by a hold) and the reference its transfers carry. */
function tradeEscrowOf(tradeId: string, currencyCode: string, sellerId?: number): EscrowOf {
  return { reference: { type: "trade", id: tradeId }, currencyCode, account: accounts.escrow(tradeId, sellerId) };
}

/** Seller available -> the trade's own escrow account: amount plus the seller's fee. */
export async function holdEscrow(tx: Tx, input: HoldEscrowInput): Promise<TransferResult> {
  assertEscrowAmounts(input.amountMinor, input.feeMinor);
  const tradeId = referenceIdOf(input.tradeId);
  const escrow = tradeEscrowOf(tradeId, input.currencyCode, input.sellerId);
  const idempotencyKey = input.idempotencyKey
    ? `trade:${tradeId}:hold:${input.idempotencyKey}`
    : `trade:${tradeId}:hold`;
  const legs = escrowLegs(accounts.available(input.sellerId), escrow.account, input.amountMinor, input.feeMinor);
  return moveEscrow(tx, escrow, "escrow_hold", idempotencyKey, legs);
}

/**
 * Release: escrow -> buyer's available (the amount) and -> a platform fee shard (the fee); the
 * escrow account is closed. Post and void of one trade share one idempotency key, so the
 * database itself allows exactly one of them (docs/reliability.md#i5-escrow-settles-once); any
 * second one is refused
 * with ERROR_ESCROW_ALREADY_SETTLED.
 */
export async function postEscrow(tx: Tx, input: SettleEscrowAmounts & { buyerId: number }): Promise<TransferResult> {
  assertEscrowAmounts(input.amountMinor, input.feeMinor);
  const tradeId = referenceIdOf(input.tradeId);
  const escrow = tradeEscrowOf(tradeId, input.currencyCode);
  const legs: TransferLeg[] = [
    { from: escrow.account, to: accounts.available(input.buyerId), amountMinor: input.amountMinor, code: "principal" },
  ];
  if (input.feeMinor > 0n) {
    const fees = accounts.fees(feeShardFor(tradeId));
    legs.push({ from: escrow.account, to: fees, amountMinor: input.feeMinor, code: "fee" });
  }
  return moveEscrow(tx, escrow, "escrow_post", settleKey(tradeId), legs);
}

/** Cancel or expiry: escrow -> seller's available, amount and fee; the escrow account is closed. */
export async function voidEscrow(tx: Tx, input: SettleEscrowAmounts & { sellerId: number }): Promise<TransferResult> {
  assertEscrowAmounts(input.amountMinor, input.feeMinor);
  const tradeId = referenceIdOf(input.tradeId);
  const escrow = tradeEscrowOf(tradeId, input.currencyCode);
  const legs = escrowLegs(escrow.account, accounts.available(input.sellerId), input.amountMinor, input.feeMinor);
  return moveEscrow(tx, escrow, "escrow_void", settleKey(tradeId), legs);
}

/** An escrow account and what it holds for (a trade or a bid), in the currency it holds. */
export interface EscrowOf {
  reference: { type: string; id: string };
  currencyCode: string;
  account: AccountRef;
}

type EscrowTransferKind = Extract<LedgerTransferKind, "escrow_hold" | "escrow_post" | "escrow_void">;

/**
 * The one way money enters or leaves an escrow account, for trades and bids alike. A hold wants
 * the escrow fresh (a trade or bid holds once); a post or void must empty it, closes it, and
 * settles once.
 */
export async function moveEscrow(
  tx: Tx,
  escrow: EscrowOf,
  kind: EscrowTransferKind,
  idempotencyKey: string,
  legs: TransferLeg[],
): Promise<TransferResult> {
  const currency = await resolveLedgerCurrency(tx, escrow.currencyCode);
  const request = { idempotencyKey, kind, currencyId: currency.id, reference: escrow.reference, legs };
  if (kind === "escrow_hold") return transfer(tx, { ...request, freshAccounts: [escrow.account] });
  return settleOnce(tx, { ...request, settledAccounts: [escrow.account] });
}

/**
 * A trade (or a bid's hold) settles once. Unlike other transfers, a repeated settlement is refused even when it is
 * identical (not answered as a replay): the trades module guards with its status update, and a
 * second post or void reaching the ledger means that guard was missed, which must be loud.
 */
async function settleOnce(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  let result: TransferResult;
  try {
    result = await transfer(tx, request);
  } catch (error) {
    if ((error as { code?: string }).code === idempotencyConflict().code) throw escrowAlreadySettled();
    throw error;
  }
  if (result.isReplayed) throw escrowAlreadySettled();
  return result;
}

export interface EscrowState {
  heldMinor: bigint;
  isSettled: boolean;
  exists: boolean;
}

export async function getEscrowState(db: Db, tradeId: TradeId, currencyCode: string): Promise<EscrowState> {
  const currency = await resolveLedgerCurrency(db, currencyCode);
  const row = await repo.findEscrowBalance(db, accountSpec(accounts.escrow(tradeId), currency.id).key);
  return { heldMinor: row?.balance ?? 0n, isSettled: row?.settled_at != null, exists: row !== undefined };
}

// ---- corrections ---------------------------------------------------------------------------

/**
 * A correction: a new transfer with every entry of the original negated, pointing at it. The
 * original stays as it was (I9); a transfer is reversed at most once (unique reverses_transfer_id).
 */
export async function reverseTransfer(
  tx: Tx,
  input: { transferId: bigint; idempotencyKey: string },
): Promise<TransferResult> {
  const original = await repo.findTransferById(tx, input.transferId);
  if (!original) throw new LedgerUsageError(`no transfer ${input.transferId}`);
  const entries = await repo.listTransferEntries(tx, input.transferId);
  const legs: TransferLeg[] = [];
  // Entries come in (minus, plus) pairs per leg: the reversal moves each leg back.
  for (let i = 0; i + 1 < entries.length; i += 2) {
    const paid = entries[i];
    const received = entries[i + 1];
    if (!paid || !received || paid.amount >= 0n || received.amount !== -paid.amount) {
      throw new LedgerUsageError(`transfer ${input.transferId} does not have the leg layout`);
    }
    legs.push({
      from: refOfRow(received),
      to: refOfRow(paid),
      amountMinor: received.amount,
      code: received.code,
    });
  }
  return transfer(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: "reversal",
    currencyId: original.currency_id,
    reference:
      original.reference_type && original.reference_id
        ? { type: original.reference_type, id: original.reference_id }
        : null,
    reversesTransferId: original.id,
    legs,
  });
}

function refOfRow(row: repo.TransferEntryRow): AccountRef {
  const owner = row.owner_user_id === null ? undefined : Number(row.owner_user_id);
  switch (row.account_kind) {
    case "world":
      return accounts.world();
    case "treasury":
      return accounts.treasury();
    case "available":
    case "bond":
    case "withdrawal":
      if (owner === undefined) break;
      return { kind: row.account_kind, userId: owner };
    case "escrow":
      if (row.reference_id === null) break;
      return row.reference_type === BID_REFERENCE_TYPE
        ? accounts.bidEscrow(row.reference_id, owner)
        : accounts.escrow(row.reference_id, owner);
    case "fees":
      return accounts.fees(Number(row.reference_id));
  }
  throw new LedgerUsageError(`cannot name account ${row.account_key}`);
}

// ---- reads ---------------------------------------------------------------------------------

export interface TransferView {
  id: bigint;
  idempotencyKey: string;
  kind: LedgerTransferKind;
  currencyId: number;
  reference: { type: string; id: string } | null;
  reversesTransferId: bigint | null;
  createdAt: Date;
  entries: {
    position: number;
    accountKey: string;
    accountKind: LedgerAccountKind;
    ownerUserId: number | null;
    amountMinor: bigint;
    code: LedgerEntryCode;
  }[];
}

export async function getTransfer(db: Db, transferId: bigint): Promise<TransferView | null> {
  const row = await repo.findTransferById(db, transferId);
  if (!row) return null;
  const entries = await repo.listTransferEntries(db, transferId);
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    currencyId: row.currency_id,
    reference: row.reference_type && row.reference_id ? { type: row.reference_type, id: row.reference_id } : null,
    reversesTransferId: row.reverses_transfer_id,
    createdAt: row.created_at,
    entries: entries.map((entry) => ({
      position: entry.position,
      accountKey: entry.account_key,
      accountKind: entry.account_kind,
      ownerUserId: entry.owner_user_id === null ? null : Number(entry.owner_user_id),
      amountMinor: entry.amount,
      code: entry.code,
    })),
  };
}

export interface OwnerBalance {
  currencyId: number;
  kind: LedgerAccountKind;
  balanceMinor: bigint;
}

/** Every balance a user owns, per currency and account kind (escrow summed over open trades). */
export async function getOwnerBalances(db: Db, userId: number): Promise<OwnerBalance[]> {
  const rows = await repo.sumOwnerBalances(db, userId);
  return rows.map((row) => ({ currencyId: row.currency_id, kind: row.kind, balanceMinor: BigInt(row.balance) }));
}

/** Every non-zero balance of one account kind (for cross-checks such as open withdrawals). */
export async function listNonZeroBalances(
  db: Db,
  kind: LedgerAccountKind,
): Promise<{ ownerUserId: number | null; currencyId: number; balanceMinor: bigint }[]> {
  const rows = await repo.listNonZeroBalancesOfKind(db, kind);
  return rows.map((row) => ({
    ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
    currencyId: row.currency_id,
    balanceMinor: row.balance,
  }));
}

/**
 * What Souk holds in custody per currency: every account but the world's (users, escrow, fees,
 * treasury), which is minus the world account's balance since every transfer balances.
 */
export async function getCustodyTotals(db: Db): Promise<{ currencyId: number; totalMinor: bigint }[]> {
  const rows = await repo.listNonZeroBalancesOfKind(db, "world");
  return rows.map((row) => ({ currencyId: row.currency_id, totalMinor: -row.balance }));
}

/** Platform fee income per currency: the sixteen shards summed. */
export async function getFeeTotals(db: Db): Promise<{ currencyId: number; totalMinor: bigint }[]> {
  const rows = await repo.sumFeeShards(db);
  return rows.map((row) => ({ currencyId: row.currency_id, totalMinor: BigInt(row.total) }));
}

export interface OwnerEntry {
  transferId: bigint;
  position: number;
  currencyId: number;
  /** Signed: positive came in, negative went out. */
  amountMinor: bigint;
  code: LedgerEntryCode;
  transferKind: LedgerTransferKind;
  reference: { type: string; id: string } | null;
  createdAt: Date;
  accountKind: LedgerAccountKind;
}

export type { EntryMatch } from "./ledger.repo.ts";

/** A page of the entries on a user's own accounts, newest first, with the total count. */
export async function listOwnerEntries(
  db: Db,
  filter: repo.OwnerEntriesFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; entries: OwnerEntry[] }> {
  const [total, rows] = await Promise.all([
    repo.countOwnerEntries(db, filter),
    repo.listOwnerEntries(db, filter, page.limit, page.offset),
  ]);
  return {
    total,
    entries: rows.map((row) => ({
      transferId: row.transfer_id,
      position: row.position,
      currencyId: row.currency_id,
      amountMinor: row.amount,
      code: row.code,
      transferKind: row.transfer_kind,
      reference: row.reference_type && row.reference_id ? { type: row.reference_type, id: row.reference_id } : null,
      createdAt: row.created_at,
      accountKind: row.account_kind,
    })),
  };
}
