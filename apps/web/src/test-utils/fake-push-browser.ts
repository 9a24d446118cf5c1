import { vi } from "vitest";

/** The server's key: an uncompressed P-256 point (65 bytes) in base64url. */
const PUBLIC_KEY = `B${"A".repeat(86)}`;
export const P256DH = `B${"C".repeat(86)}`;
export const AUTH = "A".repeat(22);
export const PUSH_ENDPOINT = "https://push.example.com/push/one";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * A browser's Push API with one push service endpoint, and the server's push and log-out answers;
 * records, in order, what the page asked of both.
 */
export function fakePushBrowser(
  permission: NotificationPermission,
  answerPermission: NotificationPermission = "granted",
  options: { subscribed?: boolean } = {},
) {
  const calls: string[] = [];
  let subscription: PushSubscription | null = null;
  const makeSubscription = (key: Uint8Array) =>
    ({
      endpoint: PUSH_ENDPOINT,
      options: { applicationServerKey: key.buffer },
      toJSON: () => ({
        endpoint: PUSH_ENDPOINT,
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
      }),
      unsubscribe: async () => {
        calls.push("unsubscribe");
        subscription = null;
        return true;
      },
    }) as unknown as PushSubscription;
  if (options.subscribed) subscription = makeSubscription(new Uint8Array(65));
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
    if (url.pathname === "/rest/v1/auth/logout") return answer(200, { data: null, meta: null });
    if (url.pathname === "/rest/v1/notifications/push/public-key")
      return answer(200, { data: { publicKey: PUBLIC_KEY }, meta: null });
    const isSubscribed = url.pathname.endsWith("/subscriptions");
    return answer(200, { data: { isSubscribed, subscriptionCount: isSubscribed ? 1 : 0 }, meta: null });
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}
