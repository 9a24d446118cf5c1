/**
 * A small model of the money a few users hold (available, trade escrow, bond, bid hold, pending
 * withdrawals, the platform's fees), the operations that move it, and the check that a batch of
 * operations run at the same time ended in a state some serial order of them explains.
 *
 * Every operation's amount is fixed before the batch runs (a share of a balance as it stood), so
 * each operation either has its whole effect or none. The check searches the orders of the batch:
 * one where every accepted operation was allowed at its turn and every refused one was refused
 * with the code the model gives at its turn, and whose end state is the database's.
 */

export const USDT_UNIT = 1_000_000n;
/** The wallet's network fee and minimum for a USDT withdrawal, and the vendor bond. */
export const WITHDRAWAL_FEE = 1n * USDT_UNIT;
export const MIN_WITHDRAWAL = 10n * USDT_UNIT;
export const BOND = 100n * USDT_UNIT;
/** The trade offers' escrow fee: 1 %, rounded up to a whole minor unit. */
export const feeOf = (amount: bigint) => (amount * 100n + 9_999n) / 10_000n;

/** Refusals that mean "nothing happened, try again": explained by any order. */
export const RETRYABLE_CODES = new Set(["ERROR_LEDGER_ASYNC_MODE", "ERROR_CONFLICT"]);

export type TradeState = "active_funded" | "paid" | "released" | "cancelled_buyer";

export interface ModelTrade {
  status: TradeState;
  buyer: number;
  seller: number;
  amount: bigint;
  fee: bigint;
}

export interface World {
  available: bigint[];
  /** Trade escrow and bid holds per owner, as the ledger sums them. */
  escrow: bigint[];
  bond: bigint[];
  /** The amount of each user's live (funded) bid, zero without one. */
  liveBid: bigint[];
  /** What each user's pending withdrawals hold (amount plus network fee). */
  pendingWithdrawal: bigint[];
  pendingWithdrawals: number;
  fees: bigint;
  /** Trades made before the batch (the batch's paid, release and cancel act on these). */
  trades: ModelTrade[];
  /** Trades the batch started. */
  started: ModelTrade[];
  /** Ledger transfers the batch's operations wrote. */
  transfers: number;
}

export type Op =
  | { type: "send"; from: number; to: number; amount: bigint }
  | { type: "withdraw"; user: number; amount: bigint }
  | { type: "broadcast" }
  | { type: "start"; taker: number; owner: number; amount: bigint }
  | { type: "paid" | "release" | "cancel"; trade: number }
  | { type: "bid"; vendor: number; amount: bigint }
  | { type: "bond"; user: number; action: "deposit" | "retrieve" };

/** What happened to an operation: "ok" (a broadcast: "ok:<withdrawals sent>") or the refusal's code. */
export type Outcome = string;

function clone(world: World): World {
  return {
    ...world,
    available: [...world.available],
    escrow: [...world.escrow],
    bond: [...world.bond],
    liveBid: [...world.liveBid],
    pendingWithdrawal: [...world.pendingWithdrawal],
    trades: world.trades.map((trade) => ({ ...trade })),
    started: world.started.map((trade) => ({ ...trade })),
  };
}

function add(list: bigint[], index: number, delta: bigint): void {
  list[index] = (list[index] ?? 0n) + delta;
}

/** The outcome an operation has on `world` when it runs alone, and the world after it. */
export function predict(op: Op, world: World): { outcome: Outcome; next: World } {
  const next = clone(world);
  const refuse = (code: string) => ({ outcome: code, next: world });
  const available = (user: number) => world.available[user] ?? 0n;
  switch (op.type) {
    case "send": {
      if (available(op.from) < op.amount) return refuse("ERROR_INSUFFICIENT_BALANCE");
      add(next.available, op.from, -op.amount);
      add(next.available, op.to, op.amount);
      next.transfers += 1;
      return { outcome: "ok", next };
    }
    case "withdraw": {
      const total = op.amount + WITHDRAWAL_FEE;
      if (available(op.user) < total) return refuse("ERROR_INSUFFICIENT_BALANCE");
      add(next.available, op.user, -total);
      add(next.pendingWithdrawal, op.user, total);
      next.pendingWithdrawals += 1;
      next.transfers += 1;
      return { outcome: "ok", next };
    }
    case "broadcast": {
      // Every pending withdrawal is sent: its hold leaves for the chain.
      next.pendingWithdrawal = next.pendingWithdrawal.map(() => 0n);
      next.pendingWithdrawals = 0;
      next.transfers += world.pendingWithdrawals;
      return { outcome: `ok:${world.pendingWithdrawals}`, next };
    }
    case "start": {
      const fee = feeOf(op.amount);
      if (available(op.owner) < op.amount + fee) return refuse("ERROR_INSUFFICIENT_BALANCE");
      add(next.available, op.owner, -(op.amount + fee));
      add(next.escrow, op.owner, op.amount + fee);
      next.started.push({ status: "active_funded", buyer: op.taker, seller: op.owner, amount: op.amount, fee });
      next.transfers += 1;
      return { outcome: "ok", next };
    }
    case "paid":
    case "release":
    case "cancel": {
      const trade = next.trades[op.trade];
      if (!trade) throw new Error(`no trade ${op.trade}`);
      const from = { paid: "active_funded", release: "paid", cancel: "active_funded" }[op.type];
      if (trade.status !== from) return refuse("ERROR_TRADE_WRONG_STATE");
      if (op.type === "paid") trade.status = "paid";
      if (op.type === "release") {
        trade.status = "released";
        add(next.escrow, trade.seller, -(trade.amount + trade.fee));
        add(next.available, trade.buyer, trade.amount);
        next.fees += trade.fee;
        next.transfers += 1;
      }
      if (op.type === "cancel") {
        trade.status = "cancelled_buyer";
        add(next.escrow, trade.seller, -(trade.amount + trade.fee));
        add(next.available, trade.seller, trade.amount + trade.fee);
        next.transfers += 1;
      }
      return { outcome: "ok", next };
    }
    case "bid": {
      // The live bid is replaced: its hold comes back first, then the new amount is held.
      const live = world.liveBid[op.vendor] ?? 0n;
      if (available(op.vendor) + live < op.amount) return refuse("ERROR_INSUFFICIENT_BALANCE");
      add(next.available, op.vendor, live - op.amount);
      add(next.escrow, op.vendor, op.amount - live);
      next.liveBid[op.vendor] = op.amount;
      next.transfers += live > 0n ? 2 : 1;
      return { outcome: "ok", next };
    }
    case "bond": {
      const bond = world.bond[op.user] ?? 0n;
      if (op.action === "retrieve") {
        if (bond === 0n) return refuse("ERROR_BOND_NOT_DEPOSITED");
        add(next.available, op.user, bond);
        next.bond[op.user] = 0n;
        next.transfers += 1;
        return { outcome: "ok", next };
      }
      if (available(op.user) < BOND) return refuse("ERROR_INSUFFICIENT_BALANCE");
      if (bond > 0n) return refuse("ERROR_BOND_ALREADY_DEPOSITED");
      add(next.available, op.user, -BOND);
      next.bond[op.user] = BOND;
      next.transfers += 1;
      return { outcome: "ok", next };
    }
  }
}

/** What the database holds after the batch, in the model's terms. */
export interface Observed {
  available: bigint[];
  escrow: bigint[];
  bond: bigint[];
  pendingWithdrawal: bigint[];
  pendingWithdrawals: number;
  fees: bigint;
  tradeStatuses: string[];
  /** The statuses and amounts of the trades the batch started, in any order. */
  started: { status: string; seller: number; amount: bigint }[];
  transfers: number;
}

export function matches(world: World, observed: Observed): boolean {
  const same = (a: bigint[], b: bigint[]) => a.length === b.length && a.every((value, i) => value === b[i]);
  const startedKey = (trades: { status: string; seller: number; amount: bigint }[]) =>
    trades
      .map((trade) => `${trade.seller}:${trade.amount}:${trade.status}`)
      .sort()
      .join(",");
  return (
    same(world.available, observed.available) &&
    same(world.escrow, observed.escrow) &&
    same(world.bond, observed.bond) &&
    same(world.pendingWithdrawal, observed.pendingWithdrawal) &&
    world.pendingWithdrawals === observed.pendingWithdrawals &&
    world.fees === observed.fees &&
    world.trades.every((trade, i) => trade.status === observed.tradeStatuses[i]) &&
    startedKey(world.started) === startedKey(observed.started) &&
    world.transfers === observed.transfers
  );
}

/**
 * A serial order of the batch that explains every outcome and ends in the observed state, as the
 * operations' indexes; null when there is none. Retryable refusals had no effect and fit anywhere.
 */
export function findSerialOrder(
  start: World,
  ops: readonly Op[],
  outcomes: readonly Outcome[],
  observed: Observed,
): number[] | null {
  const pending = ops.flatMap((_, i) => (RETRYABLE_CODES.has(outcomes[i] ?? "") ? [] : [i]));
  const search = (world: World, left: number[], order: number[]): number[] | null => {
    if (left.length === 0) return matches(world, observed) ? order : null;
    for (const index of left) {
      const { outcome, next } = predict(ops[index] as Op, world);
      if (outcome !== outcomes[index]) continue;
      const found = search(
        next,
        left.filter((other) => other !== index),
        [...order, index],
      );
      if (found) return found;
    }
    return null;
  };
  return search(start, pending, []);
}

export function describeOp(op: Op): string {
  switch (op.type) {
    case "send":
      return `send ${op.amount} from ${op.from} to ${op.to}`;
    case "withdraw":
      return `withdraw ${op.amount} by ${op.user}`;
    case "broadcast":
      return "broadcast";
    case "start":
      return `start ${op.amount} by ${op.taker} on ${op.owner}'s offer`;
    case "bid":
      return `bid ${op.amount} by ${op.vendor}`;
    case "bond":
      return `bond ${op.action} by ${op.user}`;
    default:
      return `${op.type} trade ${op.trade}`;
  }
}
