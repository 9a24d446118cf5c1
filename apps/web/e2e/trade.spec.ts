import { type Browser, expect, type Page, test } from "@playwright/test";
import { openLoggedInPage, submitSignUp } from "./support.ts";
import { markPaid, openDispute, pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * A trade end to end with two browser contexts: a fresh buyer takes a demo vendor's offer from the
 * offer page, both follow the trade live (chat, paid, released) and leave feedback; then a
 * cancelled trade and a dispute a moderator resolves.
 */

const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function signUp(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const username = `e2e_tr_${Date.now().toString(36)}`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
  return page;
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("chat-message").filter({ hasText: text })).toBeVisible();
}

test("two parties follow a trade live: chat, paid, released, feedback; then a cancel and a dispute", async ({
  browser,
  request,
}) => {
  test.slow();
  test.setTimeout(180_000);
  const { offer, min } = await pickOffer(request);
  const buyer = await signUp(browser);
  const seller = await openLoggedInPage(browser, offer.owner.username);

  let tradePath = "";
  await test.step("the buyer starts the trade; the seller opens it too", async () => {
    tradePath = await startTrade(buyer, offer.idHashed, min);
    await seller.goto(tradePath);
    await expect(seller.getByTestId("trade-status")).toHaveText("Waiting for payment");
    await expect(seller.getByTestId("trade-next-step-text")).toContainText("to pay");
  });

  await test.step("each sees the other's message live", async () => {
    await say(buyer, "Hello, paying now");
    await expect(seller.getByTestId("chat-message").filter({ hasText: "Hello, paying now" })).toBeVisible();
    await say(seller, "Great, thanks");
    await expect(buyer.getByTestId("chat-message").filter({ hasText: "Great, thanks" })).toBeVisible();
    // An image attachment with a caption reaches the other side too.
    await buyer
      .locator('input[type="file"]')
      .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: onePixelPng });
    await buyer.getByRole("textbox", { name: "Message" }).fill("Here is my receipt");
    await buyer.getByRole("button", { name: "Send", exact: true }).click();
    await expect(seller.getByRole("img", { name: "receipt.png" })).toBeVisible();
  });

  await test.step("the buyer marks paid; the seller sees it live", async () => {
    await revealDetails(buyer);
    await markPaid(buyer);
    await expect(seller.getByTestId("trade-status")).toHaveText("Paid");
  });

  await test.step("the seller releases after confirming; the buyer sees it live", async () => {
    await seller.getByRole("button", { name: "Release crypto" }).click();
    const dialog = seller.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await dialog.getByLabel("I have received the full payment").check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(seller.getByTestId("trade-status")).toHaveText("Released");
    await expect(buyer.getByTestId("trade-status")).toHaveText("Released");
  });

  await test.step("both leave feedback once; the seller sees the buyer's", async () => {
    for (const [page, text] of [
      [buyer, "Smooth and fast trade"],
      [seller, "Paid on time, thanks"],
    ] as const) {
      await page.getByLabel("Your feedback").fill(text);
      await page.getByRole("button", { name: "Send feedback" }).click();
      await expect(page.getByTestId("feedback-card").filter({ hasText: text })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send feedback" })).toHaveCount(0);
    }
    await seller.reload();
    await expect(seller.getByTestId("feedback-card").filter({ hasText: "Smooth and fast trade" })).toBeVisible();
  });

  await test.step("the history lists the released trade and exports it", async () => {
    await buyer.goto("/dashboard/trade-history");
    await buyer.getByRole("button", { name: "Successful" }).click();
    await expect(buyer.getByTestId("trade-history")).toContainText(`Bought from ${offer.owner.username}`);
    await buyer.getByRole("button", { name: "Create export" }).click();
    await expect(buyer.getByTestId("exports").getByRole("link", { name: "Download" })).toBeVisible({
      timeout: 75_000,
    });
  });

  await test.step("a second trade shows among the dashboard's active trades, then the buyer cancels it", async () => {
    const path = await startTrade(buyer, offer.idHashed, min);
    await buyer.goto("/dashboard");
    await expect(buyer.getByTestId("active-trades")).toContainText(`Buying from ${offer.owner.username}`);
    await expect(buyer.getByTestId("trade-statistics")).toBeVisible();
    await buyer.goto(path);
    await seller.goto(path);
    await expect(seller.getByTestId("trade-status")).toHaveText("Waiting for payment");
    await buyer.getByRole("button", { name: "Cancel trade" }).click();
    await buyer.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(buyer.getByTestId("trade-status")).toHaveText("Cancelled by the buyer");
    await expect(seller.getByTestId("trade-status")).toHaveText("Cancelled by the buyer");
  });

  await test.step("a third trade is paid, disputed by the buyer, and a moderator awards it", async () => {
    const path = await startTrade(buyer, offer.idHashed, min);
    await seller.goto(path);
    await revealDetails(buyer);
    await markPaid(buyer);
    await openDispute(buyer);
    await expect(seller.getByTestId("trade-status")).toHaveText("In dispute");

    const moderator = await openLoggedInPage(browser, "mod");
    await moderator.goto(path);
    await expect(moderator.getByTestId("trade-status")).toHaveText("In dispute");
    await moderator.getByLabel("Note to both parties").fill("Payment proof checked: buyer paid.");
    await moderator.getByRole("button", { name: "Award to the buyer" }).click();
    // The award waits for a confirmation that names the amounts and the parties; a double click
    // on it sends one award.
    const confirmAward = moderator.getByTestId("award-confirm");
    await expect(confirmAward).toContainText(`${offer.owner.username}, the seller, gets nothing back.`);
    const awards: string[] = [];
    moderator.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/dispute/resolve")) {
        awards.push(request.url());
      }
    });
    await confirmAward.getByTestId("confirm-award").dblclick();
    await expect(moderator.getByTestId("trade-status")).toHaveText("Dispute awarded to the buyer");
    expect(awards).toHaveLength(1);
    await expect(buyer.getByTestId("trade-status")).toHaveText("Dispute awarded to the buyer");
    await expect(seller.getByTestId("trade-status")).toHaveText("Dispute awarded to the buyer");
  });
});
