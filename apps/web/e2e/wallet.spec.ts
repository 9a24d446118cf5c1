import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { logIn, submitLogIn, submitSignUp, uniqueUsername } from "./support.ts";

/**
 * The wallet in a real browser: an admin credits dev-chain deposits to a fresh user, who then
 * sends part of it to bob, withdraws to an outside address and finds every movement in the
 * history, with balances that add up. Visitors get the wallet landing instead.
 */

/** A well-formed bech32 address no Souk user owns (the dev chain refuses only ones ending in "dead"). */
const outsideAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

async function openAdminContext(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await logIn(page, "admin");
  await page.goto("/admin/wallet/deposits");
  await expect(page.getByRole("heading", { name: "Dev-chain deposits" })).toBeVisible();
  return page;
}

function btcBalance(page: Page): Locator {
  return page.getByTestId("wallet-asset-BTC").getByTestId("wallet-asset-balance");
}

function historyItems(page: Page): Locator {
  return page.getByTestId("wallet-history").getByTestId("wallet-history-item");
}

test("an admin credits a fresh user, who sends to bob, withdraws, and sees a history that adds up", async ({
  browser,
}) => {
  // Three people in three browsers and a dozen money movements: longer than the default minute.
  test.setTimeout(180_000);
  const username = uniqueUsername("e2e_w");
  const userContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const page = await userContext.newPage();
  let admin: Page;

  await test.step("sign up and find an empty wallet", async () => {
    await page.goto("/register?returnTo=%2Fwallet");
    await submitSignUp(page, username);

    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
    await expect(btcBalance(page)).toHaveText("0.00000000 BTC");
    await expect(page.getByTestId("wallet-history-empty")).toBeVisible();
  });

  await test.step("as admin, credit a confirmed deposit and record one still waiting for confirmations", async () => {
    admin = await openAdminContext(adminContext);
    const form = admin.getByTestId("admin-deposit-form");
    await form.getByLabel("Username", { exact: true }).fill(username);
    await form.getByLabel("Amount", { exact: true }).fill("0.01");
    await form.getByRole("button", { name: "Record deposit" }).click();
    await expect(admin.getByText(`of 0.01000000 BTC credited to ${username}.`)).toBeVisible();

    await form.getByLabel("Amount", { exact: true }).fill("0.005");
    await form.getByLabel("Confirmations", { exact: true }).fill("0");
    await form.getByRole("button", { name: "Record deposit" }).click();
    await expect(admin.getByText(`of 0.00500000 BTC recorded for ${username}.`)).toBeVisible();

    const recent = admin.getByTestId("admin-recent-deposits");
    await expect(recent.getByRole("row").filter({ hasText: username })).toHaveCount(2);
    await expect(recent.getByRole("row").filter({ hasText: "0.00500000 BTC" })).toContainText("Pending");
  });

  await test.step("the user sees the balance and the deposit on its way", async () => {
    await page.reload();
    await expect(btcBalance(page)).toHaveText("0.01000000 BTC");
    await expect(page.getByTestId("wallet-asset-BTC").getByTestId("wallet-asset-incoming")).toContainText(
      "0.00500000 BTC",
    );

    await page.getByRole("tab", { name: "Receive" }).click();
    await expect(page.getByTestId("wallet-address")).toHaveText(/^bc1q[0-9a-z]+$/);
    await expect(page.getByRole("img", { name: "QR code of your BTC deposit address" })).toBeVisible();
    const incoming = page.getByTestId("wallet-incoming");
    await expect(incoming).toContainText("+0.00500000 BTC");
    await expect(incoming).toContainText(/0 of \d+ confirmations/);
  });

  await test.step("the admin confirms the waiting deposit and it is credited", async () => {
    const row = admin.getByTestId("admin-recent-deposits").getByRole("row").filter({ hasText: "0.00500000 BTC" });
    await row.getByRole("button", { name: /^Confirm fully/ }).click();
    await expect(row).toContainText("Credited");

    await page.reload();
    await expect(btcBalance(page)).toHaveText("0.01500000 BTC");
    await expect(page.getByTestId("wallet-asset-BTC").getByTestId("wallet-asset-incoming")).toHaveCount(0);
  });

  await test.step("send part of it to bob: an internal transfer, free, after a confirmation step", async () => {
    await page.getByRole("tab", { name: "Send" }).click();
    const form = page.getByTestId("wallet-send-form");
    await form.getByLabel("Username", { exact: true }).fill("bob");
    await form.getByLabel("Amount", { exact: true }).fill("0.002");
    await expect(form.getByTestId("wallet-send-fee")).toContainText("Free");
    await expect(form.getByTestId("wallet-send-total")).toContainText("0.00200000 BTC");
    await expect(form.getByTestId("wallet-send-remaining")).toContainText("0.01300000 BTC");
    await form.getByRole("button", { name: "Review" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm the send" });
    await expect(dialog).toContainText("Internal transfer");
    await expect(dialog.getByTestId("wallet-send-confirm-to")).toHaveText("bob");
    await dialog.getByRole("button", { name: "Confirm and send" }).click();

    await expect(page.getByText("Sent 0.00200000 BTC to bob.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(btcBalance(page)).toHaveText("0.01300000 BTC");
    const sent = historyItems(page).filter({ hasText: "Sent to bob" });
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId("wallet-history-amount")).toHaveText("−0.00200000 BTC");
    await expect(sent.getByTestId("wallet-history-status")).toHaveText("Completed");
  });

  await test.step("withdraw to an outside address, with the network fee shown before confirming", async () => {
    const form = page.getByTestId("wallet-send-form");
    await form.getByText("External address", { exact: true }).click();
    await form.getByLabel("BTC address", { exact: true }).fill(outsideAddress);
    await form.getByLabel("Amount", { exact: true }).fill("0.001");
    await expect(form.getByTestId("wallet-send-fee")).toContainText("0.00002000 BTC");
    await expect(form.getByTestId("wallet-send-total")).toContainText("0.00102000 BTC");
    await expect(form.getByTestId("wallet-send-remaining")).toContainText("0.01198000 BTC");
    await form.getByRole("button", { name: "Review" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm the send" });
    await expect(dialog).toContainText("Withdrawal");
    await expect(dialog.getByTestId("wallet-send-confirm-to")).toHaveText(outsideAddress);
    await expect(dialog.getByTestId("wallet-send-total")).toContainText("0.00102000 BTC");
    await dialog.getByRole("button", { name: "Confirm and send" }).click();

    await expect(page.getByText("Withdrawal of 0.00100000 BTC requested.", { exact: false })).toBeVisible();
    const withdrawal = historyItems(page).filter({ hasText: "Withdrawal" });
    await expect(withdrawal).toHaveCount(1);
    await expect(withdrawal.getByTestId("wallet-history-amount")).toHaveText("−0.00100000 BTC");
    // Held until the broadcast job (every minute) or an admin sends it.
    await expect(withdrawal.getByTestId("wallet-history-status")).toHaveText(/Held|Broadcasting|Completed/);
    const fee = historyItems(page).filter({ hasText: "Network fee" });
    await expect(fee.getByTestId("wallet-history-amount")).toHaveText("−0.00002000 BTC");
  });

  await test.step("once broadcast, the withdrawal is completed and the balances add up", async () => {
    await admin.getByRole("button", { name: "Broadcast now" }).click();
    await expect(admin.getByText(/^Claimed \d+, completed \d+/)).toBeVisible();

    await page.reload();
    const withdrawal = historyItems(page).filter({ hasText: "Withdrawal" });
    await expect(withdrawal.getByTestId("wallet-history-status")).toHaveText("Completed");
    await expect(withdrawal).toContainText("Tx ");
    // 0.01 + 0.005 in, 0.002 to bob, 0.001 withdrawn plus a 0.00002 network fee.
    await expect(btcBalance(page)).toHaveText("0.01198000 BTC");
    await expect(page.getByTestId("wallet-history-total")).toHaveText("5 transactions");
    await expect(page.getByTestId("wallet-asset-BTC").getByTestId("wallet-asset-withdrawing")).toHaveCount(0);
  });

  await test.step("the history filters by type", async () => {
    await page.getByTestId("wallet-history").getByLabel("Type", { exact: true }).click();
    await page.getByRole("option", { name: "Deposit" }).click();
    await expect(historyItems(page)).toHaveCount(2);
    await expect(page.getByTestId("wallet-history-total")).toHaveText("2 transactions");
  });

  await test.step("bob finds the transfer in his own history", async () => {
    const bobContext = await browser.newContext();
    const bob = await bobContext.newPage();
    await logIn(bob, "bob");
    await bob.goto("/wallet");
    const received = historyItems(bob).filter({ hasText: `Received from ${username}` });
    await expect(received.getByTestId("wallet-history-amount")).toHaveText("+0.00200000 BTC");
    await bobContext.close();
  });

  await userContext.close();
  await adminContext.close();
});

test("a visitor sees the wallet landing, at its own page and in place of the wallet", async ({ page }) => {
  await page.goto("/crypto-wallet");
  await expect(page.getByRole("heading", { name: "A wallet made for peer-to-peer trading" })).toBeVisible();
  await expect(page.getByTestId("wallet-landing-currencies")).toContainText("Bitcoin");

  await page.goto("/wallet");
  await expect(page.getByRole("heading", { name: "A wallet made for peer-to-peer trading" })).toBeVisible();
  await expect(page.getByTestId("wallet-landing-register")).toHaveAttribute("href", "/register?returnTo=%2Fwallet");

  await page.getByTestId("wallet-landing-login").click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwallet$/);
  await submitLogIn(page, "bob");
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId("wallet-total-amount")).toContainText("USD");
});

test("the dev-chain deposits screen tells a user who is not an admin that it is not for them", async ({ page }) => {
  await logIn(page, "bob");
  await page.goto("/admin/wallet/deposits");
  await expect(page.getByTestId("admin-not-allowed")).toContainText(
    "Only administrators can record dev-chain deposits.",
  );
  await expect(page.getByTestId("admin-deposit-form")).toHaveCount(0);
});
