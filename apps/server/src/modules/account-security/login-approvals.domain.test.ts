import { describe, expect, it } from "vitest";
import { approvalStatusAt, deviceLogInStep, waitingLogInOutcome } from "./login-approvals.domain.ts";

const now = new Date("2026-01-01T12:00:00Z");
const later = new Date("2026-01-01T12:10:00Z");
const earlier = new Date("2026-01-01T11:50:00Z");

describe("login approvals", () => {
  it("asks only for a new device of a user who turned approvals on", () => {
    expect(deviceLogInStep({ isKnownDevice: false, approveNewDevices: true })).toBe("ask");
    expect(deviceLogInStep({ isKnownDevice: true, approveNewDevices: true })).toBe("go_on");
    expect(deviceLogInStep({ isKnownDevice: false, approveNewDevices: false })).toBe("go_on");
    expect(deviceLogInStep({ isKnownDevice: true, approveNewDevices: false })).toBe("go_on");
  });

  it("reads a pending request past its expiry as expired, and nothing else", () => {
    expect(approvalStatusAt({ status: "pending", expiresAt: later }, now)).toBe("pending");
    expect(approvalStatusAt({ status: "pending", expiresAt: now }, now)).toBe("expired");
    expect(approvalStatusAt({ status: "pending", expiresAt: earlier }, now)).toBe("expired");
    expect(approvalStatusAt({ status: "approved", expiresAt: earlier }, now)).toBe("approved");
    expect(approvalStatusAt({ status: "denied", expiresAt: earlier }, now)).toBe("denied");
  });

  it("lets the waiting log-in complete once, after approval only", () => {
    expect(waitingLogInOutcome({ status: "pending", expiresAt: later, usedAt: null }, now)).toBe("wait");
    expect(waitingLogInOutcome({ status: "approved", expiresAt: later, usedAt: null }, now)).toBe("complete");
    // An approval renews the expiry once; a waiting log-in that comes back after it is too late.
    expect(waitingLogInOutcome({ status: "approved", expiresAt: earlier, usedAt: null }, now)).toBe("expired");
    expect(waitingLogInOutcome({ status: "approved", expiresAt: later, usedAt: now }, now)).toBe("used");
    expect(waitingLogInOutcome({ status: "denied", expiresAt: later, usedAt: null }, now)).toBe("denied");
    expect(waitingLogInOutcome({ status: "pending", expiresAt: earlier, usedAt: null }, now)).toBe("expired");
    expect(waitingLogInOutcome({ status: "expired", expiresAt: later, usedAt: null }, now)).toBe("expired");
  });
});
