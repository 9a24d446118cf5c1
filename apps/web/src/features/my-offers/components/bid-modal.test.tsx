// @vitest-environment happy-dom
import { IDEMPOTENCY_HEADER } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAppConfig, setAppConfig } from "../../../lib/app-config.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeMyOffer, makePage } from "../model/test-offers.ts";
import { MyOffersPage } from "../pages/my-offers-page.tsx";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const hash = "AbCdEfGhIj1";
const fetchMock = vi.fn<typeof fetch>();

function coin(code: string, rate: string, precision: number) {
  return {
    id: code === "BTC" ? 1 : 3,
    code,
    urlParam: code.toLowerCase(),
    fullName: code,
    rate,
    icon: code.toLowerCase(),
    formattingDecimalsCount: precision,
    shortName: code,
    isStablecoin: code === "USDT",
    precision,
    fiatPrecision: 2,
    maxPrecision: precision,
    isBlocked: false,
  };
}

function placedBid(amount: string) {
  return {
    id: 7,
    offerId: hash,
    startDate: "2026-11-01T10:00:00.000Z",
    endDate: "2026-11-08T10:00:00.000Z",
    amount,
    cryptoCurrencyCode: "USDT",
    status: "FUNDED",
    isPresent: true,
    current: true,
    position: 1,
  };
}

const bidInfo = {
  bid: null,
  history: [{ ...placedBid("12.000000"), id: 3, status: "OUTBID", current: false, position: null }],
  periods: [
    { id: "day", days: 1, amount: "5" },
    { id: "week", days: 7, amount: "25" },
  ],
  currencies: ["BTC", "USDT"],
  isFundingAvailable: true,
};

const pinnedInfo = {
  offerId: hash,
  slots: 3,
  position: null,
  positions: [],
  market: { cryptoCurrencyCode: "BTC", fiatCurrencyCode: "USD", type: "sell" },
};

/** The bid calls the modal made: their bodies and Idempotency-Keys. */
let bidCalls: { body: Record<string, unknown>; key: string | null }[];
let bidAnswers: Response[];

beforeEach(() => {
  bidCalls = [];
  bidAnswers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes("/rest/v1/my-offers/list")) return answer(200, makePage([makeMyOffer()]));
    if (url.includes(`/my-offers/${hash}/bid-info`)) return answer(200, { data: bidInfo, meta: null });
    if (url.includes(`/my-offers/${hash}/pinned-info`)) return answer(200, { data: pinnedInfo, meta: null });
    if (url.includes("/rest/v2/wallet/crypto-currencies")) {
      return answer(200, { data: [coin("BTC", "87350", 8), coin("USDT", "1", 6)], meta: null });
    }
    if (url.includes(`/my-offers/${hash}/bid`) && init?.method === "PUT") {
      const headers = new Headers(init.headers);
      bidCalls.push({ body: JSON.parse(String(init.body)), key: headers.get(IDEMPOTENCY_HEADER) });
      return bidAnswers.shift() ?? answer(500, { errors: { message: "No answer", code: "ERROR", details: null } });
    }
    return answer(404, { errors: { message: "Not here", code: "ERROR_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
  setAppConfig(getAppConfig(), { offerBid: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAppConfig(getAppConfig(), {});
});

async function openBidModal() {
  await renderWithApp(<MyOffersPage />, { user: makeCurrentUser(), path: "/dashboard/my-offers" });
  fireEvent.click(await screen.findByTestId(`promote-${hash}`));
  fireEvent.click(await screen.findByTestId("promote-option-bid"));
  return screen.findByTestId("bid-modal");
}

describe("the bid modal", () => {
  it("takes a period's amount in the chosen currency, shows a refusal, and places the bid", async () => {
    const modal = await openBidModal();
    // The offer's earlier bids are listed with their status.
    const history = await within(modal).findByTestId("bid-history");
    expect(within(history).getByText("Outbid")).toBeTruthy();

    fireEvent.click(await within(modal).findByRole("radio", { name: "USDT" }));
    fireEvent.click(within(modal).getByRole("radio", { name: /1 week/ }));
    fireEvent.click(within(modal).getByRole("button", { name: "Continue" }));
    // The week's suggested 25 USD, in USDT.
    const amount = (await within(modal).findByTestId("bid-amount")) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe("25"));
    expect(within(modal).getByText(/held from your wallet/)).toBeTruthy();

    bidAnswers.push(
      answer(409, {
        errors: {
          message: "The balance is too low for this amount.",
          code: "ERROR_INSUFFICIENT_BALANCE",
          details: { amount: ["insufficient_balance"] },
        },
      }),
    );
    fireEvent.click(within(modal).getByRole("button", { name: "Place bid" }));
    expect((await within(modal).findByTestId("bid-error")).textContent).toBe(
      "Your wallet balance is too low for this bid. Deposit more or lower the amount.",
    );
    expect(bidCalls[0]?.body).toMatchObject({
      offerId: hash,
      amount: "25",
      cryptoCurrencyCode: "USDT",
      isPresent: true,
      current: false,
    });
    const first = bidCalls[0]!.body as { startDate: string; endDate: string };
    expect(Date.parse(first.endDate) - Date.parse(first.startDate)).toBe(7 * 86_400_000);

    // Typing clears the error; the new amount is a new request with a new key.
    fireEvent.change(amount, { target: { value: "20" } });
    expect(within(modal).queryByTestId("bid-error")).toBeNull();
    bidAnswers.push(answer(200, { data: placedBid("20.000000"), meta: null }));
    fireEvent.click(within(modal).getByRole("button", { name: "Place bid" }));
    expect(await within(modal).findByText("Your bid is placed")).toBeTruthy();
    expect(within(modal).getByText("Bid funded")).toBeTruthy();
    expect(bidCalls[1]?.body).toMatchObject({ amount: "20" });
    expect(bidCalls[1]?.key).toBeTruthy();
    expect(bidCalls[1]?.key).not.toBe(bidCalls[0]?.key);
  });

  it("sends a retry after an unknown outcome as the same request with the same key", async () => {
    const modal = await openBidModal();
    fireEvent.click(await within(modal).findByRole("radio", { name: /1 day/ }));
    fireEvent.click(within(modal).getByRole("button", { name: "Continue" }));
    const amount = (await within(modal).findByTestId("bid-amount")) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "0.0001" } });

    bidAnswers.push(answer(500, { errors: { message: "Server error", code: "ERROR_INTERNAL", details: null } }));
    fireEvent.click(within(modal).getByRole("button", { name: "Place bid" }));
    await within(modal).findByTestId("bid-error");
    bidAnswers.push(answer(200, { data: placedBid("0.00010000"), meta: null }));
    fireEvent.click(within(modal).getByRole("button", { name: "Place bid" }));
    await within(modal).findByText("Your bid is placed");
    expect(bidCalls).toHaveLength(2);
    expect(bidCalls[1]).toEqual(bidCalls[0]);
    expect(bidCalls[0]?.body).toMatchObject({ cryptoCurrencyCode: "BTC", amount: "0.0001" });
  });

  it("cancel closes the modal and forgets what was chosen", async () => {
    const modal = await openBidModal();
    fireEvent.click(await within(modal).findByRole("radio", { name: /1 week/ }));
    fireEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Continue" })).toBeNull());

    fireEvent.click(screen.getByTestId(`promote-${hash}`));
    fireEvent.click(await screen.findByTestId("promote-option-bid"));
    const reopened = await screen.findByTestId("bid-modal");
    const week = await within(reopened).findByRole("radio", { name: /1 week/ });
    expect(week.getAttribute("aria-checked")).toBe("false");
    expect((within(reopened).getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
