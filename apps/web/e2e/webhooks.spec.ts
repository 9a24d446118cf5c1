import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { ACCOUNT_WEBHOOK_EVENTS } from "@souk/contracts";
import { submitSignUp, switchTheme, uniqueUsername } from "./support.ts";

/** A receiver on this machine: echoes the challenge (or a wrong value on /wrong). */
async function startReceiver(): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((request, response) => {
    const challenge = request.headers["x-souk-request-challenge"];
    if (typeof challenge === "string") {
      response.setHeader("X-Souk-Request-Challenge", request.url === "/wrong" ? "not-it" : challenge);
    }
    request.resume();
    request.on("end", () => response.end(""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test("a user verifies a URL, saves the webhook, sees the secret once, and a wrong echo disables it", async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/register?returnTo=%2Faccount%2Fwebhooks");
    await submitSignUp(page, uniqueUsername("e2e_w"));
    await expect(page).toHaveURL(/\/account\/webhooks$/);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByTestId("webhook-status")).toHaveText("Not set");

    const form = page.getByTestId("webhook-url-form");
    await form.getByLabel("Your URL").fill(`${receiver.base}/hooks`);
    await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
    await form.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("webhook-notice-passed")).toBeVisible();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("webhook-status")).toHaveText("On");
    await expect(page.getByTestId("webhook-secret-value")).toHaveText(/^whsec_/);
    await expect(page.getByTestId("webhook-events").getByRole("checkbox")).toHaveCount(ACCOUNT_WEBHOOK_EVENTS.length);
    await expect(page.getByTestId("webhook-deliveries")).toContainText("Nothing was sent yet.");
    await page.screenshot({ path: ".test-data/screenshots/webhooks-enabled.png", fullPage: true });

    // Shown once: a fresh load does not show it again.
    await page.reload();
    await expect(page.getByTestId("webhook-status")).toHaveText("On");
    await expect(page.getByTestId("webhook-secret-value")).toHaveCount(0);

    await form.getByLabel("Your URL").fill(`${receiver.base}/wrong`);
    await form.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("webhook-status")).toHaveText("Off");
    await expect(page.getByTestId("webhook-notice-failed")).toContainText("did not echo the challenge");

    await switchTheme(page, "dark");
    await page.goto("/fr/account/webhooks");
    await expect(page.getByTestId("webhook-status")).toHaveText("Inactif");
    await expect(page.getByTestId("webhook-notice-failed")).toContainText("Échec de la vérification");
    await page.screenshot({ path: ".test-data/screenshots/webhooks-disabled-fr-dark.png", fullPage: true });
  } finally {
    receiver.server.close();
  }
});
