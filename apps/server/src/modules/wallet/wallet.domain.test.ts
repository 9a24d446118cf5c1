import { describe, expect, it } from "vitest";
import { transactionTypeOf } from "./wallet.domain.ts";

describe("transactionTypeOf", () => {
  it("names escrow movements by what they are for: a trade or an offer bid", () => {
    expect(transactionTypeOf("escrow_hold", "principal", "trade")).toBe("trade_escrow");
    expect(transactionTypeOf("escrow_void", "principal", "trade")).toBe("trade_escrow");
    expect(transactionTypeOf("escrow_post", "principal", "trade")).toBe("trade_release");
    expect(transactionTypeOf("escrow_hold", "principal", "offer_bid")).toBe("offer_bid");
    expect(transactionTypeOf("escrow_void", "principal", "offer_bid")).toBe("offer_bid");
  });

  it("keeps a correction a correction, whatever transfer it reverses", () => {
    expect(transactionTypeOf("reversal", "principal", "offer_bid")).toBe("correction");
    expect(transactionTypeOf("reversal", "principal", "trade")).toBe("correction");
  });

  it("names fees as fees", () => {
    expect(transactionTypeOf("escrow_hold", "fee", "trade")).toBe("fee");
  });
});
