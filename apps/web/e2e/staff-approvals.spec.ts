import { expect, test } from "@playwright/test";
import { apiPost, openLoggedInPage, signUpInNewContext, switchTheme } from "./support.ts";

/**
 * Four eyes on a large withdrawal: a user withdraws ETH above the four-eyes threshold (the browser
 * tests' server sets it low, playwright.config.ts); the funds wait, held. The demo admin (A)
 * approves first and is told a second admin must follow; admin B approves and the withdrawal
 * goes out. The user's wallet shows each state.
 */

const OUTSIDE = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";

test("a withdrawal above the four-eyes threshold waits for two different admins", async ({ browser }) => {
  test.slow();
  const adminA = await openLoggedInPage(browser, "admin");
  const { page: adminB, username: adminBName } = await signUpInNewContext(browser, "e2e_apb");
  const { page: user, username } = await signUpInNewContext(browser, "e2e_apu");
  const granted = await apiPost(adminA, `/rest/v1/admin/users/${adminBName}/roles`, {
    role: "admin",
    reason: "Second admin for the approvals test",
  });
  expect(granted.status()).toBe(200);
  const deposited = await apiPost(adminA, "/rest/v1/admin/wallet/deposits", {
    username,
    amount: "3",
    cryptoCurrencyCode: "ETH",
  });
  expect(deposited.status()).toBe(200);

  await test.step("the user's withdrawal waits for approval, its funds held", async () => {
    const sent = await apiPost(user, "/rest/v1/wallet/send", {
      cryptoCurrencyCode: "ETH",
      amount: "2.5",
      address: OUTSIDE,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await user.goto("/wallet");
    const withdrawal = user.getByTestId("wallet-history-item").filter({ hasText: "Withdrawal" });
    await expect(withdrawal.getByTestId("wallet-history-status")).toHaveText("Awaiting staff approval");
    await user.screenshot({ path: ".test-data/screenshots/withdrawal-awaiting-approval.png", fullPage: true });
  });

  await test.step("ledger:verify holds with the withdrawal waiting", async () => {
    await adminA.goto("/admin/ledger");
    await adminA.getByTestId("ledger-verify").click();
    await expect(adminA.getByTestId("ledger-verdict")).toContainText("checks hold.");
    const holds = adminA.locator('[data-testid="ledger-check"][data-name="withdrawal_holds_match_open_withdrawals"]');
    await expect(holds).toContainText("Holds");
    await adminA.screenshot({ path: ".test-data/screenshots/ledger-verify.png", fullPage: true });
  });

  const card = (page: typeof adminA) => page.getByTestId("approval-card").filter({ hasText: username });
  await test.step("admin A approves first; the request waits for another admin", async () => {
    await adminA.goto("/admin");
    await adminA.getByTestId("overview-held-withdrawals").getByRole("link").click();
    await expect(adminA.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
    await expect(card(adminA)).toContainText("Approvals: 0 of 2");
    await card(adminA).getByTestId("approval-approve").click();
    await expect(adminA.getByText("Your approval is recorded; it waits for a second admin.")).toBeVisible();
    await expect(card(adminA)).toContainText("Approvals: 1 of 2");
    await expect(card(adminA).getByTestId("approval-approve")).toHaveCount(0);
    await expect(card(adminA).getByTestId("approval-own")).toHaveText(
      "You approved this: a second admin gives the other approval.",
    );
    await adminA.screenshot({ path: ".test-data/screenshots/approvals-first-of-two.png", fullPage: true });
  });

  await test.step("admin B gives the second approval; the withdrawal goes out", async () => {
    await adminB.goto("/fr/admin/approvals?kind=withdrawal");
    await expect(adminB.getByRole("heading", { name: "Approbations", level: 1 })).toBeVisible();
    await switchTheme(adminB, "dark");
    await expect(card(adminB)).toContainText("Approbations : 1 sur 2");
    await adminB.screenshot({ path: ".test-data/screenshots/approvals-fr-dark.png", fullPage: true });
    await card(adminB).getByTestId("approval-approve").click();
    await expect(adminB.getByText("Approuvée.", { exact: true })).toBeVisible();
    await expect(card(adminB)).toHaveCount(0);
    const broadcast = await apiPost(adminA, "/rest/v1/admin/wallet/withdrawals/broadcast", {});
    expect(broadcast.status()).toBe(200);
    await user.reload();
    const withdrawal = user.getByTestId("wallet-history-item").filter({ hasText: "Withdrawal" });
    await expect(withdrawal.getByTestId("wallet-history-status")).toHaveText("Completed");
  });
});
