import { RELATION_ACTIONS } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { countsDelta, nextRelation, outcomeOf, type StoredRelation } from "./contacts.domain.ts";

const states: StoredRelation[] = [null, "trusted", "blocked"];

describe("relation transitions", () => {
  it("keeps one state per pair: trust replaces a block and block replaces a trust", () => {
    expect(nextRelation("blocked", "trust")).toBe("trusted");
    expect(nextRelation("trusted", "block")).toBe("blocked");
  });

  it("clears only its own state on untrust and unblock", () => {
    expect(nextRelation("trusted", "untrust")).toBeNull();
    expect(nextRelation("blocked", "untrust")).toBe("blocked");
    expect(nextRelation("blocked", "unblock")).toBeNull();
    expect(nextRelation("trusted", "unblock")).toBe("trusted");
  });

  it("makes every action idempotent", () => {
    for (const state of states) {
      for (const action of RELATION_ACTIONS) {
        const once = nextRelation(state, action);
        expect(nextRelation(once, action)).toBe(once);
      }
    }
  });

  it("names outcomes with the spec's relation states", () => {
    expect(RELATION_ACTIONS.map(outcomeOf)).toEqual(["blocked", "unblocked", "trusted", "untrusted"]);
  });

  it("moves the counters so that they always equal the stored state", () => {
    for (const before of states) {
      for (const action of RELATION_ACTIONS) {
        const after = nextRelation(before, action);
        const delta = countsDelta(before, after);
        expect((before === "trusted" ? 1 : 0) + delta.trustedBy).toBe(after === "trusted" ? 1 : 0);
        expect((before === "blocked" ? 1 : 0) + delta.blockedBy).toBe(after === "blocked" ? 1 : 0);
      }
    }
  });
});
