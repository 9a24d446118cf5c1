import { describe, expect, it } from "vitest";
import { type ApprovalFacts, decideApprove, decideReject } from "./approvals.domain.ts";

const now = new Date("2026-05-01T12:00:00Z");
const pending = (overrides: Partial<ApprovalFacts> = {}): ApprovalFacts => ({
  state: "pending",
  requestedBy: 1,
  subjectUserId: null,
  approvedBy: [],
  approvalsRequired: 1,
  expiresAt: new Date("2026-05-02T12:00:00Z"),
  ...overrides,
});

describe("decideApprove", () => {
  it("approves with another admin's single approval", () => {
    expect(decideApprove(pending(), 2, now)).toEqual({ outcome: "approve" });
  });

  it("refuses the requester and the account the request is about", () => {
    expect(decideApprove(pending(), 1, now)).toEqual({ outcome: "refused", refusal: "by_requester" });
    expect(decideApprove(pending({ requestedBy: null, subjectUserId: 3 }), 3, now)).toEqual({
      outcome: "refused",
      refusal: "by_requester",
    });
  });

  it("records the first of two approvals and approves with a second, different admin", () => {
    expect(decideApprove(pending({ approvalsRequired: 2 }), 2, now)).toEqual({ outcome: "record" });
    expect(decideApprove(pending({ approvalsRequired: 2, approvedBy: [2] }), 2, now)).toEqual({
      outcome: "refused",
      refusal: "already_given",
    });
    expect(decideApprove(pending({ approvalsRequired: 2, approvedBy: [2] }), 3, now)).toEqual({ outcome: "approve" });
  });

  it("expires a request whose time ran out, even at the exact instant", () => {
    expect(decideApprove(pending({ expiresAt: now }), 2, now)).toEqual({ outcome: "expire" });
  });

  it("refuses a decided request before anything else", () => {
    for (const state of ["approved", "rejected", "expired"] as const) {
      expect(decideApprove(pending({ state, expiresAt: now }), 1, now)).toEqual({
        outcome: "refused",
        refusal: "decided",
      });
    }
  });
});

describe("decideReject", () => {
  it("rejects any pending request, expired or not, and nothing decided", () => {
    expect(decideReject(pending({ expiresAt: now }))).toEqual({ outcome: "reject" });
    expect(decideReject(pending({ state: "approved" }))).toEqual({ outcome: "refused", refusal: "decided" });
  });
});
