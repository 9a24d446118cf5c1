// @vitest-environment happy-dom
import type { AccountWebhook, WebhookDeliveryAttempt } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { WebhooksPage } from "./webhooks-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const enabled: AccountWebhook = {
  url: "https://hooks.example.com/souk",
  enabled: true,
  events: [
    { name: "trade.started", checked: true },
    { name: "trade.paid", checked: true },
    { name: "trade.released", checked: false },
    { name: "trade.cancelled_or_expired", checked: false },
    { name: "trade.dispute_started", checked: false },
    { name: "trade.dispute_finished", checked: false },
    { name: "trade.chat_message_received", checked: false },
  ],
  status: "enabled",
  notificationType: "passed",
  errorKey: null,
  knowledgeLink: null,
  secret: null,
};

const failedAttempt: WebhookDeliveryAttempt = {
  deliveryId: 7,
  webhookId: "msg_abc",
  event: "trade.paid",
  attempt: 1,
  statusCode: 500,
  durationMs: 42,
  error: null,
  attemptedAt: "2026-11-20T09:00:00.000Z",
  state: "pending",
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function stubApi(webhook: AccountWebhook, log: WebhookDeliveryAttempt[]) {
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://souk.test");
    if (url.pathname === "/rest/v1/webhooks/deliveries") return answer(200, { data: log, meta: null });
    if (url.pathname.endsWith("/replay") && init?.method === "POST") return answer(200, { data: null, meta: null });
    return answer(200, { data: webhook, meta: { link: "/developers#account-webhooks" } });
  });
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("webhooks screen", () => {
  it("shows an enabled webhook's events and its log, and replays a delivery", async () => {
    const fetchStub = stubApi(enabled, [failedAttempt]);
    await renderWithApp(<WebhooksPage />, { user: makeCurrentUser(), path: "/account/webhooks" });

    expect((await screen.findByTestId("webhook-status")).textContent).toBe("On");
    const checked = screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked);
    expect(checked).toHaveLength(2);
    const row = await screen.findByTestId("webhook-delivery-row");
    expect(row.textContent).toContain("Trade marked paid");
    expect(row.textContent).toContain("500");
    expect(row.textContent).toContain("42 ms");
    expect(row.textContent).toContain("retry due");

    fireEvent.click(screen.getByRole("button", { name: "Replay" }));
    await waitFor(() => {
      const urls = fetchStub.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
      expect(urls.join(" ; ")).toContain("/rest/v1/webhooks/deliveries/7/replay");
    });
  });

  it("names the error key of a disabled webhook, in French too", async () => {
    stubApi(
      {
        ...enabled,
        enabled: false,
        status: "disabled",
        errorKey: "timeout",
        notificationType: "failed",
        knowledgeLink: "/developers#account-webhooks",
      },
      [],
    );
    await renderWithApp(<WebhooksPage />, { user: makeCurrentUser(), path: "/fr/account/webhooks", locale: "fr" });

    expect((await screen.findByTestId("webhook-status")).textContent).toBe("Inactif");
    expect(screen.getByTestId("webhook-notice-failed").textContent).toContain("n’a pas répondu en 10 secondes");
    expect(await screen.findByText("Rien n’a encore été envoyé.")).toBeTruthy();
  });
});
