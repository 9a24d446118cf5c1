import { describe, expect, it } from "vitest";
import { isTokenOfSession } from "./csrf.ts";

// A token as issueCsrfToken makes it: `<nonce>.<HMAC-SHA256 of the nonce keyed by the session token>`.
async function tokenFor(sessionToken: string, nonce = "n0nce-value-for-tests"): Promise<string> {
  const { createHmac } = await import("node:crypto");
  return `${nonce}.${createHmac("sha256", sessionToken).update(nonce).digest("base64url")}`;
}

describe("CSRF tokens bound to the session", () => {
  it("holds for the session it was made for, and for no other", async () => {
    const token = await tokenFor("session-a");
    expect(isTokenOfSession(token, "session-a")).toBe(true);
    expect(isTokenOfSession(token, "session-b")).toBe(false);
    expect(isTokenOfSession(token, "")).toBe(false);
  });

  it("refuses a value someone chose, a visitor's token for a session, and malformed tokens", async () => {
    expect(isTokenOfSession("attacker-chosen", "session-a")).toBe(false);
    expect(isTokenOfSession(await tokenFor(""), "session-a")).toBe(false);
    expect(isTokenOfSession(await tokenFor(""), "")).toBe(true);
    for (const token of ["", ".", "a.", ".b", "a.b.c", `${await tokenFor("session-a")}x`]) {
      expect(isTokenOfSession(token, "session-a"), token).toBe(false);
    }
  });
});
