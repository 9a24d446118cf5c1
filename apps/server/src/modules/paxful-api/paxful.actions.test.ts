import { PAXFUL_ACTION_PATHS, paxfulInputs, paxfulScopeOf } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { parseInput } from "./paxful.action.ts";
import { paxfulActions } from "./paxful.actions.ts";

describe("the Paxful action table", () => {
  it("serves every path of the catalogue exactly once", () => {
    const paths = paxfulActions.map((action) => action.path);
    expect([...paths].sort()).toEqual([...PAXFUL_ACTION_PATHS].sort());
  });

  it("names scopes after the path", () => {
    expect(paxfulScopeOf("trade-chat/image/upload")).toBe("paxful:trade-chat:image:upload");
  });
});

describe("reading an action's fields", () => {
  it("tells a missing field (1003) from a wrong one (1004)", () => {
    expect(() => parseInput(paxfulInputs["trade/get"], {})).toThrowError(expect.objectContaining({ code: 1003 }));
    expect(() => parseInput(paxfulInputs["trade/start"], { offer_hash: "abc", fiat: "ten" })).toThrowError(
      expect.objectContaining({ code: 1004 }),
    );
  });

  it("takes numbers and booleans in their text forms, and ignores unknown fields", () => {
    expect(
      parseInput(paxfulInputs["offer/list"], { offer_type: "sell", active: "true", vendor_terms_required: "false" }),
    ).toEqual({ offer_type: "sell", active: true });
    expect(parseInput(paxfulInputs["trade/completed"], { page: "2" })).toEqual({ page: 2 });
  });
});
