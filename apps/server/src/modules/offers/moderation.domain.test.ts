import { describe, expect, it } from "vitest";
import { decideAppeal, decideApprove, decideMark, decideReject, type ModerationFacts } from "./moderation.domain.ts";

const OWNER = 7;
const STAFF = 9;
const facts = (overrides: Partial<ModerationFacts> = {}): ModerationFacts => ({
  ownerId: OWNER,
  status: 1,
  isFeaturedByModerator: false,
  isStickiedByModerator: false,
  ...overrides,
});

describe("offer moderation decisions", () => {
  it("rejects an approved offer with the reason, and an appealed one for good, keeping the appeal", () => {
    expect(decideReject(STAFF, facts(), "Off-escrow payment")).toEqual({
      kind: "plan",
      plan: { status: 2, message: "Off-escrow payment", keepsAppeal: false },
    });
    expect(decideReject(STAFF, facts({ status: 4 }), "Still off-escrow")).toEqual({
      kind: "plan",
      plan: { status: 3, message: "Still off-escrow", keepsAppeal: true },
    });
    for (const status of [2, 3] as const) {
      expect(decideReject(STAFF, facts({ status }), "Again")).toEqual({ kind: "refused", refusal: "status_conflict" });
    }
  });

  it("approves any offer that is not approved, clearing the message and the appeal", () => {
    for (const status of [2, 3, 4] as const) {
      expect(decideApprove(STAFF, facts({ status }))).toEqual({
        kind: "plan",
        plan: { status: 1, message: null, keepsAppeal: false },
      });
    }
    expect(decideApprove(STAFF, facts())).toEqual({ kind: "refused", refusal: "status_conflict" });
  });

  it("lets only the owner appeal, and only a rejection that is not final", () => {
    expect(decideAppeal(OWNER, facts({ status: 2 }))).toEqual({ kind: "plan", plan: { status: 4 } });
    expect(decideAppeal(STAFF, facts({ status: 2 }))).toEqual({ kind: "refused", refusal: "not_owner" });
    for (const status of [1, 3, 4] as const) {
      expect(decideAppeal(OWNER, facts({ status }))).toEqual({ kind: "refused", refusal: "status_conflict" });
    }
  });

  it("refuses staff on their own offer, and a mark already in the state asked for", () => {
    expect(decideReject(OWNER, facts(), "Mine")).toEqual({ kind: "refused", refusal: "own_offer" });
    expect(decideApprove(OWNER, facts({ status: 2 }))).toEqual({ kind: "refused", refusal: "own_offer" });
    expect(decideMark(OWNER, facts(), "feature", true)).toEqual({ kind: "refused", refusal: "own_offer" });
    expect(decideMark(STAFF, facts(), "feature", true)).toEqual({ kind: "plan", plan: { isOn: true } });
    expect(decideMark(STAFF, facts({ isFeaturedByModerator: true }), "feature", true)).toEqual({
      kind: "refused",
      refusal: "status_conflict",
    });
    expect(decideMark(STAFF, facts({ isFeaturedByModerator: true }), "sticky", true)).toEqual({
      kind: "plan",
      plan: { isOn: true },
    });
    expect(decideMark(STAFF, facts(), "sticky", false)).toEqual({ kind: "refused", refusal: "status_conflict" });
  });
});
