import { describe, expect, it } from "vitest";
import { mayReadInstructions } from "./trades.view.ts";

describe("who reads the payment instructions of a trade", () => {
  it("lets the owner who wrote them read them at every step", () => {
    expect(mayReadInstructions({ viewerRole: "seller", isVendor: true, isRevealed: false })).toBe(true);
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: true, isRevealed: false })).toBe(true);
  });

  it("shows them to the other party only once the flow has revealed the payment details", () => {
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: false, isRevealed: false })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "seller", isVendor: false, isRevealed: false })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: false, isRevealed: true })).toBe(true);
  });

  it("never shows them to staff looking on, revealed or not", () => {
    expect(mayReadInstructions({ viewerRole: "moderator", isVendor: false, isRevealed: true })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "moderator", isVendor: false, isRevealed: false })).toBe(false);
  });
});
