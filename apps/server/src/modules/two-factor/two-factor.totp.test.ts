import { describe, expect, it } from "vitest";
import { checkTotp, newTotpSecret, totpCode, totpEnrolmentUrl, totpStep } from "./two-factor.totp.ts";

const secret = newTotpSecret();
const now = Date.UTC(2026, 10, 25, 5, 45, 10);
const step = 30_000;

describe("checkTotp", () => {
  it.each([-1, 0, 1])("passes a code %i step(s) from now and reports its step", (offset) => {
    const code = totpCode(secret, now + offset * step);
    expect(checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: null })).toEqual({
      result: "passed",
      step: totpStep(now) + offset,
    });
  });

  it.each([-2, 2])("fails a code %i steps from now", (offset) => {
    const code = totpCode(secret, now + offset * step);
    expect(checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: null })).toEqual({
      result: "failed",
      reason: "wrong",
    });
  });

  it("refuses a code whose step was already used, and one older than the last used", () => {
    const code = totpCode(secret, now);
    const first = checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: null });
    expect(first.result).toBe("passed");
    const used = first.result === "passed" ? first.step : -1;
    expect(checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: used })).toEqual({
      result: "failed",
      reason: "reused",
    });
    const earlier = totpCode(secret, now - step);
    expect(checkTotp({ secretBase32: secret, code: earlier, nowMs: now, lastUsedStep: used })).toEqual({
      result: "failed",
      reason: "reused",
    });
    const later = totpCode(secret, now + step);
    expect(checkTotp({ secretBase32: secret, code: later, nowMs: now, lastUsedStep: used }).result).toBe("passed");
  });

  it.each(["", "12345", "1234567", "12a456", " 123456"])("calls %j malformed", (code) => {
    expect(checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: null })).toEqual({
      result: "failed",
      reason: "malformed",
    });
  });

  it("fails a code made with another secret", () => {
    const code = totpCode(newTotpSecret(), now);
    expect(checkTotp({ secretBase32: secret, code, nowMs: now, lastUsedStep: null }).result).toBe("failed");
  });
});

describe("totpEnrolmentUrl", () => {
  it("names the issuer, the label, the secret and the RFC 6238 parameters", () => {
    const url = new URL(totpEnrolmentUrl(secret, "alice"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Souk");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(decodeURIComponent(url.pathname)).toContain("alice");
  });
});
