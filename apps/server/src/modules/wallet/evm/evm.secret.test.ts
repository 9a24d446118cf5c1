import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { Secret } from "./evm.secret.ts";

describe("a secret", () => {
  const phrase = "test test test test test test test test test test test junk";

  it("shows as [secret] when printed, serialised or inspected, and gives its value only when revealed", () => {
    const secret = new Secret(phrase);
    expect(String(secret)).toBe("[secret]");
    expect(`${secret}`).toBe("[secret]");
    expect(JSON.stringify({ seed: secret })).toBe('{"seed":"[secret]"}');
    expect(inspect({ seed: secret })).not.toContain("junk");
    expect(secret.reveal()).toBe(phrase);
  });
});
