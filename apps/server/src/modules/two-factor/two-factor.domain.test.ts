import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyedDigest } from "../../platform/code-digest.ts";
import {
  checkFactorCode,
  EMAIL_FACTOR_CODE_TTL_MS,
  FAILED_CODES_WINDOW_MS,
  isAskedFor,
  isSentFactor,
  MAX_FAILED_CODES,
  nextFailures,
  type StoredFactor,
  smsFactorText,
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
  const key = randomBytes(32);
  const digestFor = (userId: number) => (code: string) => keyedDigest(key, "two-factor-code", `${userId}:${code}`);

  it("checks an authenticator code with its step", () => {
    const stored = factor();
    const code = totpCode(stored.secret ?? "", now);
    expect(checkFactorCode(stored, code, now, digestFor(7)).result).toBe("passed");
    expect(checkFactorCode(stored, "ABCDE-12345", now, digestFor(7))).toEqual({
      result: "failed",
      reason: "malformed",
    });
  });

  it("checks a sent code by its keyed digest and its expiry", () => {
    const stored = factor({
      type: "email",
      secret: null,
      codeHash: digestFor(7)("123456"),
      codeExpiresAt: new Date(now + EMAIL_FACTOR_CODE_TTL_MS),
    });
    expect(checkFactorCode(stored, "123456", now, digestFor(7))).toEqual({ result: "passed", step: null });
    expect(checkFactorCode(stored, "123456", now, digestFor(8))).toEqual({ result: "failed", reason: "wrong" });
    expect(checkFactorCode(stored, "654321", now, digestFor(7))).toEqual({ result: "failed", reason: "wrong" });
    const otherKey = (code: string) => keyedDigest(randomBytes(32), "two-factor-code", `7:${code}`);
    expect(checkFactorCode(stored, "123456", now, otherKey)).toEqual({ result: "failed", reason: "wrong" });
    expect(checkFactorCode(stored, "123456", now + EMAIL_FACTOR_CODE_TTL_MS, digestFor(7))).toEqual({
      result: "failed",
      reason: "expired",
    });
    expect(checkFactorCode({ ...stored, codeHash: null }, "123456", now, digestFor(7)).result).toBe("failed");
  });
});

describe("turnsGuardOff", () => {
  it("is true only when a guard goes from on to off", () => {
    expect(turnsGuardOff(all, { ...all, sendout: false })).toBe(true);
    expect(turnsGuardOff({ ...all, login: false }, all)).toBe(false);
    expect(turnsGuardOff(all, all)).toBe(false);
  });
});

describe("sent factors", () => {
  it("are the e-mail and SMS factors", () => {
    expect(["ga", "email", "sms", "none"].filter((type) => isSentFactor(type as never))).toEqual(["email", "sms"]);
  });

  it("text the code in the user's locale, English for any other", () => {
    expect(smsFactorText("fr", "123456")).toContain("Votre code de sécurité Souk est 123456");
    expect(smsFactorText("en", "123456")).toContain("Your Souk security code is 123456");
    expect(smsFactorText("de", "654321")).toContain("Your Souk security code is 654321");
  });

  it("check an SMS factor's code as an e-mailed one", () => {
    const digestOf = (code: string) => `digest-of-${code}`.padEnd(64, "0").slice(0, 64);
    const hex = (value: string) => Buffer.from(value).toString("hex").slice(0, 64);
    const stored = factor({
      type: "sms",
      secret: null,
      codeHash: hex(digestOf("123456")),
      codeExpiresAt: new Date(now + EMAIL_FACTOR_CODE_TTL_MS),
    });
    const digest = (code: string) => hex(digestOf(code));
    expect(checkFactorCode(stored, "123456", now, digest)).toEqual({ result: "passed", step: null });
    expect(checkFactorCode(stored, "123457", now, digest)).toEqual({ result: "failed", reason: "wrong" });
  });
});
