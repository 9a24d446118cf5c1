import { describe, expect, it } from "vitest";
import { counterAccepted, defaultPasskeyName, relyingPartyOf, signedChallengeOf } from "./passkeys.domain.ts";

const clientData = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("relyingPartyOf", () => {
  it("reads the host and origin of PUBLIC_URL, or of the server's own port", () => {
    expect(relyingPartyOf({ PUBLIC_URL: "https://souk.example.org/app", PORT: 3000 })).toEqual({
      rpID: "souk.example.org",
      rpName: "Souk",
      origin: "https://souk.example.org",
    });
    expect(relyingPartyOf({ PUBLIC_URL: undefined, PORT: 3224 })).toMatchObject({
      rpID: "localhost",
      origin: "http://localhost:3224",
    });
  });
});

describe("signedChallengeOf", () => {
  it("answers the challenge of well-formed client data", () => {
    const challenge = "c2VydmVyLWNoYWxsZW5nZS0xMjM0NTY";
    expect(signedChallengeOf(clientData({ type: "webauthn.get", challenge }))).toBe(challenge);
  });
  it("answers null for anything else", () => {
    expect(signedChallengeOf("not json at all")).toBeNull();
    expect(signedChallengeOf(clientData(["a list"]))).toBeNull();
    expect(signedChallengeOf(clientData({ challenge: 42 }))).toBeNull();
    expect(signedChallengeOf(clientData({ challenge: "short" }))).toBeNull();
    expect(signedChallengeOf(clientData({ challenge: "has spaces and more than sixteen" }))).toBeNull();
    expect(signedChallengeOf(clientData(null))).toBeNull();
  });
});

describe("counterAccepted", () => {
  it("takes a counter that moved on, or an authenticator that never counts", () => {
    expect(counterAccepted(0, 1)).toBe(true);
    expect(counterAccepted(5, 6)).toBe(true);
    expect(counterAccepted(0, 0)).toBe(true);
  });
  it("refuses a counter that stood still or went back (a cloned key)", () => {
    expect(counterAccepted(5, 5)).toBe(false);
    expect(counterAccepted(5, 4)).toBe(false);
    expect(counterAccepted(5, 0)).toBe(false);
  });
});

describe("defaultPasskeyName", () => {
  it("names the browser, or numbers the passkey", () => {
    expect(defaultPasskeyName("Chrome on Linux", 0)).toBe("Chrome on Linux");
    expect(defaultPasskeyName(null, 2)).toBe("Passkey 3");
  });
});
