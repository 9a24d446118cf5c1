import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyedDigest } from "../../platform/code-digest.ts";
import { newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from "./two-factor.recovery-codes.ts";

const key = randomBytes(32);
const digest = { of: (value: string) => keyedDigest(key, "recovery-code", value) };

describe("recovery codes", () => {
  it("makes ten distinct codes and keeps only their keyed digests", () => {
    const { codes, hashes } = newRecoveryCodes(digest);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.some((hash) => codes.some((code) => hash.includes(code)))).toBe(false);
  });

  it("a typed code matches its digest regardless of case, spaces and dashes", () => {
    const { codes, hashes } = newRecoveryCodes(digest);
    const code = codes[3] ?? "";
    expect(digest.of(normaliseRecoveryCode(code))).toBe(hashes[3]);
    expect(digest.of(normaliseRecoveryCode(` ${code.toLowerCase().replace("-", "")} `))).toBe(hashes[3]);
    expect(hashes).not.toContain(digest.of(normaliseRecoveryCode("00000-00000")));
  });
});
