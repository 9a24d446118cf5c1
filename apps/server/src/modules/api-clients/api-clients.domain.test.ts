import { describe, expect, it } from "vitest";
import {
  composeCredential,
  grantedScopes,
  hashSecret,
  isAcceptableRedirectUri,
  isAllowedRedirect,
  isSameSecret,
  newPublicId,
  newSecret,
  normalizeScopes,
  parseScopeList,
  splitCredential,
} from "./api-clients.domain.ts";

describe("api client credentials", () => {
  it("checks a secret against its salted keyed hash, and nothing else", () => {
    const secret = newSecret();
    const stored = hashSecret(secret);
    expect(isSameSecret(secret, stored)).toBe(true);
    expect(isSameSecret(`${secret}x`, stored)).toBe(false);
    expect(isSameSecret(newSecret(), stored)).toBe(false);
  });

  it("gives the same secret a different hash under each salt", () => {
    const secret = newSecret();
    expect(hashSecret(secret).hash.equals(hashSecret(secret).hash)).toBe(false);
  });

  it("splits a composed token into its id and secret, and refuses other shapes", () => {
    const id = newPublicId();
    const secret = newSecret();
    expect(splitCredential(composeCredential(id, secret))).toEqual({ id, secret });
    expect(splitCredential("nodot")).toBeNull();
    expect(splitCredential("short.x")).toBeNull();
    expect(splitCredential(`${id}.${secret}.extra`)).toBeNull();
  });
});

describe("scopes", () => {
  it("reads a space- or plus-separated list once each", () => {
    expect(parseScopeList("profile+email paxful:offer:all profile")).toEqual(["profile", "email", "paxful:offer:all"]);
    expect(parseScopeList(undefined)).toEqual([]);
  });

  it("keeps only known scopes, in the catalogue's order", () => {
    expect(normalizeScopes(["paxful:offer:get", "nope", "profile"])).toEqual(["profile", "paxful:offer:get"]);
  });

  it("grants everything the client holds when nothing is asked, else only what it holds of what is asked", () => {
    expect(grantedScopes(["profile", "paxful:offer:all"], [])).toEqual(["profile", "paxful:offer:all"]);
    expect(grantedScopes(["profile"], ["profile", "email"])).toEqual(["profile"]);
  });
});

describe("redirect URIs", () => {
  it("accepts https anywhere and http only on this machine", () => {
    expect(isAcceptableRedirectUri("https://bot.example/callback")).toBe(true);
    expect(isAcceptableRedirectUri("http://localhost:8080/cb")).toBe(true);
    expect(isAcceptableRedirectUri("http://bot.example/cb")).toBe(false);
    expect(isAcceptableRedirectUri("javascript:alert(1)")).toBe(false);
  });

  it("allows only a registered URI, exactly", () => {
    expect(isAllowedRedirect(["https://a.example/cb"], "https://a.example/cb")).toBe(true);
    expect(isAllowedRedirect(["https://a.example/cb"], "https://a.example/cb2")).toBe(false);
    expect(isAllowedRedirect([], undefined)).toBe(false);
  });
});
