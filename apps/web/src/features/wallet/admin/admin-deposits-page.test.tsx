// @vitest-environment happy-dom
import { notifications } from "@mantine/notifications";
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { btcCurrency } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { createFetchStub, jsonAnswer } from "../test-fixtures.ts";
import { AdminDepositsPage } from "./admin-deposits-page.tsx";
import { resetRecentDepositsCache } from "./recent-deposits-store.ts";

// Each step waits on a fetch and a render; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const deposit = {
  id: 31,
  username: "amina_k",
  cryptoCurrencyCode: "BTC",
  amount: "0.01000000",
  address: "bc1qtu3782cw3tlxgnga67lxcnssk6ffxhyj6pf9ap",
  txid: "ab",
  confirmations: 0,
  confirmationsRequired: 2,
  status: "pending",
  isDelayed: false,
  createdAt: "2026-11-21T10:00:00.000Z",
  creditedAt: null,
};

beforeEach(() => {
  window.localStorage.clear();
  resetRecentDepositsCache();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe("dev-chain deposits screen", () => {
  it("tells a user without the admin role that it is not for them", async () => {
    vi.stubGlobal("fetch", createFetchStub({}).fetchStub);
    await renderWithApp(<AdminDepositsPage />, { user: makeCurrentUser() });

    expect(screen.getByTestId("admin-not-allowed").textContent).toContain("Only administrators");
    expect(screen.queryByTestId("admin-deposit-form")).toBeNull();
  });

  it("shows the last reconciliation of chain against ledger per coin, and the open alerts", async () => {
    const coin = (code: string, difference: string) => ({
      cryptoCurrencyCode: code,
      network: "evm",
      blockNumber: 205,
      onChain: "10.25",
      ledger: "10.249978999",
      residue: "0.000000000999706",
      incoming: "0",
      outgoing: "0",
      difference,
    });
    vi.stubGlobal(
      "fetch",
      createFetchStub({
        "GET /rest/v2/wallet/crypto-currencies": () => jsonAnswer(200, { data: [btcCurrency], meta: null }),
        "GET /rest/v1/admin/custody": () =>
          jsonAnswer(200, {
            data: {
              reconciliation: {
                createdAt: "2026-11-21T10:00:00.000Z",
                isBalanced: false,
                coins: [coin("ETH", "0"), coin("USDT", "-5")],
              },
              alerts: [
                {
                  id: 1,
                  kind: "hot_wallet_short",
                  message: "The hot wallet cannot pay withdrawal 9.",
                  createdAt: "2026-11-21T10:00:00.000Z",
                },
              ],
            },
            meta: null,
          }),
      }).fetchStub,
    );
    await renderWithApp(<AdminDepositsPage />, { user: makeCurrentUser({ roles: ["admin"] }) });

    const card = await screen.findByTestId("admin-custody");
    expect(
      await within(card).findByText("Chain and ledger differ: look at the alerts and the reconciliation below."),
    ).toBeTruthy();
    expect(card.textContent).toContain("ETH at block 205: on chain 10.25, ledger 10.249978999, difference 0");
    expect(card.textContent).toContain("USDT at block 205: on chain 10.25, ledger 10.249978999, difference -5");
    expect(card.textContent).toContain("The hot wallet cannot pay withdrawal 9.");
  });

  it("records a deposit, lists it and raises its confirmations", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v2/wallet/crypto-currencies": () => jsonAnswer(200, { data: [btcCurrency], meta: null }),
      "POST /rest/v1/admin/wallet/deposits": () => jsonAnswer(200, { data: deposit, meta: null }),
      "POST /rest/v1/admin/wallet/deposits/31/confirm": () =>
        jsonAnswer(200, {
          data: { ...deposit, confirmations: 2, status: "credited", creditedAt: "2026-11-21T10:01:00.000Z" },
          meta: null,
        }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<AdminDepositsPage />, {
      user: makeCurrentUser({ roles: ["admin"] }),
    });

    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "amina_k" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "0.01" } });
    fireEvent.change(screen.getByLabelText("Confirmations", { exact: false }), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Record deposit" }));

    expect(await screen.findByText("Deposit #31 of 0.01000000 BTC recorded for amina_k.")).toBeTruthy();
    const recorded = calls.find((call) => call.path === "/rest/v1/admin/wallet/deposits");
    expect(recorded?.body).toEqual({
      username: "amina_k",
      cryptoCurrencyCode: "BTC",
      amount: "0.01",
      confirmations: 0,
    });
    expect(screen.getByTestId("admin-deposit-31").textContent).toContain("Pending");

    fireEvent.click(screen.getByRole("button", { name: "Confirm fully #31" }));

    await waitFor(() => expect(screen.getByTestId("admin-deposit-31").textContent).toContain("Credited"));
    expect(calls.find((call) => call.path.endsWith("/confirm"))?.body).toEqual({ confirmations: 2 });
  });

  it("refuses an amount with more decimals than the currency before calling the server", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v2/wallet/crypto-currencies": () => jsonAnswer(200, { data: [btcCurrency], meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<AdminDepositsPage />, {
      user: makeCurrentUser({ roles: ["admin"] }),
    });

    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "amina_k" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "0.123456789" } });
    fireEvent.click(screen.getByRole("button", { name: "Record deposit" }));

    expect(await screen.findByText("This currency has at most 8 decimals.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });
});
