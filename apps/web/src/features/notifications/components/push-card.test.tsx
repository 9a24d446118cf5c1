// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH, fakePushBrowser as fakeBrowser, P256DH } from "../../../test-utils/fake-push-browser.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { PushCard } from "./push-card.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("push on this browser", () => {
  it("asks the permission, registers the root service worker, subscribes with the server's key and unsubscribes", async () => {
    const calls = fakeBrowser("default");
    await renderWithApp(<PushCard />, { user: makeCurrentUser(), path: "/account/settings/notifications" });
    const toggle = await screen.findByRole("switch", { name: "Push on this browser" });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await screen.findByText("This browser now receives your push notifications.");
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(calls).toEqual([
      "permission",
      "GET /rest/v1/notifications/push/public-key",
      "register /sw.js /",
      "subscribe true 65",
      `POST /rest/v1/notifications/push/subscriptions ${JSON.stringify({
        endpoint: "https://push.example.com/push/one",
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
      })}`,
    ]);
    calls.length = 0;
    fireEvent.click(toggle);
    await screen.findByText("This browser no longer receives push notifications.");
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(calls).toEqual([
      "unsubscribe",
      `POST /rest/v1/notifications/push/unsubscribe ${JSON.stringify({ endpoint: "https://push.example.com/push/one" })}`,
    ]);
  });

  it("subscribes nothing when the permission is refused", async () => {
    const calls = fakeBrowser("default", "denied");
    await renderWithApp(<PushCard />, { user: makeCurrentUser(), path: "/account/settings/notifications" });
    const toggle = await screen.findByRole("switch", { name: "Push on this browser" });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await screen.findByText("Push needs your permission to show notifications.");
    expect(calls).toEqual(["permission"]);
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByTestId("push-card").textContent).toContain("Notifications are blocked for this site.");
  });

  it("speaks French, and says when notifications are blocked", async () => {
    fakeBrowser("denied");
    await renderWithApp(<PushCard />, {
      user: makeCurrentUser({ locale: "fr", urlLocale: "fr" }),
      path: "/fr/account/settings/notifications",
      locale: "fr",
    });
    const toggle = await screen.findByRole("switch", { name: "Push sur ce navigateur" });
    await waitFor(() =>
      expect(screen.getByTestId("push-card").textContent).toContain("Les notifications sont bloquées"),
    );
    expect((toggle as HTMLInputElement).disabled).toBe(true);
  });
});
