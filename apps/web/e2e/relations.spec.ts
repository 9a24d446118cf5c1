import { expect, test } from "@playwright/test";
import { submitSignUp, uniqueUsername } from "./support.ts";

/** Trust and block from a user's profile (docs/product.md#contacts), against the demo data. */

interface ListedOffer {
  idHashed: string;
  cryptoCurrencyCode: string;
  fiatCurrencyCode: string;
  paymentMethodSlug: string;
  owner: { username: string };
}

test("a trader blocks a user from the profile and that user's offers leave the listing", async ({
  page,
  request,
}, testInfo) => {
  const listed = await request.get("/rest/v1/offers?type=buy&limit=50");
  expect(listed.ok()).toBe(true);
  const target = ((await listed.json()) as { data: ListedOffer[] }).data[0];
  if (!target) throw new Error("the demo data lists no offer");
  const owner = target.owner.username;
  const listing = `/buy?crypto=${target.cryptoCurrencyCode}&currencyCode=${target.fiatCurrencyCode}&paymentMethod=${target.paymentMethodSlug}`;
  const ownersRows = () => page.getByTestId("offer-row").filter({ hasText: owner });

  const trader = uniqueUsername("e2e_block");
  await page.goto("/register");
  await submitSignUp(page, trader);
  await expect(page.getByTestId("navbar-username")).toHaveText(trader);

  await test.step("see the user's offer in the listing", async () => {
    await page.goto(listing);
    await expect(page.locator(`[data-testid="offer-row"][data-offer-id="${target.idHashed}"]`)).toBeVisible();
  });

  await test.step("trust, then block the user from their profile", async () => {
    await page.goto(`/user/${owner}`);
    const buttons = page.getByRole("group", { name: `Your relation to ${owner}` });
    await buttons.getByRole("button", { name: "Trust", exact: true }).click();
    await expect(buttons.getByRole("button", { name: "Untrust" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("profile-relations.png") });

    await buttons.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${owner}?` });
    await dialog.getByRole("button", { name: "Block", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(buttons.getByRole("button", { name: "Unblock" })).toBeVisible();
    // A block replaces the trust: only Unblock is left.
    await expect(buttons.getByRole("button", { name: /trust/i })).toHaveCount(0);
  });

  await test.step("the user's offers have left the listing", async () => {
    await page.goto(listing);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(`[data-testid="offer-row"][data-offer-id="${target.idHashed}"]`)).toHaveCount(0);
    await expect(ownersRows()).toHaveCount(0);
  });

  await test.step("unblocking brings the offers back", async () => {
    await page.goto(`/user/${owner}`);
    await page
      .getByRole("group", { name: `Your relation to ${owner}` })
      .getByRole("button", { name: "Unblock" })
      .click();
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
    await page.goto(listing);
    await expect(page.locator(`[data-testid="offer-row"][data-offer-id="${target.idHashed}"]`)).toBeVisible();
  });
});
