// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { DisputesPage } from "./disputes-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const appealed = {
  tradeId: "T9xyz",
  tradeUrl: "/trade/T9xyz",
  status: "dispute_won_seller",
  buyerUsername: "bob",
  sellerUsername: "alice",
  openedBy: "buyer",
  openedAt: "2026-11-20T09:00:00.000Z",
  reasonId: 1,
  reasonKey: "payment_sent_not_released",
  reasonText: "I paid two hours ago.",
  cryptoAmount: "0.00150000",
  cryptoCurrencyCode: "BTC",
  fiatAmount: "150.00",
  fiatCurrencyCode: "USD",
  resolvedAt: "2026-11-20T12:00:00.000Z",
  outcome: "seller",
  appealStatus: "appealed",
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const staff = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("moderator disputes screen", () => {
  it("tells a user who is not staff that it is not for them and asks for nothing", async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => answer(500, {}));
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<DisputesPage />, { user: makeCurrentUser(), path: "/moderation/disputes" });

    expect(screen.getByTestId("disputes-not-allowed").textContent).toContain("For moderators only");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("lists the tab named in the address and follows the moderator's tab changes", async () => {
    const fetchStub = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), "http://souk.test");
      const rows = url.searchParams.get("status") === "appealed" ? [appealed] : [];
      return answer(200, { data: rows, meta: { total: rows.length, currentPage: 1, perPage: 20, lastPage: 1 } });
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<DisputesPage />, { user: staff, path: "/moderation/disputes?status=appealed" });

    const row = await screen.findByTestId("dispute-T9xyz");
    expect(row.textContent).toContain("bob (buyer) ↔ alice (seller)");
    expect(row.textContent).toContain("Paid but not released");
    expect(row.textContent).toContain("Awarded to the seller");
    expect(row.textContent).toContain("Appealed");
    expect(screen.getByRole("link", { name: "Open trade" }).getAttribute("href")).toBe("/trade/T9xyz");
    const first = new URL(String(fetchStub.mock.calls[0]?.[0]), "http://souk.test");
    expect(first.pathname).toBe("/rest/v1/disputes");
    expect(first.searchParams.get("status")).toBe("appealed");
    expect(first.searchParams.get("page")).toBe("1");

    fireEvent.click(screen.getByText("Open"));

    expect(await screen.findByText("No disputes here.")).toBeTruthy();
    await waitFor(() => {
      const last = new URL(String(fetchStub.mock.calls.at(-1)?.[0]), "http://souk.test");
      expect(last.searchParams.get("status")).toBe("open");
    });
  });

  it("shows the error with a retry when the list cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        answer(403, { errors: { message: "Forbidden", code: "ERROR_FORBIDDEN", details: null } }),
      ),
    );
    await renderWithApp(<DisputesPage />, { user: staff, path: "/moderation/disputes" });

    expect(await screen.findByText("The disputes could not be loaded.")).toBeTruthy();
    expect(screen.getByText("Forbidden")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
