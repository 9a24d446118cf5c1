import { expect, test } from "@playwright/test";
import { submitSignUp, switchTheme, uniqueUsername } from "./support.ts";

/**
 * Web push in the browser: the settings page offers "Push on this browser", and the service worker
 * at the root scope shows a push (delivered through the browser's DevTools protocol, since this
 * machine has no push service) with the trade's page to open.
 */
test("the settings page offers push on this browser, and the service worker shows a push", async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(["notifications"]);
  const page = await context.newPage();
  const username = uniqueUsername("e2e_push");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await test.step("the toggle is on the settings page, in English and French, light and dark", async () => {
    await page.goto("/account/settings/notifications");
    const card = page.getByTestId("push-card");
    await expect(card.getByRole("switch", { name: "Push on this browser" })).toBeEnabled();
    await expect(card).toContainText("Choose which events in the App column above.");
    // The App column delivers now: its switches are no longer "coming soon".
    await expect(page.getByRole("switch", { name: "Trades: App" })).toBeEnabled();
    await page.screenshot({ path: ".test-data/playwright/notification-settings-push.png", fullPage: true });
    await page.goto("/fr/account/settings/notifications");
    await expect(page.getByTestId("push-card").getByRole("switch", { name: "Push sur ce navigateur" })).toBeVisible();
    await switchTheme(page, "dark");
    await page.screenshot({ path: ".test-data/playwright/notification-settings-push-fr-dark.png", fullPage: true });
  });

  await test.step("the service worker at /sw.js shows a push with its link", async () => {
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(new URL(scope).pathname).toBe("/");
    const cdp = await context.newCDPSession(page);
    // The push goes to the registration once its worker is activated: one still installing or
    // activating (the page's own registration may be moments old) can let the message go unseen.
    const registrationId = await new Promise<string>((resolve) => {
      const live = new Set<string>();
      const activated = new Set<string>();
      const settle = () => {
        for (const id of live) if (activated.has(id)) resolve(id);
      };
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        for (const registration of registrations) {
          if (registration.scopeURL === scope && !registration.isDeleted) live.add(registration.registrationId);
        }
        settle();
      });
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
        for (const version of versions) if (version.status === "activated") activated.add(version.registrationId);
        settle();
      });
      void cdp.send("ServiceWorker.enable");
    });
    const origin = new URL(page.url()).origin;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId,
      data: JSON.stringify({
        title: "alice marked the trade paid",
        body: "100.00 USD for 10.000000 USDT · Bank transfer",
        link: "https://elsewhere.example/trade/abc123",
        tag: "trade-abc123",
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            tag: shown.tag,
            link: shown.data.link,
          }));
        }),
      )
      .toEqual([
        {
          title: "alice marked the trade paid",
          body: "100.00 USD for 10.000000 USDT · Bank transfer",
          tag: "trade-abc123",
          // A link to another site opens its path on this one.
          link: `${origin}/trade/abc123`,
        },
      ]);
  });
});
