import { expect, test } from "@playwright/test";
import { submitSignUp, uniqueUsername } from "./support.ts";
import { sendIdFromHub } from "./verification-steps.ts";

/**
 * The verification hub (docs/decisions/117-manual-review-queue.md): a newcomer sees their level and
 * what the next one needs, starts an ID verification and sends its three images one by one, the bar
 * counting them, until it waits in review; in English, then in French.
 */
test("a newcomer starts an ID verification and sends its three images until it is in review", async ({ page }) => {
  const username = uniqueUsername("kyc");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toBeVisible();
  await page.goto("/account/verification");
  const hub = page.getByTestId("verification-hub");
  await expect(hub.getByTestId("verification-level")).toHaveText("Your level: L0");
  await expect(hub).toContainText("Next: L1");

  await test.step("the country select does not move: not when the hub's last call answers, not when it opens", async () => {
    const field = page.getByTestId("id-flow").getByRole("combobox", { name: "Issuing country" });
    await expect(field).toBeVisible();
    const drawn = await field.boundingBox();
    // The video step's tries come last, under the ID step.
    await expect(page.getByTestId("video-attempts")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await field.boundingBox(), "once every call answered").toEqual(drawn);
    // A scroll the page makes (to the field typed in, to the option picked) lands at once, in the
    // same task: nothing glides under the list while it opens.
    const landed = await field.evaluate((element) => {
      element.scrollIntoView({ block: "center" });
      const box = element.getBoundingClientRect();
      return Math.abs(box.top + box.height / 2 - window.innerHeight / 2) < box.height;
    });
    expect(landed, "scrolled to at once").toBe(true);
    await field.fill("United St");
    await page.getByRole("option", { name: "United States" }).click();
    await expect(field).toHaveValue("United States");
  });

  await sendIdFromHub(page);
  await page.screenshot({ path: "test-results/verification-hub-en.png", fullPage: true });

  await page.goto("/fr/account/verification");
  await expect(page.getByTestId("id-flow")).toContainText("En cours d’examen");
  await page.screenshot({ path: "test-results/verification-hub-fr.png", fullPage: true });
});
