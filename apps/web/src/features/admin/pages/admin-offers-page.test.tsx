// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminOffersPage } from "./admin-offers-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const appealed = {
  idHashed: "AbCdEfGhIjK",
  ownerUsername: "alice",
  type: "sell",
  cryptoCurrencyCode: "USDT",
  fiatCurrencyCode: "USD",
  paymentMethodName: "Payoneer",
  offerTerms: "Pay me by phone first.",
  isActive: true,
  moderation: {
    status: 4,
    statusName: "appealed",
    message: "Payment outside escrow",
    appeal: "I removed the phone step.",
    moderatedAt: "2026-02-01T00:00:00.000Z",
  },
  isFeaturedByModerator: false,
  isStickiedByModerator: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const final = {
  ...appealed,
  moderation: { ...appealed.moderation, status: 3, statusName: "no_appeal", message: "Still off escrow" },
};
const meta = { total: 1, currentPage: 1, perPage: 20, lastPage: 1 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the operator console's offers", () => {
  it("opens on the appealed offers and rejects an appeal with the reason the vendor will read", async () => {
    const posted: unknown[] = [];
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://souk.test");
        if (init?.method === "POST" && url.pathname === "/rest/v1/admin/offers/AbCdEfGhIjK/reject") {
          posted.push(JSON.parse(String(init.body)));
          return answer(200, { data: final, meta: null });
        }
        if (url.pathname === "/rest/v1/admin/offers") {
          asked.push(url.searchParams.get("status") ?? "");
          return answer(200, { data: [posted.length > 0 ? final : appealed], meta });
        }
        return answer(404, { errors: { message: "No.", code: "ERROR_NOT_FOUND", details: null } });
      }),
    );
    const moderator = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });
    await renderWithApp(<AdminOffersPage />, { user: moderator, path: "/admin/offers" });
    expect((await screen.findByTestId("admin-offer-appeal")).textContent).toContain("I removed the phone step.");
    expect(asked[0]).toBe("appealed");
    fireEvent.click(screen.getByTestId("offer-reject"));
    fireEvent.change(await screen.findByTestId("offer-moderation-reason"), { target: { value: "Still off escrow" } });
    fireEvent.click(screen.getByTestId("offer-moderation-confirm"));
    await waitFor(() => expect(screen.getByTestId("admin-offer-status").textContent).toBe("Rejected, final"));
    expect(posted).toEqual([{ reason: "Still off escrow" }]);
  });
});
