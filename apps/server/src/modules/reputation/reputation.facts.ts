import { TRADE_SUCCESSFUL_STATUSES, TRADE_VOIDED_STATUSES } from "@souk/contracts";
import { formatAmount } from "@souk/money";

/** One trade of a user as the reputation job reads it (either side), oldest first. */
export interface TradeFact {
  status: string;
  startedAt: Date;
  completedAt: Date | null;
  disputed: boolean;
  fiatAmountUsd: number;
  cryptoCode: string;
  cryptoDecimals: number;
  amountMinor: bigint;
  /** The payment method's category id: GiftCards 1, BankTransfers 5, MobileMoney 8. */
  categoryId: number;
}

/** What a user's trades add up to: the figures medals and badges are decided from. */
export interface TradeSummary {
  doneTrades: number;
  volumeUsd: number;
  doneByCategory: Record<number, number>;
  /** The crypto delivered in done trades by currency code, as decimal strings. */
  tradeVolume: Record<string, string>;
  longestDayStreak: number;
  longestNoDisputeStreak: number;
  longestNoCancelStreak: number;
}

const successful: readonly string[] = TRADE_SUCCESSFUL_STATUSES;
const voided: readonly string[] = TRADE_VOIDED_STATUSES;
const DAY_MS = 86_400_000;

/** Done means the crypto reached the buyer: released, or a dispute awarded to the buyer. */
function isDone(trade: Pick<TradeFact, "status">): boolean {
  return successful.includes(trade.status);
}

/** The longest run of items (in order) that pass, restarted by each that fails. */
export function longestRun<T>(items: readonly T[], passes: (item: T) => boolean): number {
  let best = 0;
  let current = 0;
  for (const item of items) {
    current = passes(item) ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return best;
}

/** The longest run of consecutive UTC days with at least one done trade. */
export function longestDayStreak(doneAt: readonly Date[]): number {
  const days = [...new Set(doneAt.map((at) => Math.floor(at.getTime() / DAY_MS)))].sort((a, b) => a - b);
  let best = 0;
  let current = 0;
  days.forEach((day, index) => {
    current = index > 0 && day === (days[index - 1] as number) + 1 ? current + 1 : 1;
    best = Math.max(best, current);
  });
  return best;
}

/**
 * Sums a user's finished trades. Open trades are left out of the streaks (they have not ended);
 * the dispute streak counts finished trades without a dispute, the cancel streak finished trades
 * that were not voided (cancelled by either party, or expired unpaid).
 */
export function summarizeTrades(trades: readonly TradeFact[]): TradeSummary {
  const done = trades.filter(isDone);
  const finished = trades.filter((trade) => isDone(trade) || voided.includes(trade.status) || trade.disputed);
  const doneByCategory: Record<number, number> = {};
  const minorByCode = new Map<string, { minor: bigint; decimals: number }>();
  for (const trade of done) {
    doneByCategory[trade.categoryId] = (doneByCategory[trade.categoryId] ?? 0) + 1;
    const sum = minorByCode.get(trade.cryptoCode) ?? { minor: 0n, decimals: trade.cryptoDecimals };
    minorByCode.set(trade.cryptoCode, { minor: sum.minor + trade.amountMinor, decimals: sum.decimals });
  }
  const tradeVolume: Record<string, string> = {};
  for (const [code, sum] of [...minorByCode].sort(([a], [b]) => a.localeCompare(b))) {
    tradeVolume[code] = formatAmount(sum.minor, sum.decimals);
  }
  return {
    doneTrades: done.length,
    volumeUsd: done.reduce((total, trade) => total + trade.fiatAmountUsd, 0),
    doneByCategory,
    tradeVolume,
    longestDayStreak: longestDayStreak(done.map((trade) => trade.completedAt ?? trade.startedAt)),
    longestNoDisputeStreak: longestRun(finished, (trade) => !trade.disputed),
    longestNoCancelStreak: longestRun(finished, (trade) => !voided.includes(trade.status)),
  };
}
