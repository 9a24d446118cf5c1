import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  E2E_PASSWORD,
  linkIn,
  openLoggedInPage,
  readMailOnScreen,
  submitLogIn,
  submitSignUp,
  uniqueUsername,
} from "./support.ts";

/**
 * Log-in approvals in real browsers (docs/decisions/092-login-approvals.md): a user asks for them,
 * a log-in from a new browser waits, the link mailed to the user (read on the admins' dev mailbox)
 * approves it and the waiting log-in goes on; a denied one stays out.
 */

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The approve or deny link of the newest approval mail to this address. */
async function approvalLink(admin: Page, email: string, answer: "approve" | "deny"): Promise<string> {
  const text = await readMailOnScreen(admin, email, "Approve a log-in to your Souk account");
  const link = linkIn(text, "/login/approve").find((path) => path.includes(`answer=${answer}`));
  expect(link, `the ${answer} link of the approval mail`).toBeTruthy();
  return link ?? "";
}

test("a log-in from a new browser waits for the mailed approval, and a denied one stays out", async ({ browser }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername("e2e_ap");
  const email = `${username}@example.com`;

  // On the user's own laptop: sign up and ask for approvals of new devices.
  const laptop = await newPage(browser);
  await laptop.goto("/register?returnTo=%2Faccount%2Fsecurity");
  await submitSignUp(laptop, username);
  await expect(laptop).toHaveURL(/\/account\/security$/);
  const approvals = laptop.getByTestId("approve-new-devices");
  await expect(approvals).toBeEnabled();
  await approvals.click();
  await expect(approvals).toBeChecked();
  await laptop.reload();
  await expect(laptop.getByTestId("approve-new-devices")).toBeChecked();

  // A new browser: the right password, and the log-in waits.
  const phone = await newPage(browser);
  await phone.goto("/login");
  await submitLogIn(phone, username, E2E_PASSWORD);
  await expect(phone.getByTestId("login-approval-step")).toBeVisible();
  await expect(phone.getByText("Waiting for your approval…")).toBeVisible();
  await expect(phone.getByTestId("navbar-username")).toHaveCount(0);
  await phone.screenshot({ path: ".test-data/screenshots/login-approval-pending.png", fullPage: true });

  // The mail, read on the dev mailbox; opening the link changes nothing until the user answers.
  const admin = await openLoggedInPage(browser, "admin");
  const approve = await approvalLink(admin, email, "approve");
  await laptop.goto(approve);
  await expect(laptop.getByRole("heading", { name: "A log-in from a new device" })).toBeVisible();
  await expect(phone.getByTestId("login-approval-step")).toBeVisible();
  await laptop.getByTestId("login-approval-approve").click();
  await expect(laptop.getByText("Approved. The waiting log-in goes on by itself.")).toBeVisible();

  // The waiting browser goes on by itself and is logged in.
  await expect(phone.getByTestId("navbar-username")).toHaveText(username);

  // The link answers once.
  await laptop.goto(approve);
  await laptop.getByTestId("login-approval-approve").click();
  await expect(laptop.getByText("This approval link is invalid, expired or already used.")).toBeVisible();

  // Another new browser, denied from the mail: it never logs in.
  const stranger = await newPage(browser);
  await stranger.goto("/login");
  await submitLogIn(stranger, username, E2E_PASSWORD);
  await expect(stranger.getByTestId("login-approval-step")).toBeVisible();
  const deny = await approvalLink(admin, email, "deny");
  expect(deny).not.toBe(approve.replace("answer=approve", "answer=deny"));
  await laptop.goto(deny);
  await laptop.getByTestId("login-approval-deny").click();
  await expect(laptop.getByText("Denied. That log-in will not happen")).toBeVisible();
  await expect(stranger.getByText("This log-in was denied from the e-mail link.")).toBeVisible();
  await expect(stranger.getByTestId("navbar-username")).toHaveCount(0);

  // The activity log of the account tells both answers.
  await laptop.goto("/account/devices");
  await expect(laptop.getByTestId("activity-log")).toContainText("Log-in approved");
  await expect(laptop.getByTestId("activity-log")).toContainText("Log-in denied");
});
