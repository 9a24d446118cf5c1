import { describe, expect, it } from "vitest";
import { isProofCode } from "./two-factor.proofs.ts";

describe("isProofCode", () => {
  it("knows a passkey's one-time code from a factor's or a recovery code", () => {
    expect(isProofCode("pkAbc-_12345678x")).toBe(true);
    expect(isProofCode("123456")).toBe(false);
    expect(isProofCode("ABCDE-12345")).toBe(false);
    expect(isProofCode("pkshort")).toBe(false);
    expect(isProofCode("pk!bc-_12345678x")).toBe(false);
  });
});
