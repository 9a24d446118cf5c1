import { type PushSubscriptionInput, pushSubscriptionSchema } from "@souk/contracts";
import { fetchPushPublicKey, forgetBrowserSubscription, saveBrowserSubscription } from "./push-api.ts";

/** The service worker at the root scope (apps/web/public/sw.js). */
const SERVICE_WORKER_URL = "/sw.js";

/** Where this browser stands: no Push API, notifications blocked, or subscribed or not. */
export type BrowserPushState = "unsupported" | "denied" | "off" | "on";

/** The user said no (or dismissed the question): nothing was subscribed. */
export class PushPermissionRefused extends Error {}

function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

function isSameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** The subscription as the server takes it (the browser's toJSON, checked by the shared schema). */
function inputOf(subscription: PushSubscription): PushSubscriptionInput {
  return pushSubscriptionSchema.parse(subscription.toJSON());
}

/** What the toggle shows when the page opens; a subscribed browser is handed to the server again. */
export async function readBrowserPush(): Promise<BrowserPushState> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const subscription = Notification.permission === "granted" ? await currentSubscription() : null;
  if (!subscription) return "off";
  await saveBrowserSubscription(inputOf(subscription));
  return "on";
}

/**
 * Asks the permission, registers the service worker and subscribes with the server's key (a
 * subscription made with another key is replaced), then hands it to the server.
 */
export async function turnBrowserPushOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionRefused(permission);
  const key = bytesOf(await fetchPushPublicKey());
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveBrowserSubscription(inputOf(subscription));
}

/** Unsubscribes this browser, and tells the server. */
export async function turnBrowserPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await forgetBrowserSubscription(endpoint);
}
