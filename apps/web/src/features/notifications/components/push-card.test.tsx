// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { PushCard } from "./push-card.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** The server's key: an uncompressed P-256 point (65 bytes) in base64url. */
const PUBLIC_KEY = `B${"A".repeat(86)}`;
const P256DH = `B${"C".repeat(86)}`;
const AUTH = "A".repeat(22);

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A browser's Push API with one push service endpoint; records what the page asked of it. */
function fakeBrowser(permission: NotificationPermission, answerPermission: NotificationPermission = "granted") {
  const calls: string[] = [];
  let subscription: PushSubscription | null = null;
  const makeSubscription = (key: Uint8Array) =>
    ({
      endpoint: "https://push.example.com/push/one",
      options: { applicationServerKey: key.buffer },
      toJSON: () => ({
        endpoint: "https://push.example.com/push/one",
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
      }),
      unsubscribe: async () => {
        calls.push("unsubscribe");
        subscription = null;
        return true;
      },
    }) as unknown as PushSubscription;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: { applicationServerKey: Uint8Array; userVisibleOnly: boolean }) => {
      calls.push(`subscribe ${options.userVisibleOnly} ${options.applicationServerKey.length}`);
      subscription = makeSubscription(options.applicationServerKey);
      return subscription;
    },
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: async () => {
      calls.push("permission");
      notification.permission = answerPermission;
      return answerPermission;
    },
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      register: async (url: string, options: { scope: string }) => {
        calls.push(`register ${url} ${options.scope}`);
        return registration;
      },
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://souk.test");
    calls.push(`${init?.method ?? "GET"} ${url.pathname}${init?.body ? ` ${String(init.body)}` : ""}`);
    if (url.pathname === "/rest/v1/notifications/push/public-key")
      return answer(200, { data: { publicKey: PUBLIC_KEY }, meta: null });
    const isSubscribed = url.pathname.endsWith("/subscriptions");
    return answer(200, { data: { isSubscribed, subscriptionCount: isSubscribed ? 1 : 0 }, meta: null });
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}

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
