import { describe, expect, it } from "vitest";
import {
  localizePath,
  parseLocalePath,
  sanitizeReturnPath,
  stripDefaultLocalePrefix,
  switchLocalePath,
} from "./locale-routing.ts";

describe("locale prefix parsing", () => {
  it("reads a path without prefix as English", () => {
    expect(parseLocalePath("/login")).toEqual({ locale: "en", path: "/login" });
    expect(parseLocalePath("/")).toEqual({ locale: "en", path: "/" });
  });

  it("reads the fr prefix and strips it", () => {
    expect(parseLocalePath("/fr/login")).toEqual({ locale: "fr", path: "/login" });
    expect(parseLocalePath("/fr")).toEqual({ locale: "fr", path: "/" });
    expect(parseLocalePath("/fr/")).toEqual({ locale: "fr", path: "/" });
    expect(parseLocalePath("/fr/trading/buy-bitcoin/paypal")).toEqual({
      locale: "fr",
      path: "/trading/buy-bitcoin/paypal",
    });
  });

  it("does not take an unknown or look-alike segment for a locale", () => {
    expect(parseLocalePath("/de/login")).toEqual({ locale: "en", path: "/de/login" });
    expect(parseLocalePath("/francais")).toEqual({ locale: "en", path: "/francais" });
    expect(parseLocalePath("/en/login")).toEqual({ locale: "en", path: "/en/login" });
  });
});

describe("localized path building", () => {
  it("omits the default locale and prefixes the others", () => {
    expect(localizePath("/login", "en")).toBe("/login");
    expect(localizePath("/login", "fr")).toBe("/fr/login");
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/", "en")).toBe("/");
  });

  it("keeps the query and the hash", () => {
    expect(localizePath("/login?returnTo=%2Fwallet#form", "fr")).toBe("/fr/login?returnTo=%2Fwallet#form");
    expect(localizePath("/?tab=shop", "fr")).toBe("/fr?tab=shop");
  });

  it("replaces an existing prefix instead of stacking a second one", () => {
    expect(localizePath("/fr/login", "fr")).toBe("/fr/login");
    expect(localizePath("/fr/login", "en")).toBe("/login");
  });

  it("switches the language of the current page, keeping where the user is", () => {
    const location = { pathname: "/fr/offer/42", search: "?fiat-min=10", hash: "#terms" };
    expect(switchLocalePath(location, "en")).toBe("/offer/42?fiat-min=10#terms");
    expect(switchLocalePath({ pathname: "/offer/42", search: "", hash: "" }, "fr")).toBe("/fr/offer/42");
  });
});

describe("default-locale prefix in a URL", () => {
  it("maps /en paths to their bare form", () => {
    expect(stripDefaultLocalePrefix("/en")).toBe("/");
    expect(stripDefaultLocalePrefix("/en/login")).toBe("/login");
    expect(stripDefaultLocalePrefix("/login")).toBeNull();
    expect(stripDefaultLocalePrefix("/enterprise")).toBeNull();
  });
});

describe("return paths", () => {
  it("accepts a path on this site", () => {
    expect(sanitizeReturnPath("/fr/wallet?tab=btc")).toBe("/fr/wallet?tab=btc");
  });

  it("refuses anything that could leave the site", () => {
    expect(sanitizeReturnPath("https://evil.example/")).toBeNull();
    expect(sanitizeReturnPath("//evil.example/")).toBeNull();
    expect(sanitizeReturnPath("/\\evil.example")).toBeNull();
    expect(sanitizeReturnPath("")).toBeNull();
    expect(sanitizeReturnPath(null)).toBeNull();
  });
});
