/*
 * Souk's service worker (root scope, served as /sw.js): it shows the web pushes of the
 * notifications' app channel and opens their page when one is clicked. A push is JSON
 * {title, body, link, tag} (docs/decisions/097-web-push.md).
 */
const FALLBACK_TITLE = "Souk";

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** The page to open, on this site only: a link elsewhere keeps its path on this origin. */
function pageOf(link) {
  const origin = self.location.origin;
  try {
    const url = new URL(link || "/", origin);
    return url.origin === origin ? url.href : new URL(url.pathname + url.search + url.hash, origin).href;
  } catch {
    return `${origin}/`;
  }
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  const push = readPush(event);
  const title = typeof push.title === "string" && push.title ? push.title : FALLBACK_TITLE;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof push.body === "string" ? push.body : "",
      tag: typeof push.tag === "string" && push.tag ? push.tag : undefined,
      renotify: typeof push.tag === "string" && push.tag !== "",
      icon: "/favicon.svg",
      data: { link: pageOf(push.link) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const page = pageOf(event.notification.data?.link);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === page && "focus" in client);
      if (open) return open.focus();
      return self.clients.openWindow(page);
    }),
  );
});
