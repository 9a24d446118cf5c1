import type { CloseAccountBlocker } from "@souk/contracts";

export interface ClosureFacts {
  /** Every non-zero balance the user owns, by ledger account kind. */
  balances: { kind: string; balanceMinor: bigint }[];
  openTradeCount: number;
}

/** Kinds of ledger account that count as the user's own money (escrow is said apart). */
const OWN_MONEY_KINDS = new Set(["available", "bond", "withdrawal"]);

/**
 * Pure: what keeps the account open (docs/product.md#closing-an-account): money it holds (a
 * balance, a bond, a withdrawal on its way), coins locked in escrow, trades still running.
 */
export function closureBlockers(facts: ClosureFacts): CloseAccountBlocker[] {
  const blockers: CloseAccountBlocker[] = [];
  const held = (test: (kind: string) => boolean) =>
    facts.balances.some((balance) => test(balance.kind) && balance.balanceMinor !== 0n);
  if (held((kind) => OWN_MONEY_KINDS.has(kind))) blockers.push("balance");
  if (held((kind) => kind === "escrow")) blockers.push("escrow");
  if (facts.openTradeCount > 0) blockers.push("open_trades");
  return blockers;
}
