import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyedDigest, keyedDigestOfSha256 } from "./code-digest.ts";

const key = randomBytes(32);
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("keyed code digests", () => {
  it("are stable for one key, purpose and value", () => {
    expect(keyedDigest(key, "email-code", "7:123456")).toBe(keyedDigest(key, "email-code", "7:123456"));
    expect(keyedDigest(key, "email-code", "7:123456")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("differ by key, by purpose and by value, and are not the plain hash", () => {
    const digest = keyedDigest(key, "email-code", "7:123456");
    expect(keyedDigest(randomBytes(32), "email-code", "7:123456")).not.toBe(digest);
    expect(keyedDigest(key, "phone-code", "7:123456")).not.toBe(digest);
    expect(keyedDigest(key, "email-code", "7:123457")).not.toBe(digest);
    expect(digest).not.toBe(sha256("7:123456"));
  });

  it("turn a plain SHA-256 digest kept before the key into the keyed digest of its value", () => {
    expect(keyedDigestOfSha256(key, "recovery-code", sha256("ABCDE12345"))).toBe(
      keyedDigest(key, "recovery-code", "ABCDE12345"),
    );
  });
});
