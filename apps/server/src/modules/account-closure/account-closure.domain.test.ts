import { describe, expect, it } from "vitest";
import { closureBlockers } from "./account-closure.domain.ts";

describe("closureBlockers", () => {
  it("names money, escrow and open trades, and nothing for an empty account", () => {
    expect(closureBlockers({ balances: [], openTradeCount: 0 })).toEqual([]);
    expect(closureBlockers({ balances: [{ kind: "available", balanceMinor: 0n }], openTradeCount: 0 })).toEqual([]);
    expect(closureBlockers({ balances: [{ kind: "bond", balanceMinor: 5n }], openTradeCount: 0 })).toEqual(["balance"]);
    expect(closureBlockers({ balances: [{ kind: "withdrawal", balanceMinor: 1n }], openTradeCount: 0 })).toEqual([
      "balance",
    ]);
    expect(
      closureBlockers({
        balances: [
          { kind: "available", balanceMinor: 10n },
          { kind: "escrow", balanceMinor: 3n },
        ],
        openTradeCount: 1,
      }),
    ).toEqual(["balance", "escrow", "open_trades"]);
  });
});
