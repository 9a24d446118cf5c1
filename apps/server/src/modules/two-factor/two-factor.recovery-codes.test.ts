import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  matchRecoveryCode,
  newRecoveryCodes,
  RECOVERY_CODE_COUNT,
} from "./two-factor.recovery-codes.ts";

describe("recovery codes", () => {
  it("makes ten distinct codes and keeps only their hashes", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.some((hash) => codes.some((code) => hash.includes(code)))).toBe(false);
  });

  it("matches a typed code regardless of case, spaces and dashes, and nothing else", () => {
    const { codes, hashes } = newRecoveryCodes();
    const code = codes[3] ?? "";
    expect(matchRecoveryCode(code, hashes)).toBe(hashes[3]);
    expect(matchRecoveryCode(` ${code.toLowerCase().replace("-", "")} `, hashes)).toBe(hashes[3]);
    expect(matchRecoveryCode("00000-00000", hashes)).toBeNull();
    expect(matchRecoveryCode(code, [])).toBeNull();
    expect(hashRecoveryCode(code)).toBe(hashes[3]);
  });
});
