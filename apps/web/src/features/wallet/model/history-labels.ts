import type { WalletTransaction } from "@souk/contracts";

/**
 * How a history line reads: a title key of the wallet's texts (history.titles.*) with its values,
 * chosen from the movement's type, direction and counterpart. A withdrawal's network fee is a
 * line of type fee with the withdrawal's address; a trade fee carries the trade.
 */
export interface HistoryTitle {
  key: string;
  values?: Record<string, string>;
}

export function historyTitleOf(item: WalletTransaction): HistoryTitle {
  const isIn = item.direction === "in";
  switch (item.type) {
    case "deposit":
      return { key: isIn ? "depositIn" : "depositOut" };
    case "withdrawal":
      return { key: isIn ? "withdrawalIn" : "withdrawalOut" };
    case "fee":
      if (item.tradeId !== null) return { key: isIn ? "tradeFeeIn" : "tradeFeeOut" };
      return { key: isIn ? "networkFeeIn" : "networkFeeOut" };
    case "internal_transfer":
      if (item.counterpartyUsername) {
        return { key: isIn ? "receivedFrom" : "sentTo", values: { username: item.counterpartyUsername } };
      }
      return { key: isIn ? "internalIn" : "internalOut" };
    case "trade_escrow":
      return { key: isIn ? "escrowIn" : "escrowOut" };
    case "trade_release":
      return { key: "release" };
    case "offer_bid":
      return { key: isIn ? "bidIn" : "bidOut" };
    case "bond":
      return { key: isIn ? "bondIn" : "bondOut" };
    case "correction":
      return { key: "correction" };
  }
}

/** "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" → "bc1qxy…0wlh": enough to recognise, short enough for a line. */
export function shortenMiddle(text: string, head = 6, tail = 4): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** Status badge colours: the states of a withdrawal; everything else is completed. */
export const statusColors: Record<string, string> = {
  awaiting_approval: "orange",
  rejected: "red",
  completed: "souk",
  held: "yellow",
  broadcasting: "blue",
  failed: "red",
};
