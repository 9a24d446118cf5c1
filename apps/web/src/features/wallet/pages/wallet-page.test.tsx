// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { btcCurrency } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { btcSendInfo, createFetchStub, jsonAnswer, usdt } from "../test-fixtures.ts";
import { WalletPage } from "./wallet-page.tsx";

// Each step waits on a fetch and a render; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const balances = {
  data: [
    {
      cryptoCurrencyCode: "BTC",
      balance: "0.25000000",
      incomingAmount: "0.00500000",
      escrowAmount: "0.00000000",
      bondAmount: "0.00100000",
      pendingWithdrawalAmount: "0.00000000",
    },
    {
      cryptoCurrencyCode: "USDT",
      balance: "1500.000000",
      incomingAmount: "0.000000",
      escrowAmount: "0.000000",
      bondAmount: "0.000000",
      pendingWithdrawalAmount: "0.000000",
    },
  ],
  meta: { totalBalance: "23338.00", fiatCurrencyCode: "USD", ratesAsOf: "2026-11-20", missingRates: [] },
};

const rates = [
  {
    cryptoCurrencyCode: "BTC",
    usdRate: "87350",
    rates: [{ fiatCurrencyCode: "USD", fiatCurrencyName: "US Dollar", fiatRate: "87350.00" }],
  },
  {
    cryptoCurrencyCode: "USDT",
    usdRate: "1",
    rates: [{ fiatCurrencyCode: "USD", fiatCurrencyName: "US Dollar", fiatRate: "1.00" }],
  },
];

function stubServer(extra: Parameters<typeof createFetchStub>[0] = {}) {
  const stub = createFetchStub({
    ...extra,
    "GET /rest/v2/wallet/balances": () => jsonAnswer(200, balances),
    "GET /rest/v2/wallet/crypto-currencies": () => jsonAnswer(200, { data: [btcCurrency, usdt], meta: null }),
    "GET /rest/v2/crypto-fiat-rates": () => jsonAnswer(200, { data: rates, meta: { asOf: "2026-11-20" } }),
    "GET /rest/v2/currencies/USD": () =>
      jsonAnswer(200, {
        data: {
          id: 144,
          code: "USD",
          name: "US Dollar",
          nameLocalized: "US Dollar",
          symbol: "$",
          decimals: 2,
          isPopular: true,
        },
        meta: null,
      }),
    "GET /rest/v1/wallet/send-info": () => jsonAnswer(200, { data: btcSendInfo, meta: null }),
    "GET /rest/v1/wallet/bond": () =>
      jsonAnswer(200, {
        data: {
          isBondInsufficient: false,
          options: [
            {
              cryptoCurrencyCode: "BTC",
              requiredAmount: "0.00100000",
              heldAmount: "0.00100000",
              missingAmount: "0.00000000",
              isAvailable: true,
              isComplete: true,
            },
          ],
        },
        meta: null,
      }),
    "GET /rest/v1/wallet/transactions": () =>
      jsonAnswer(200, {
        data: [
          {
            id: "9-1",
            transferId: "9",
            type: "withdrawal",
            direction: "out",
            cryptoCurrencyCode: "BTC",
            amount: "0.00100000",
            counterpartyUsername: null,
            address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            status: "held",
            txid: null,
            tradeId: null,
            createdAt: "2026-11-21T10:00:00.000Z",
          },
        ],
        meta: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 },
      }),
  });
  vi.stubGlobal("fetch", stub.fetchStub);
  return stub;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("wallet page", () => {
  it("shows the Ethereum deposit address of USDT on its network, and an incoming deposit as delayed while the node is down", async () => {
    const address = "0x16B6D29bAfC34Aa9848a531Eb61AF31060D19e96";
    stubServer({
      "GET /rest/v1/wallet/address": () =>
        jsonAnswer(200, {
          data: { cryptoCurrencyCode: "USDT", address, network: "evm", confirmationsRequired: 12 },
          meta: null,
        }),
      "GET /rest/v1/wallet/deposits": () =>
        jsonAnswer(200, {
          data: [
            {
              id: 7,
              username: "amina_k",
              cryptoCurrencyCode: "USDT",
              amount: "250.000000",
              address: address.toLowerCase(),
              txid: "0xab",
              confirmations: 4,
              confirmationsRequired: 12,
              status: "pending",
              isDelayed: true,
              createdAt: "2026-11-21T10:00:00.000Z",
              creditedAt: null,
            },
          ],
          meta: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 },
        }),
    });
    await renderWithApp(<WalletPage />, { path: "/wallet", user: makeCurrentUser() });

    fireEvent.click(await screen.findByRole("button", { name: "Receive USDT" }));
    expect((await screen.findByTestId("wallet-address")).textContent).toBe(address);
    expect(screen.getByText(/Network: Ethereum \(ERC-20\)/)).toBeTruthy();
    expect((await screen.findByTestId("wallet-incoming")).textContent).toContain("4 of 12 confirmations");
    expect((await screen.findByTestId("wallet-incoming-delayed")).textContent).toContain("not answering");
  });

  it("shows a visitor what the wallet offers, with log-in and sign-up that come back", async () => {
    stubServer();
    await renderWithApp(<WalletPage />, { path: "/wallet" });

    expect(await screen.findByRole("heading", { name: "A wallet made for peer-to-peer trading" })).toBeTruthy();
    expect(screen.getByTestId("wallet-landing-login").getAttribute("href")).toBe("/login?returnTo=%2Fwallet");
    expect(screen.queryByTestId("wallet-page")).toBeNull();
  });

  it("shows the total in fiat, each balance with its fiat value, what is held, and the history", async () => {
    stubServer();
    await renderWithApp(<WalletPage />, { path: "/wallet", user: makeCurrentUser() });

    expect((await screen.findByTestId("wallet-total-amount")).textContent).toBe("23,338.00 USD");
    const bitcoin = await screen.findByTestId("wallet-asset-BTC");
    expect(within(bitcoin).getByTestId("wallet-asset-balance").textContent).toBe("0.25000000 BTC");
    expect(within(bitcoin).getByText("21,837.50 USD")).toBeTruthy();
    expect(within(bitcoin).getByTestId("wallet-asset-incoming").textContent).toContain("0.00500000 BTC");
    expect(within(bitcoin).getByTestId("wallet-asset-bond").textContent).toContain("0.00100000 BTC");
    const tether = screen.getByTestId("wallet-asset-USDT");
    expect(within(tether).getByText("1,500.00 USD")).toBeTruthy();

    const line = await screen.findByTestId("wallet-history-item");
    expect(line.textContent).toContain("Withdrawal");
    expect(within(line).getByTestId("wallet-history-status").textContent).toBe("Held");
    expect(within(line).getByTestId("wallet-history-amount").textContent).toBe("−0.00100000 BTC");
    expect(await screen.findByTestId("wallet-bond-status")).toBeTruthy();
  });

  it("hides and shows the amounts, and remembers the choice", async () => {
    stubServer();
    await renderWithApp(<WalletPage />, { path: "/wallet", user: makeCurrentUser() });
    await screen.findByText("23,338.00", { exact: false });

    fireEvent.click(screen.getByRole("button", { name: "Hide balances" }));

    expect(screen.getByTestId("wallet-total-amount").textContent).toBe("•••••• USD");
    expect(screen.queryByText("0.25000000", { exact: false })).toBeNull();
    expect(window.localStorage.getItem("souk.wallet.hideBalances")).toBe("1");
    expect(screen.getByRole("button", { name: "Show balances" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("links admins to the dev-chain deposits screen, and nobody else", async () => {
    stubServer();
    const { unmount } = await renderWithApp(<WalletPage />, {
      path: "/wallet",
      user: makeCurrentUser({ roles: ["admin"] }),
    });
    expect((await screen.findByRole("link", { name: "Dev-chain deposits" })).getAttribute("href")).toBe(
      "/admin/wallet/deposits",
    );
    unmount();

    await renderWithApp(<WalletPage />, { path: "/wallet", user: makeCurrentUser() });
    await screen.findByTestId("wallet-page");
    expect(screen.queryByRole("link", { name: "Dev-chain deposits" })).toBeNull();
  });

  it("says so when the wallet is blocked until verification", async () => {
    stubServer();
    await renderWithApp(<WalletPage />, {
      path: "/wallet",
      user: makeCurrentUser({ blockedKycActions: ["use-wallet"] }),
    });

    expect(await screen.findByText("Your wallet is limited")).toBeTruthy();
    expect((await screen.findByRole("button", { name: "Review" })).hasAttribute("disabled")).toBe(true);
  });
});
