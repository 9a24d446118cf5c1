import { LISTING_DEFAULT_LIMIT, OFFER_SORT_TYPES, OFFER_TABS, P2P_FLOW_TYPES, SHOP_FLOW_TYPES } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { LISTING_PAGE_SIZE, P2P_FLOWS, SHOP_FLOWS, SORT_TYPES, TABS } from "./listing-constants.ts";

describe("the marketplace's copies of contracts constants", () => {
  it("hold exactly the contracts' values", () => {
    expect([...SORT_TYPES]).toEqual([...OFFER_SORT_TYPES]);
    expect([...TABS]).toEqual([...OFFER_TABS]);
    expect([...P2P_FLOWS]).toEqual([...P2P_FLOW_TYPES]);
    expect([...SHOP_FLOWS]).toEqual([...SHOP_FLOW_TYPES]);
    expect(LISTING_PAGE_SIZE).toBe(LISTING_DEFAULT_LIMIT);
  });
});
