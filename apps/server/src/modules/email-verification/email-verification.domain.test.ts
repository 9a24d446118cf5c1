import { describe, expect, it } from "vitest";
import { decideVerify, EMAIL_CODE_MAX_ATTEMPTS, resendWait, type StoredCode } from "./email-verification.domain.ts";

const now = new Date("2026-01-01T12:00:00Z");
const stored = (over: Partial<StoredCode> = {}): StoredCode => ({
  codeHash: "h",
  attempts: 0,
  sentAt: new Date(now.getTime() - 30_000),
  expiresAt: new Date(now.getTime() + 60_000),
  ...over,
});

describe("e-mail code decisions", () => {
  it("verifies the right code and refuses the wrong one", () => {
    expect(decideVerify(stored(), "h", now)).toBe("verified");
    expect(decideVerify(stored(), "x", now)).toBe("wrong");
  });
  it("refuses without a code, after expiry and after the attempt limit, even the right code", () => {
    expect(decideVerify(null, "h", now)).toBe("no_code");
    expect(decideVerify(stored({ expiresAt: now }), "h", now)).toBe("expired");
    expect(decideVerify(stored({ attempts: EMAIL_CODE_MAX_ATTEMPTS }), "h", now)).toBe("too_many_attempts");
  });
  it("makes a resend wait out the cooldown", () => {
    expect(resendWait(null, now)).toBe(0);
    expect(resendWait(stored(), now)).toBe(30);
    expect(resendWait(stored({ sentAt: new Date(now.getTime() - 60_000) }), now)).toBe(0);
  });
});
