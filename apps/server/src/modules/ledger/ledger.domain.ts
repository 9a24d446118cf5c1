import { createHash } from "node:crypto";
import {
  DEFAULT_ESCROW_FEE_BPS,
  FEE_SHARD_COUNT,
  type LedgerAccountKind,
  type LedgerEntryCode,
  type LedgerTransferKind,
} from "@souk/contracts";
import {
  applyBasisPointsCeil,
  compareDecimal,
  decimal,
  MAX_MINOR,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from "@souk/money";
import {
  balanceChanged,
  escrowAlreadyHeld,
  escrowAlreadySettled,
  escrowAmountMismatch,
  escrowNotHeld,
  insufficientBalance,
  LedgerUsageError,
} from "./ledger.errors.ts";

/**
 * Pure rules of the ledger: which account a reference names, how a transfer becomes entries, and
 * whether its balances may be applied. No I/O here; ledger.service.ts locks and writes.
 */

// ---- accounts ------------------------------------------------------------------------------

/** A trade as the ledger knows it: only its id, as text. */
export type TradeId = number | bigint | string;

/** A bid for a pinned position (my-offers) as the ledger knows it: only its id, as text. */
export type BidId = number | bigint | string;

/**
 * The accounts a transfer can name. The currency is the transfer's. A bid's hold is an escrow
 * account too (account kind "escrow", reference type "offer_bid"): it follows the same hold, post
 * or void rules as a trade's.
 */
export type AccountRef =
  | { kind: "world" }
  | { kind: "available"; userId: number }
  | { kind: "bond"; userId: number }
  | { kind: "withdrawal"; userId: number }
  /** The seller is needed only to open the account (at hold); post and void may leave it out. */
  | { kind: "escrow"; tradeId: TradeId; sellerId?: number }
  /** The vendor is needed only to open the account (at hold). */
  | { kind: "bid_escrow"; bidId: BidId; vendorId?: number }
  | { kind: "fees"; shard: number }
  /** The platform's own coins in custody: the hot wallet's gas float and collected network fees. */
  | { kind: "treasury" };

/** Constructors that read well at call sites: `accounts.available(userId)`. */
export const accounts = {
  world: (): AccountRef => ({ kind: "world" }),
  available: (userId: number): AccountRef => ({ kind: "available", userId }),
  bond: (userId: number): AccountRef => ({ kind: "bond", userId }),
  withdrawal: (userId: number): AccountRef => ({ kind: "withdrawal", userId }),
  escrow: (tradeId: TradeId, sellerId?: number): AccountRef =>
    sellerId === undefined ? { kind: "escrow", tradeId } : { kind: "escrow", tradeId, sellerId },
  bidEscrow: (bidId: BidId, vendorId?: number): AccountRef =>
    vendorId === undefined ? { kind: "bid_escrow", bidId } : { kind: "bid_escrow", bidId, vendorId },
  fees: (shard: number): AccountRef => ({ kind: "fees", shard }),
  treasury: (): AccountRef => ({ kind: "treasury" }),
};

/** Everything needed to find an account, or to open it when it does not exist yet. */
export interface AccountSpec {
  key: string;
  kind: LedgerAccountKind;
  currencyId: number;
  ownerUserId: number | null;
  referenceType: string | null;
  referenceId: string | null;
  /** False when the ref lacks what opening needs (an escrow named without its seller). */
  canOpen: boolean;
}

const REFERENCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The reference type of a bid's hold account and of its transfers. */
export const BID_REFERENCE_TYPE = "offer_bid";

export function referenceIdOf(tradeId: TradeId | BidId): string {
  const text = String(tradeId);
  if (!REFERENCE_ID_PATTERN.test(text)) throw new LedgerUsageError(`invalid reference id: ${JSON.stringify(text)}`);
  return text;
}

function assertUserId(userId: number): void {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new LedgerUsageError(`invalid user id: ${userId}`);
}

function assertCurrencyId(currencyId: number): void {
  if (!Number.isSafeInteger(currencyId) || currencyId <= 0) {
    throw new LedgerUsageError(`invalid currency id: ${currencyId}`);
  }
}

export function accountSpec(ref: AccountRef, currencyId: number): AccountSpec {
  assertCurrencyId(currencyId);
  const c = `c${currencyId}`;
  switch (ref.kind) {
    case "world":
      return spec(`world:${c}`, "world", currencyId, null, null, null);
    case "treasury":
      return spec(`treasury:${c}`, "treasury", currencyId, null, null, null);
    case "available":
    case "bond":
    case "withdrawal":
      assertUserId(ref.userId);
      return spec(`${ref.kind}:u${ref.userId}:${c}`, ref.kind, currencyId, ref.userId, null, null);
    case "escrow": {
      const tradeId = referenceIdOf(ref.tradeId);
      if (ref.sellerId !== undefined) assertUserId(ref.sellerId);
      const result = spec(`escrow:trade:${tradeId}:${c}`, "escrow", currencyId, ref.sellerId ?? null, "trade", tradeId);
      return { ...result, canOpen: ref.sellerId !== undefined };
    }
    case "bid_escrow": {
      const bidId = referenceIdOf(ref.bidId);
      if (ref.vendorId !== undefined) assertUserId(ref.vendorId);
      const result = spec(
        `escrow:${BID_REFERENCE_TYPE}:${bidId}:${c}`,
        "escrow",
        currencyId,
        ref.vendorId ?? null,
        BID_REFERENCE_TYPE,
        bidId,
      );
      return { ...result, canOpen: ref.vendorId !== undefined };
    }
    case "fees":
      if (!Number.isInteger(ref.shard) || ref.shard < 0 || ref.shard >= FEE_SHARD_COUNT) {
        throw new LedgerUsageError(`invalid fee shard: ${ref.shard}`);
      }
      return spec(`fees:s${ref.shard}:${c}`, "fees", currencyId, null, "fee_shard", String(ref.shard));
  }
}

function spec(
  key: string,
  kind: LedgerAccountKind,
  currencyId: number,
  ownerUserId: number | null,
  referenceType: string | null,
  referenceId: string | null,
): AccountSpec {
  return { key, kind, currencyId, ownerUserId, referenceType, referenceId, canOpen: true };
}

/**
 * The fee shard of a trade: FNV-1a of its id, modulo the shard count. Stable, so a report can
 * say where a trade's fee went, and spread, so concurrent releases rarely wait on one row.
 */
export function feeShardFor(referenceId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < referenceId.length; i += 1) {
    hash ^= referenceId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % FEE_SHARD_COUNT;
}

// ---- transfers -----------------------------------------------------------------------------

export interface TransferLeg {
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
  code?: LedgerEntryCode;
}

export interface TransferRequest {
  /**
   * Unique per intended effect. Callers derive it from what must happen once (a deposit id, a
   * trade id and step, a user's Idempotency-Key), never from a clock.
   */
  idempotencyKey: string;
  kind: LedgerTransferKind;
  currencyId: number;
  legs: TransferLeg[];
  reference?: { type: string; id: string } | null;
  reversesTransferId?: bigint | null;
  /** Accounts that must hold exactly zero afterwards (a bond given back whole). */
  emptiedAccounts?: AccountRef[];
  /** Escrow accounts that must hold exactly zero afterwards and are closed for good. */
  settledAccounts?: AccountRef[];
  /** Escrow accounts that must be new or empty and never settled beforehand (a trade holds once). */
  freshAccounts?: AccountRef[];
}

export interface PlannedEntry {
  position: number;
  key: string;
  amount: bigint;
  code: LedgerEntryCode;
}

export interface TransferPlan {
  specs: AccountSpec[];
  entries: PlannedEntry[];
  /** Net change per account key. */
  deltas: Map<string, bigint>;
  emptiedKeys: Set<string>;
  settledKeys: Set<string>;
  freshKeys: Set<string>;
  requestHash: string;
}

const MAX_KEY_LENGTH = 512;

/**
 * Turns a request into entries (two per leg: minus on the paying account, plus on the receiving
 * one, so every transfer sums to zero by construction) and a hash of everything that defines its
 * effect. Refuses malformed requests as programming errors: amounts come already parsed.
 */
export function planTransfer(request: TransferRequest): TransferPlan {
  const key = request.idempotencyKey;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new LedgerUsageError("invalid idempotency key");
  if (request.legs.length === 0) throw new LedgerUsageError("a transfer needs at least one leg");
  const specs = new Map<string, AccountSpec>();
  const entries: PlannedEntry[] = [];
  const deltas = new Map<string, bigint>();
  const add = (accountKey: string, amount: bigint) => deltas.set(accountKey, (deltas.get(accountKey) ?? 0n) + amount);
  const remember = (accountSpecToKeep: AccountSpec) => {
    const known = specs.get(accountSpecToKeep.key);
    // The same account named twice keeps whichever mention can open it.
    if (!known || (!known.canOpen && accountSpecToKeep.canOpen)) specs.set(accountSpecToKeep.key, accountSpecToKeep);
  };
  for (const leg of request.legs) {
    if (typeof leg.amountMinor !== "bigint" || leg.amountMinor <= 0n || leg.amountMinor > MAX_MINOR) {
      throw new LedgerUsageError(`leg amounts must be positive bigints within BIGINT, got ${String(leg.amountMinor)}`);
    }
    const from = accountSpec(leg.from, request.currencyId);
    const to = accountSpec(leg.to, request.currencyId);
    if (from.key === to.key) throw new LedgerUsageError(`a leg moves money from ${from.key} to itself`);
    remember(from);
    remember(to);
    const code = leg.code ?? "principal";
    entries.push({ position: entries.length, key: from.key, amount: -leg.amountMinor, code });
    entries.push({ position: entries.length, key: to.key, amount: leg.amountMinor, code });
    add(from.key, -leg.amountMinor);
    add(to.key, leg.amountMinor);
  }
  const keysOf = (refs: AccountRef[] | undefined) => {
    const keys = new Set<string>();
    for (const ref of refs ?? []) {
      const found = accountSpec(ref, request.currencyId);
      if (!specs.has(found.key)) throw new LedgerUsageError(`${found.key} is named but no leg touches it`);
      keys.add(found.key);
    }
    return keys;
  };
  const settledKeys = keysOf(request.settledAccounts);
  for (const settled of settledKeys) {
    if (specs.get(settled)?.kind !== "escrow") throw new LedgerUsageError(`only escrow accounts settle (${settled})`);
  }
  return {
    specs: [...specs.values()],
    entries,
    deltas,
    emptiedKeys: keysOf(request.emptiedAccounts),
    settledKeys,
    freshKeys: keysOf(request.freshAccounts),
    requestHash: hashTransferRequest(request),
  };
}

/** A hash of the request's effect (not of its idempotency key), hex. */
function hashTransferRequest(request: TransferRequest): string {
  const keysOf = (refs: AccountRef[] | undefined) =>
    (refs ?? []).map((ref) => accountSpec(ref, request.currencyId).key);
  const canonical = JSON.stringify([
    request.kind,
    request.currencyId,
    request.reference ? [request.reference.type, request.reference.id] : null,
    request.reversesTransferId?.toString() ?? null,
    request.legs.map((leg) => [
      accountSpec(leg.from, request.currencyId).key,
      accountSpec(leg.to, request.currencyId).key,
      leg.amountMinor.toString(),
      leg.code ?? "principal",
    ]),
    keysOf(request.emptiedAccounts),
    keysOf(request.settledAccounts),
    keysOf(request.freshAccounts),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export interface LockedAccount {
  id: bigint;
  key: string;
  kind: LedgerAccountKind;
  balance: bigint;
  settledAt: Date | null;
  /** True when this transfer opened the account (it held nothing before). */
  isNew: boolean;
}

export interface BalanceUpdate {
  accountId: bigint;
  delta: bigint;
  isSettling: boolean;
}

export interface AppliedBalances {
  updates: BalanceUpdate[];
  balancesAfter: Map<string, bigint>;
}

/**
 * Checks the locked accounts against the plan and returns the balance updates. Escrow rules come
 * first so a wrong settlement reads as such rather than as an overdraft.
 */
export function applyPlan(plan: TransferPlan, locked: LockedAccount[]): AppliedBalances {
  const byKey = new Map(locked.map((account) => [account.key, account]));
  const updates: BalanceUpdate[] = [];
  const balancesAfter = new Map<string, bigint>();
  for (const [key, delta] of plan.deltas) {
    const account = byKey.get(key);
    if (!account) throw new LedgerUsageError(`account ${key} was not locked`);
    if (account.settledAt !== null) throw escrowAlreadySettled();
    if (plan.freshKeys.has(key) && (account.balance !== 0n || !account.isNew)) throw escrowAlreadyHeld();
    const after = account.balance + delta;
    const mustBeEmpty = plan.settledKeys.has(key) || plan.emptiedKeys.has(key);
    if (mustBeEmpty && after !== 0n) {
      throw account.kind === "escrow"
        ? account.balance === 0n
          ? escrowNotHeld()
          : escrowAmountMismatch()
        : balanceChanged();
    }
    if (account.kind !== "world" && after < 0n)
      throw account.kind === "escrow" ? escrowAmountMismatch() : insufficientBalance();
    if (after > MAX_MINOR || after < -MAX_MINOR) throw new LedgerUsageError(`balance of ${key} would leave BIGINT`);
    balancesAfter.set(key, after);
    if (delta !== 0n || plan.settledKeys.has(key)) {
      updates.push({ accountId: account.id, delta, isSettling: plan.settledKeys.has(key) });
    }
  }
  return { updates, balancesAfter };
}

// ---- escrow fees ---------------------------------------------------------------------------

const MAX_FEE_BPS = 10_000;

/**
 * The seller's escrow fee for an amount: amountMinor × feeBps / 10,000, rounded UP to a whole
 * minor unit (ceil). Rounding up means the platform never gives away a fraction of a unit and the
 * seller pays at most one minor unit more than the exact product; a zero rate or a zero amount
 * pays nothing. Exact bigint arithmetic throughout.
 */
export function computeEscrowFee(amountMinor: bigint, feeBps: number): bigint {
  if (amountMinor < 0n) throw new RangeError("amount must not be negative");
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > MAX_FEE_BPS) {
    throw new RangeError(`fee basis points must be an integer from 0 to ${MAX_FEE_BPS}, got ${feeBps}`);
  }
  return applyBasisPointsCeil(amountMinor, feeBps);
}

export interface EscrowFeePolicy {
  /** The offer's manual escrow fee (new_manual_escrow_fee), when the vendor set one. */
  offerFeeBps?: number | null;
  /** The seller's perk for this payment method (userPerks.discountedEscrowFee). */
  perkFeeBps?: number | null;
}

/**
 * A seller's perk rate: `feeBps` lowered by their fee discount (a fraction, "0.25" = a quarter
 * off), rounded half up to whole basis points. Null when there is no discount.
 */
export function discountedFeeBps(feeBps: number, discountFraction: string): number | null {
  const discount = parseDecimal(discountFraction);
  if (compareDecimal(discount, decimal(0n)) <= 0) return null;
  const kept = subtractDecimal(decimal(1n), discount);
  const rate = multiplyDecimal(decimal(BigInt(feeBps)), compareDecimal(kept, decimal(0n)) < 0 ? decimal(0n) : kept);
  return Number(roundDecimal(rate, 0, "half_up").units);
}

/**
 * Which rate applies: the offer's manual fee replaces the default 1 %; a perk can only lower
 * what would apply otherwise (a perk never raises a fee).
 */
export function resolveEscrowFeeBps(policy: EscrowFeePolicy = {}): number {
  const base = policy.offerFeeBps ?? DEFAULT_ESCROW_FEE_BPS;
  const rate = policy.perkFeeBps == null ? base : Math.min(base, policy.perkFeeBps);
  if (!Number.isInteger(rate) || rate < 0 || rate > MAX_FEE_BPS) {
    throw new RangeError(`fee basis points must be an integer from 0 to ${MAX_FEE_BPS}, got ${rate}`);
  }
  return rate;
}
