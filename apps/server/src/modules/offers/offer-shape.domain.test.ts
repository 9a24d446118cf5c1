import type { Offer } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { offerForOthers } from "./offer-shape.domain.ts";

describe("an offer as anyone but its owner sees it", () => {
  it("carries neither the payment instructions nor the stored draft that repeats them", () => {
    const owners = {
      id: "AbCdEfGhIjK",
      offerTerms: "Pay from your own account.",
      tradeDetails: "IBAN DE89 3704 0044 0532 0130 00",
      originalData: { tradeDetails: "IBAN DE89 3704 0044 0532 0130 00" },
    } as unknown as Offer;
    const seen = offerForOthers(owners);
    expect(seen).toMatchObject({ id: "AbCdEfGhIjK", offerTerms: "Pay from your own account." });
    expect(seen.tradeDetails).toBeNull();
    expect(seen.originalData).toBeNull();
    expect(JSON.stringify(seen)).not.toContain("DE89");
    expect(owners.tradeDetails).toBe("IBAN DE89 3704 0044 0532 0130 00");
  });

  it("leaves out the owner's label, their note to themselves", () => {
    const owners = { id: "AbCdEfGhIjK", label: "cheap rate for regulars", originalData: null } as unknown as Offer;
    expect(offerForOthers(owners).label).toBe("");
    expect(JSON.stringify(offerForOthers(owners))).not.toContain("regulars");
  });
});
