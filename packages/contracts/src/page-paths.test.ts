import { describe, expect, it } from "vitest";
import { pageOfPath } from "./page-paths.ts";

describe("pageOfPath", () => {
  it("names the page of a fixed path, with or without a locale prefix", () => {
    expect(pageOfPath("/")).toBe("home");
    expect(pageOfPath("/dashboard/my-offers")).toBe("myOffers");
    expect(pageOfPath("/fr/dashboard/my-offers")).toBe("myOffers");
    expect(pageOfPath("/fr")).toBe("home");
    expect(pageOfPath("/en/wallet")).toBe("wallet");
    expect(pageOfPath("/developers")).toBe("developers");
    expect(pageOfPath("/account/api-keys")).toBe("apiKeys");
  });

  it("reads dynamic segments and checks their shape where the app does", () => {
    expect(pageOfPath("/trade/4HEJwTGrpdT")).toBe("viewTrade");
    expect(pageOfPath("/trading/buy-bitcoin/paypal")).toBe("tradingListing");
    expect(pageOfPath("/trading/lend-bitcoin/paypal")).toBeNull();
    expect(pageOfPath("/buy-giftcard/amazon")).toBe("giftCardListing");
    expect(pageOfPath("/calculator/btc-to-usd")).toBe("calculator");
    expect(pageOfPath("/calculator/eth-to-usd")).toBeNull();
  });

  it("prefers the pattern with more fixed segments, as the router does", () => {
    // `/dashboard/x` fits `/:giftCardSide/:paymentMethod` by shape only, and "dashboard" is no side.
    expect(pageOfPath("/dashboard/nothing-here")).toBeNull();
    expect(pageOfPath("/offer-manager/edit")).toBe("offerCreate");
  });

  it("finds no page for an unknown address", () => {
    expect(pageOfPath("/this-page-does-not-exist")).toBeNull();
    expect(pageOfPath("/fr/this-page-does-not-exist")).toBeNull();
    expect(pageOfPath("/trade")).toBeNull();
    expect(pageOfPath("/%E0%A4%A")).toBeNull();
  });
});
