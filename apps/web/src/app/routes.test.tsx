import { acceptsPageParams, pageOfPath } from "@souk/contracts";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { type PathName, paths, pathTo, specRouteNames } from "../lib/paths.ts";
import { screenNames } from "./pages/screen-names.ts";
import { createAppRoutes, type ScreenHandle, screenRoutes } from "./routes.tsx";

function screenAt(pathname: string): string | undefined {
  const matches = matchRoutes(createAppRoutes(), pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as ScreenHandle | undefined;
  return handle?.screen ?? (matches.at(-1)?.route.path === "*" ? "notFound" : undefined);
}

describe("route table", () => {
  it("has exactly one route for every named screen", () => {
    const routed = screenRoutes.map((route) => route.name).sort();
    expect(routed).toEqual((Object.keys(paths) as PathName[]).sort());
  });

  it("names every screen in every language for the coming-soon page", () => {
    for (const names of Object.values(screenNames))
      expect(Object.keys(names).sort()).toEqual(Object.keys(paths).sort());
  });

  it("maps the spec's named routes to screens", () => {
    expect(pathTo(specRouteNames["web.wallet.index"], "en")).toBe("/wallet");
    expect(pathTo(specRouteNames.kycVerification, "fr")).toBe("/fr/account/verification");
    expect(pathTo(specRouteNames.userAccount, "en", { username: "amina_k" })).toBe("/user/amina_k");
  });

  it("serves every screen with and without the French prefix", () => {
    expect(screenAt("/")).toBe("home");
    expect(screenAt("/fr")).toBe("home");
    expect(screenAt("/login")).toBe("login");
    expect(screenAt("/fr/login")).toBe("login");
    expect(screenAt("/offer/abc123")).toBe("viewOffer");
    expect(screenAt("/fr/trade/55")).toBe("viewTrade");
    expect(screenAt("/offer-manager/edit")).toBe("offerCreate");
    expect(screenAt("/offer-manager/edit/9")).toBe("offerEdit");
    expect(screenAt("/offer-manager/lite/edit/9")).toBe("offerLiteEdit");
    expect(screenAt("/buy/bitcoin/paypal-usa")).toBe("buyBitcoinLanding");
    expect(screenAt("/r/XYZ")).toBe("referral");
    expect(screenAt("/assign-ambassador/3")).toBe("assignAmbassador");
    expect(screenAt("/moderation/disputes")).toBe("moderationDisputes");
    expect(screenAt("/fr/moderation/disputes")).toBe("moderationDisputes");
  });

  it("sends the shapes the router cannot check to their screens", () => {
    expect(screenAt("/trading/buy-bitcoin/paypal")).toBe("tradingListing");
    expect(screenAt("/fr/trading/sell-usdt/bank-transfer")).toBe("tradingListing");
    expect(screenAt("/buy-giftcard/amazon")).toBe("giftCardListing");
    expect(screenAt("/sell-giftcard-for-bitcoin/steam")).toBe("giftCardListing");
    expect(screenAt("/calculator/btc-to-eur")).toBe("calculator");
  });

  it("leaves unknown single-segment paths to the 404 page", () => {
    expect(screenAt("/nothing-here")).toBe("notFound");
    expect(screenAt("/fr/nothing-here")).toBe("notFound");
  });
});

describe("route shape checks", () => {
  function accepts(name: PathName, params: Record<string, string>): boolean {
    return acceptsPageParams(name, params);
  }

  it("accepts {buy|sell}-{crypto} trading listings only", () => {
    expect(accepts("tradingListing", { tradeSide: "buy-bitcoin" })).toBe(true);
    expect(accepts("tradingListing", { tradeSide: "sell-tether-usdt" })).toBe(true);
    expect(accepts("tradingListing", { tradeSide: "rent-bitcoin" })).toBe(false);
    expect(accepts("tradingListing", { tradeSide: "buy-" })).toBe(false);
  });

  it("accepts {buy|sell}-giftcard[-for-{crypto}] gift card listings only", () => {
    expect(accepts("giftCardListing", { giftCardSide: "buy-giftcard" })).toBe(true);
    expect(accepts("giftCardListing", { giftCardSide: "sell-giftcard-for-ethereum" })).toBe(true);
    expect(accepts("giftCardListing", { giftCardSide: "user" })).toBe(false);
    expect(accepts("giftCardListing", { giftCardSide: "buy-giftcards" })).toBe(false);
  });

  it("accepts btc-to-{currencyCode} conversions only", () => {
    expect(accepts("calculator", { conversion: "btc-to-usd" })).toBe(true);
    expect(accepts("calculator", { conversion: "eth-to-usd" })).toBe(false);
  });
});

describe("the server's page table", () => {
  it("finds the page the router shows, or none where the router shows the 404 page", () => {
    const samples = [
      "/",
      "/fr",
      "/login",
      "/offer/abc123",
      "/fr/trade/55",
      "/offer-manager/edit/9",
      "/dashboard/my-offers",
      "/trading/buy-bitcoin/paypal",
      "/trading/rent-bitcoin/paypal",
      "/buy-giftcard/amazon",
      "/user/amina_k",
      "/calculator/btc-to-eur",
      "/calculator/eth-to-eur",
      "/dashboard/nothing-here",
      "/nothing-here",
      "/fr/nothing-here",
    ];
    for (const pathname of samples) {
      const routed = screenAt(pathname);
      const accepted = routed && routed !== "notFound" ? acceptsPageParamsAt(pathname, routed as PathName) : false;
      expect(pageOfPath(pathname), pathname).toBe(accepted ? routed : null);
    }
  });
});

/** Whether the screen the router picked accepts the path's dynamic segments (else it shows the 404 page). */
function acceptsPageParamsAt(pathname: string, screen: PathName): boolean {
  const match = (matchRoutes(createAppRoutes(), pathname) ?? []).at(-1);
  return acceptsPageParams(screen, (match?.params ?? {}) as Record<string, string>);
}
