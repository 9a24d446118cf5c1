import { describe, expect, it } from "vitest";
import { deriveSigningKey, signChannelKey, verifyChannelKey } from "./realtime.keys.ts";

const key = deriveSigningKey("a root secret of enough length");
const now = Date.UTC(2030, 0, 1);
const inAnHour = now / 1000 + 3_600;

describe("channel keys", () => {
  it("accepts a key it signed, with its channel, user and expiry", () => {
    const token = signChannelKey(key, { channel: "user.42", userId: 42, expiresAtSeconds: inAnHour });
    expect(verifyChannelKey(key, token, now)).toEqual({
      isValid: true,
      claims: { channel: "user.42", userId: 42, expiresAtSeconds: inAnHour },
    });
  });

  it("keeps a visitor's key for a public channel without a user", () => {
    const token = signChannelKey(key, { channel: "market", userId: null, expiresAtSeconds: inAnHour });
    const check = verifyChannelKey(key, token, now);
    expect(check.isValid && check.claims.userId).toBeNull();
  });

  it("refuses a key whose claims were edited to another channel", () => {
    const token = signChannelKey(key, { channel: "user.42", userId: 42, expiresAtSeconds: inAnHour });
    const [, signature] = token.split(".");
    const edited = Buffer.from(JSON.stringify({ c: "user.43", u: 42, e: inAnHour })).toString("base64url");
    expect(verifyChannelKey(key, `${edited}.${signature}`, now)).toEqual({ isValid: false, reason: "forged" });
  });

  it("refuses a key signed with another secret", () => {
    const other = deriveSigningKey("another root secret entirely");
    const token = signChannelKey(other, { channel: "user.42", userId: 42, expiresAtSeconds: inAnHour });
    expect(verifyChannelKey(key, token, now)).toEqual({ isValid: false, reason: "forged" });
  });

  it("says expired once the expiry has passed", () => {
    const token = signChannelKey(key, { channel: "user.42", userId: 42, expiresAtSeconds: now / 1000 });
    expect(verifyChannelKey(key, token, now)).toEqual({ isValid: false, reason: "expired" });
  });

  it("calls anything that is not two base64url parts malformed", () => {
    for (const token of ["", "abc", "a.b.c", ".sig", "claims."]) {
      expect(verifyChannelKey(key, token, now)).toEqual({ isValid: false, reason: "malformed" });
    }
  });

  it("derives different signing keys for different root secrets", () => {
    expect(deriveSigningKey("secret one is long").equals(deriveSigningKey("secret two is long"))).toBe(false);
  });
});
