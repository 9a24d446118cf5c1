import { describe, expect, it } from "vitest";
import {
  checkFactorCode,
  EMAIL_FACTOR_CODE_TTL_MS,
  emailFactorCodeHash,
  FAILED_CODES_WINDOW_MS,
  isAskedFor,
  MAX_FAILED_CODES,
  nextFailures,
  type StoredFactor,
  throttleWait,
  turnsGuardOff,
} from "./two-factor.domain.ts";
import { newTotpSecret, totpCode } from "./two-factor.totp.ts";

const now = Date.UTC(2026, 10, 25, 8, 0, 15);
const all = { login: true, release: true, sendout: true };
const factor = (overrides: Partial<StoredFactor> = {}): StoredFactor => ({
  type: "ga",
  state: "enabled",
  secret: newTotpSecret(),
  lastUsedStep: null,
  codeHash: null,
  codeExpiresAt: null,
  settings: all,
  failedAttempts: 0,
  firstFailedAt: null,
  ...overrides,
});

describe("isAskedFor", () => {
  it("asks only for an enabled factor, per its settings; account changes always", () => {
    const some = factor({ settings: { login: false, release: true, sendout: false } });
    expect(isAskedFor(some, "login")).toBe(false);
    expect(isAskedFor(some, "release")).toBe(true);
    expect(isAskedFor(some, "withdrawal")).toBe(false);
    expect(isAskedFor(some, "account")).toBe(true);
    for (const state of ["initial", "verification", "disabled"] as const)
      expect(isAskedFor(factor({ state }), "account")).toBe(false);
    expect(isAskedFor(null, "release")).toBe(false);
  });
});

describe("throttle", () => {
  it("locks after five failures within the window, until the window passes", () => {
    const first = new Date(now - 60_000);
    expect(throttleWait(factor({ failedAttempts: MAX_FAILED_CODES - 1, firstFailedAt: first }), now)).toBe(0);
    const locked = factor({ failedAttempts: MAX_FAILED_CODES, firstFailedAt: first });
    expect(throttleWait(locked, now)).toBe((FAILED_CODES_WINDOW_MS - 60_000) / 1000);
    expect(throttleWait(locked, first.getTime() + FAILED_CODES_WINDOW_MS)).toBe(0);
  });

  it("counts within a window and starts a new one after it", () => {
    const first = new Date(now - 60_000);
    expect(nextFailures(factor({ failedAttempts: 2, firstFailedAt: first }), new Date(now))).toEqual({
      failedAttempts: 3,
      firstFailedAt: first,
    });
    const old = new Date(now - FAILED_CODES_WINDOW_MS);
    expect(nextFailures(factor({ failedAttempts: 5, firstFailedAt: old }), new Date(now))).toEqual({
      failedAttempts: 1,
      firstFailedAt: new Date(now),
    });
  });
});

describe("checkFactorCode", () => {
  it("checks an authenticator code with its step", () => {
    const stored = factor();
    const code = totpCode(stored.secret ?? "", now);
    expect(checkFactorCode(stored, 7, code, now).result).toBe("passed");
    expect(checkFactorCode(stored, 7, "ABCDE-12345", now)).toEqual({ result: "failed", reason: "malformed" });
  });

  it("checks an e-mailed code by its hash and its expiry", () => {
    const stored = factor({
      type: "email",
      secret: null,
      codeHash: emailFactorCodeHash(7, "123456"),
      codeExpiresAt: new Date(now + EMAIL_FACTOR_CODE_TTL_MS),
    });
    expect(checkFactorCode(stored, 7, "123456", now)).toEqual({ result: "passed", step: null });
    expect(checkFactorCode(stored, 8, "123456", now)).toEqual({ result: "failed", reason: "wrong" });
    expect(checkFactorCode(stored, 7, "654321", now)).toEqual({ result: "failed", reason: "wrong" });
    expect(checkFactorCode(stored, 7, "123456", now + EMAIL_FACTOR_CODE_TTL_MS)).toEqual({
      result: "failed",
      reason: "expired",
    });
    expect(checkFactorCode({ ...stored, codeHash: null }, 7, "123456", now).result).toBe("failed");
  });
});

describe("turnsGuardOff", () => {
  it("is true only when a guard goes from on to off", () => {
    expect(turnsGuardOff(all, { ...all, sendout: false })).toBe(true);
    expect(turnsGuardOff({ ...all, login: false }, all)).toBe(false);
    expect(turnsGuardOff(all, all)).toBe(false);
  });
});
