// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeTradeNotification } from "../test-fixtures.ts";
import { NotificationsPage } from "./notifications-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const paid = makeTradeNotification("41", "trade.paid", "bob");

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubApi(state: { isRead: boolean }) {
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://souk.test");
    if (init?.method === "POST" && url.pathname === "/rest/v1/notifications/41/read") {
      state.isRead = true;
      return answer(200, { data: { unreadCount: 0 }, meta: null });
    }
    const item = { ...paid, isRead: state.isRead };
    const meta = { total: 1, currentPage: 1, perPage: 20, lastPage: 1, unreadCount: state.isRead ? 0 : 1 };
    return answer(200, { data: [item], meta });
  });
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

describe("the notifications screen", () => {
  it("lists what happened with the amounts and the way to the trade, and marks one read", async () => {
    const fetchStub = stubApi({ isRead: false });
    await renderWithApp(<NotificationsPage />, {
      user: makeCurrentUser(),
      path: "/notifications",
    });
    const item = await screen.findByTestId("notification-item");
    expect(item.textContent).toContain("bob marked the trade paid");
    expect(item.textContent).toContain("Bank transfer");
    expect(screen.getByTestId("notifications-unread-count").textContent).toBe("1 unread");
    expect(screen.getByRole("link", { name: "Open the trade" }).getAttribute("href")).toBe("/trade/T41");
    fireEvent.click(screen.getByRole("button", { name: "Mark read" }));
    await waitFor(() => expect(screen.getByTestId("notification-item").getAttribute("data-read")).toBe("true"));
    expect(fetchStub.mock.calls.some(([input]) => String(input).includes("/notifications/41/read"))).toBe(true);
  });

  it("speaks French", async () => {
    stubApi({ isRead: false });
    await renderWithApp(<NotificationsPage />, {
      user: makeCurrentUser({ locale: "fr", urlLocale: "fr" }),
      path: "/fr/notifications",
      locale: "fr",
    });
    const item = await screen.findByTestId("notification-item");
    expect(item.textContent).toContain("bob a marqué la transaction comme payée");
    expect(screen.getByRole("button", { name: "Tout marquer comme lu" })).toBeTruthy();
  });
});

describe("a verification's notification", () => {
  const base = makeTradeNotification("42", "account.verification_decided", "");
  const decided = {
    ...base,
    group: "account",
    subjectType: "verification",
    subjectId: "V42",
    payload: { ...base.payload, cryptoAmount: null, fiatAmount: null, text: "id", reason: "approved" },
  };

  it("names the outcome and the kind of verification in words, in English and French", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        answer(200, {
          data: [decided],
          meta: { total: 1, currentPage: 1, perPage: 20, lastPage: 1, unreadCount: 1 },
        }),
      ),
    );
    await renderWithApp(<NotificationsPage />, { user: makeCurrentUser(), path: "/notifications" });
    const lines = [...(await screen.findByTestId("notification-item")).querySelectorAll("p")].map((p) => p.textContent);
    expect(lines).toContain("Approved.");
    expect(lines).toContain("Identity document");
    expect(lines).not.toContain("id");
    cleanup();
    await renderWithApp(<NotificationsPage />, {
      user: makeCurrentUser({ locale: "fr", urlLocale: "fr" }),
      path: "/fr/notifications",
      locale: "fr",
    });
    const item = await screen.findByTestId("notification-item");
    expect(item.textContent).toContain("Approuvée.");
    expect(item.textContent).toContain("Pièce d’identité");
  });
});
