import { expect, test } from "@playwright/test";
import { logIn } from "./support.ts";

interface ListedOffer {
  idHashed: string;
  cryptoCurrencyCode: string;
  fiatCurrencyCode: string;
}

test("a vendor funds a bid for a pinned position and the marketplace shows the offer pinned first", async ({
  page,
  request,
}) => {
  test.slow();
  await logIn(page, "heidi");

  // One of heidi's offers that the marketplace lists now (the profile's list: type is the visitor's side).
  const profile = await request.get("/rest/v1/users/heidi/active-offers?type=buy");
  expect(profile.ok()).toBe(true);
  const target = ((await profile.json()).data as ListedOffer[])[0];
  if (!target) throw new Error("heidi has no listed sell offer");

  await test.step("heidi bids a day's suggested amount in USDT from my offers", async () => {
    await page.goto("/dashboard/my-offers");
    await page.getByTestId(`promote-${target.idHashed}`).click();
    await page.getByTestId("promote-option-bid").click();
    const modal = page.getByTestId("bid-modal");
    // The currency switch is a segmented control: its label is what a user clicks.
    await modal.getByText("USDT", { exact: true }).click();
    await expect(modal.getByRole("radio", { name: "USDT", exact: true })).toBeChecked();
    await modal.getByRole("radio", { name: /1 day/ }).click();
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(modal.getByTestId("bid-amount")).not.toHaveValue("0");
    await modal.getByRole("button", { name: "Place bid" }).click();
    await expect(modal.getByText("Your bid is placed")).toBeVisible();
    await expect(modal.getByText("Bid funded")).toBeVisible();
  });

  await test.step("a visitor's marketplace for that coin and currency lists the offer first, marked pinned", async () => {
    const visitor = await page.context().browser()!.newContext();
    const market = await visitor.newPage();
    await market.goto(`/buy?crypto=${target.cryptoCurrencyCode}&currencyCode=${target.fiatCurrencyCode}`);
    const first = market.getByTestId("offer-row").first();
    await expect(first).toHaveAttribute("data-offer-id", target.idHashed);
    await expect(first.getByTestId("offer-pinned")).toHaveText("Pinned");
    await visitor.close();
  });
});
