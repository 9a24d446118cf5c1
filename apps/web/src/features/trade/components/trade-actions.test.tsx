// @vitest-environment happy-dom
import type { Trade } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { TradeActions } from "./trade-actions.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const party = { avatarUrl: null, countryIso: null, isIdVerified: false, completedTrades: 3, lastSeenAt: null };
const noActions = {
  canMarkPaid: false,
  canRelease: false,
  canCancel: false,
  canDispute: false,
  canResolveDispute: false,
  canAppeal: false,
};

function makeTrade(overrides: Partial<Trade> = {}): Trade {
  const step = { isReached: true, isCompleted: true };
  return {
    id: "T1abc",
    chatUrl: "/trade/T1abc",
    startedAt: "2026-11-21T10:00:00.000Z",
    expiresAt: { timestamp: 1_900_000_000 },
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    offer: { id: "O1", url: "/offer/O1", type: "sell", flowType: "default" },
    isVendor: true,
    viewerRole: "seller",
    side: "sold",
    buyer: { username: "bob", ...party },
    seller: { username: "alice", ...party },
    status: "paid",
    tradeCompleted: false,
    isFinished: false,
    paymentMethod: { id: 1, slug: "wise", name: { original: "Wise", localized: "Wise" } },
    paymentDetails: { offerTerms: "", instructions: null, isRevealed: true, payerName: null },
    cryptoAmount: { amount: "0.00150000", currencyCode: "BTC", decimals: 8 },
    feeAmount: "0.00001500",
    feePercent: "1",
    fiatAmount: "150.00",
    currency: { code: "USD", name: "US Dollar", rate: { usd: "1" }, order: 1, defaultAmount: "100" },
    fiatPricePerCrypto: "100000.00",
    cryptoCurrencyId: 1,
    cryptoCurrencyCode: "BTC",
    paymentWindowMinutes: 30,
    isOpponentsSameIp: false,
    dispute: {
      available: false,
      availableAt: null,
      openedAt: null,
      openedBy: null,
      reasonId: null,
      reasonText: null,
      resolvedAt: null,
      outcome: null,
      note: null,
      appeal: { status: "not_available", availableUntil: null, appealedAt: null },
    },
    flow: {
      type: "default",
      isFallback: false,
      step: "before_mark_as_paid",
      state: { beforeRevealPaymentDetails: step, beforeMarkAsPaid: step },
      requirements: [],
    },
    actions: { ...noActions, canRelease: true },
    lastEventSeq: 3,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TradeActions", () => {
  it("releases only after the seller confirms receiving the payment", async () => {
    const trade = makeTrade();
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ data: { ...trade, status: "released" }, meta: null }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeActions trade={trade} />, { user: makeCurrentUser() });

    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    const confirm = await screen.findByRole("button", { name: "Confirm" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I have received the full payment"));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(new URL(String(url), "http://souk.test").pathname).toBe("/rest/v1/trade/T1abc/release");
    expect(init?.method).toBe("POST");
  });

  it("tells the buyer who waits for the release and shows no button that cannot act", async () => {
    await renderWithApp(
      <TradeActions trade={makeTrade({ viewerRole: "buyer", side: "bought", actions: noActions })} />,
      {
        user: makeCurrentUser(),
      },
    );
    expect(screen.getByText("Waiting for the seller to release the crypto.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Release crypto" })).toBeNull();
    expect(screen.queryByRole("button", { name: "I have paid" })).toBeNull();
  });
});
