// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { btcCurrency, jsonResponse } from "../../../test-utils/fixtures.ts";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeListingItem } from "../test-fixtures.ts";
import { MarketplaceView } from "./marketplace-view.tsx";

const cryptos = [btcCurrency];

function listingAnswer(offers: unknown[], meta: Partial<Record<string, unknown>> = {}) {
  return {
    data: offers,
    meta: {
      limit: 10,
      offset: 0,
      currentPage: 1,
      perPage: 10,
      hasMore: false,
      type: "buy",
      tab: "p2p",
      sortType: "default",
      cryptoCurrencyCode: null,
      fiatCurrencyCode: null,
      ratesAsOf: "2026-11-20",
      ...meta,
    },
  };
}

const fetchMock = vi.fn<typeof fetch>();
let offersAnswer: () => Response = () => jsonResponse(200, listingAnswer([makeListingItem()]));

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/rest/v2/wallet/crypto-currencies") return jsonResponse(200, { data: cryptos, meta: null });
    if (url.pathname === "/rest/v1/offers") return offersAnswer();
    return jsonResponse(404, { errors: { message: "not here", code: "ERROR_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  offersAnswer = () => jsonResponse(200, listingAnswer([makeListingItem()]));
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function offersCalls(): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/rest/v1/offers");
}

describe("marketplace", () => {
  it("writes a valid tab back lowercased and asks for that tab", async () => {
    await renderWithApp(
      <>
        <MarketplaceView screen="marketplaceBuy" />
        <LocationProbe />
      </>,
      { path: "/buy?tab=SHOP" },
    );
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/buy?tab=shop"));
    expect(screen.getByRole("tab", { name: "Shop" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(offersCalls().some((url) => url.searchParams.get("tab") === "shop")).toBe(true));
  });

  it("falls back to P2P for an unknown tab and drops it from the address", async () => {
    await renderWithApp(
      <>
        <MarketplaceView screen="marketplaceSell" />
        <LocationProbe />
      </>,
      { path: "/sell?tab=whatever" },
    );
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/sell"));
    expect(screen.getByRole("tab", { name: "P2P" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(offersCalls().at(-1)?.searchParams.get("type")).toBe("sell"));
  });

  it("sends the address's filters to the listing and writes a change back to the address", async () => {
    await renderWithApp(
      <>
        <MarketplaceView screen="marketplaceBuy" />
        <LocationProbe />
      </>,
      { path: "/buy?crypto=BTC&fiat-min=100&onlineUsers=true&sortType=price_asc" },
    );
    await screen.findByRole("article", { name: "Offer by erin: SEPA Transfer" });
    const call = offersCalls().at(-1);
    expect(call?.searchParams.get("cryptoCurrencyCode")).toBe("BTC");
    expect(call?.searchParams.get("fiat-min")).toBe("100");
    expect(call?.searchParams.get("onlineUsers")).toBe("true");
    expect(call?.searchParams.get("sortType")).toBe("price_asc");
    expect(call?.searchParams.get("limit")).toBe("10");

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "price_desc" } });
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        "/buy?crypto=BTC&fiat-min=100&onlineUsers=true&sortType=price_desc",
      ),
    );
  });

  it("says so when nothing matches and offers to clear the filters", async () => {
    offersAnswer = () => jsonResponse(200, listingAnswer([]));
    await renderWithApp(
      <>
        <MarketplaceView screen="marketplaceBuy" />
        <LocationProbe />
      </>,
      { path: "/buy?crypto=BTC&onlineUsers=true" },
    );
    expect(await screen.findByText("No offers match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/buy"));
  });

  it("shows a failure with a way to try again", async () => {
    offersAnswer = () => jsonResponse(500, { errors: { message: "boom", code: "ERROR_INTERNAL", details: null } });
    await renderWithApp(<MarketplaceView screen="marketplaceBuy" />, { path: "/buy" });
    expect(await screen.findByText("The offers could not be loaded", {}, { timeout: 5000 })).toBeTruthy();
    offersAnswer = () => jsonResponse(200, listingAnswer([makeListingItem()]));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Offer by erin: SEPA Transfer" })).toBeTruthy();
  });
});
