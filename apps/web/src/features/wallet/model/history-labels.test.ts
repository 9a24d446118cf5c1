import type { WalletTransaction } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { historyTitleOf, shortenMiddle } from "./history-labels.ts";

function item(overrides: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: "1-1",
    transferId: "1",
    type: "deposit",
    direction: "in",
    cryptoCurrencyCode: "BTC",
    amount: "0.01000000",
    counterpartyUsername: null,
    address: null,
    status: "completed",
    txid: null,
    tradeId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("history line titles", () => {
  it("names internal transfers after the other user", () => {
    expect(historyTitleOf(item({ type: "internal_transfer", direction: "out", counterpartyUsername: "bob" }))).toEqual({
      key: "sentTo",
      values: { username: "bob" },
    });
    expect(historyTitleOf(item({ type: "internal_transfer", direction: "in", counterpartyUsername: "amina" }))).toEqual(
      {
        key: "receivedFrom",
        values: { username: "amina" },
      },
    );
  });

  it("tells a withdrawal's network fee from a trade fee, and a refund from a charge", () => {
    expect(historyTitleOf(item({ type: "fee", direction: "out", address: "bc1q" })).key).toBe("networkFeeOut");
    expect(historyTitleOf(item({ type: "fee", direction: "out", tradeId: "42" })).key).toBe("tradeFeeOut");
    expect(historyTitleOf(item({ type: "fee", direction: "in" })).key).toBe("networkFeeIn");
    expect(historyTitleOf(item({ type: "withdrawal", direction: "in" })).key).toBe("withdrawalIn");
  });

  it("reads escrow, release and bond movements by direction", () => {
    expect(historyTitleOf(item({ type: "trade_escrow", direction: "out" })).key).toBe("escrowOut");
    expect(historyTitleOf(item({ type: "trade_escrow", direction: "in" })).key).toBe("escrowIn");
    expect(historyTitleOf(item({ type: "offer_bid", direction: "out" })).key).toBe("bidOut");
    expect(historyTitleOf(item({ type: "offer_bid", direction: "in" })).key).toBe("bidIn");
    expect(historyTitleOf(item({ type: "trade_release" })).key).toBe("release");
    expect(historyTitleOf(item({ type: "bond", direction: "out" })).key).toBe("bondOut");
    expect(historyTitleOf(item({ type: "correction" })).key).toBe("correction");
  });

  it("shortens long addresses in the middle", () => {
    expect(shortenMiddle("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", 6, 4)).toBe("bc1qar…5mdq");
    expect(shortenMiddle("short")).toBe("short");
  });
});
