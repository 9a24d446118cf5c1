import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { logIn, openLoggedInPage, signUpInNewContext } from "./support.ts";

/**
 * A newcomer's first hour, as issue reports told it: every page is reached by clicking from the
 * home page (desktop and phone), the seller of a paid trade sees the next step and its button at
 * once, money buttons send once, the send form checks as one types, the marketplace shows what a
 * seller can fund, labels stay their owner's, numbers read as the language writes them, and the
 * demo seed run twice changes nothing of a real user.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const PORT = Number(process.env.SOUK_E2E_PORT ?? 3100);

/** The operator CLI against the browser tests' server (it joins the running embedded database). */
function souk(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "apps/server/src/cli.ts", ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      SOUK_DATA_DIR: path.join(ROOT, ".test-data", "e2e"),
      SOUK_PG_PORT: String(PORT + 10_000),
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
    timeout: 120_000,
  });
}

/**
 * A JSON call from the page, as the web app makes it (session cookie, CSRF token, marker header).
 * The token is asked for afresh: logging in inside the page rotates it, so the one in the page
 * data may be stale.
 */
async function callApi<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const csrf = await fetch("/rest/v1/csrf", { headers: { Accept: "application/json" } });
      const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
      const response = await fetch(url, {
        method,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token, "X-Requested-With": "XMLHttpRequest" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as T;
    },
    { method, url, body },
  );
}

const accountPages: [testId: string, path: RegExp][] = [
  ["nav-active-trades", /\/dashboard$/],
  ["nav-trade-history", /\/dashboard\/trade-history$/],
  ["nav-menu-my-offers", /\/dashboard\/my-offers$/],
  ["nav-menu-create-offer", /\/offer-manager\/edit$/],
  ["nav-trade-statistics", /\/dashboard\/trade-statistics$/],
  ["nav-favorites", /\/dashboard\/favorite-offers$/],
  ["nav-trusted-users", /\/dashboard\/trusted-users$/],
  ["nav-blocked-users", /\/dashboard\/blocked-users$/],
  ["nav-menu-wallet", /\/wallet$/],
  ["nav-profile", /\/user\/bob$/],
  ["nav-verification", /\/account\/verification$/],
  ["nav-settings", /\/account\/settings$/],
  ["nav-api-keys", /\/account\/api-keys$/],
];

/** Back to the home page by its logo, as a user goes back, without reloading the app. */
async function goHome(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Souk home" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("finding every page", () => {
  test("on a desktop, the top bar and the account menu lead to every page from the home page", async ({ page }) => {
    // Nineteen pages, each reached from the home page: more than one default test's time.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await logIn(page, "bob");
    const top: [string, RegExp][] = [
      ["nav-buy", /\/buy$/],
      ["nav-sell", /\/sell$/],
      ["nav-create-offer", /\/offer-manager\/edit$/],
      ["nav-my-offers", /\/dashboard\/my-offers$/],
      ["nav-trades", /\/dashboard$/],
      ["nav-wallet", /\/wallet$/],
    ];
    await page.goto("/");
    for (const [testId, url] of top) {
      await goHome(page);
      await page.getByTestId(testId).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByTestId("not-found-page")).toHaveCount(0);
    }
    for (const [testId, url] of accountPages) {
      await goHome(page);
      await page.getByTestId("user-menu-button").click();
      await page.getByTestId(testId).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByTestId("not-found-page")).toHaveCount(0);
    }
  });

  test("on a phone, the menu leads to every page from the home page", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, "bob");
    await page.goto("/");
    for (const [testId, url] of [
      ["nav-buy", /\/buy$/] as const,
      ["nav-trades", /\/dashboard$/] as const,
      ...accountPages,
    ]) {
      await goHome(page);
      await page.getByTestId("navbar-burger").click();
      await page.getByTestId(`mobile-${testId}`).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByTestId("navbar-drawer")).toBeHidden();
    }
  });

  test("staff find their screens in the account menu", async ({ browser }) => {
    test.setTimeout(120_000);
    const mod = await openLoggedInPage(browser, "mod");
    await mod.goto("/");
    await mod.getByTestId("user-menu-button").click();
    await mod.getByTestId("disputes-link").click();
    await expect(mod).toHaveURL(/\/moderation\/disputes$/);

    const admin = await openLoggedInPage(browser, "admin");
    await admin.goto("/");
    await admin.getByTestId("user-menu-button").click();
    await admin.getByTestId("nav-admin-deposits").click();
    await expect(admin.getByRole("heading", { name: "Dev-chain deposits" })).toBeVisible();
    await admin.getByTestId("user-menu-button").click();
    await admin.getByTestId("nav-admin-mail").click();
    await expect(admin.getByRole("heading", { name: "Dev mailbox", level: 1 })).toBeVisible();
  });

  test("an unknown address answers 404 with the app's not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-page")).toBeVisible();
    expect((await page.goto("/dashboard/trade-history"))?.status()).toBe(200);
  });
});

test.describe("the seller of a paid trade", () => {
  for (const [device, viewport] of [
    ["a desktop", { width: 1366, height: 900 }],
    ["a phone", { width: 390, height: 844 }],
  ] as const) {
    test(`sees the next step and the release button without scrolling, on ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await logIn(page, "erin");
      await page.goto("/");
      if (viewport.width < 768) {
        await page.getByTestId("navbar-burger").click();
        await page.getByTestId("mobile-nav-trades").click();
      } else {
        await page.getByTestId("nav-trades").click();
      }
      await page
        .getByTestId("active-trade")
        .filter({ hasText: "Selling to judy" })
        .first()
        .getByRole("link", { name: "Open" })
        .click();
      await expect(page.getByTestId("trade-status")).toHaveText("Paid");
      const step = page.getByTestId("trade-next-step-text");
      await expect(step).toContainText("judy marked the trade as paid. Check that you received");
      await expect(step).toContainText("from judy, then release");
      await expect(step).toBeInViewport();
      await expect(page.getByRole("button", { name: "Release crypto" })).toBeInViewport();
      if (viewport.width < 768) {
        // The chat is a tab away, not a long scroll down.
        await page.getByTestId("trade-tabs").getByText("Chat").click();
        await expect(page.getByRole("textbox", { name: "Message" })).toBeInViewport();
        await page.getByTestId("trade-tabs").getByText("Trade", { exact: true }).click();
        await expect(page.getByRole("button", { name: "Release crypto" })).toBeInViewport();
      }
    });
  }
});

test("a new trader starts one trade however fast they click, and the seller releases it once", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page: buyer } = await signUpInNewContext(browser, "e2e_fast");
  const offers = await callApi<{ data: { idHashed: string; owner: { username: string }; tags: { slug: string }[] }[] }>(
    buyer,
    "GET",
    "/rest/v1/offers?type=buy&crypto_currency_code=USDT&limit=50&acceptableOnly=true",
  );
  const offer = offers.data.find(
    (item) =>
      item.owner.username !== "bob" && !item.tags.some((tag) => /receipt|invoice|physical|third/.test(tag.slug)),
  );
  if (!offer) throw new Error("no offer a new trader can take");
  const view = await callApi<{ data: { tradeLimits: { min: string } } }>(
    buyer,
    "GET",
    `/rest/v1/offers/${offer.idHashed}`,
  );
  const starts: string[] = [];
  buyer.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/rest/v1/trade") starts.push(request.url());
  });
  await buyer.goto(`/offer/${offer.idHashed}?fiat-min=${view.data.tradeLimits.min}`);
  await buyer.getByTestId("start-trade").click();
  const review = buyer.getByRole("dialog", { name: "Review the terms and start" });
  await review.getByLabel("I have read the vendor’s terms").check();
  await review.getByTestId("confirm-start-trade").dblclick();
  await expect(buyer).toHaveURL(/\/trade\/[A-Za-z0-9]+$/);
  expect(starts).toHaveLength(1);
  const tradePath = new URL(buyer.url()).pathname;

  const payerName = buyer.getByLabel("Your name as payer");
  const markPaid = buyer.getByRole("button", { name: "I have paid" });
  // The trade asks for the payer's name first, or lets the buyer mark it paid at once.
  await expect(payerName.or(markPaid)).toBeVisible();
  if (await payerName.isVisible()) {
    await payerName.fill("Fast Clicker");
    await buyer.getByRole("button", { name: "Reveal payment details" }).click();
  }
  await markPaid.click();
  await buyer.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(buyer.getByTestId("trade-status")).toHaveText("Paid");

  const seller = await openLoggedInPage(browser, offer.owner.username);
  const releases: string[] = [];
  seller.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/release")) {
      releases.push(request.url());
    }
  });
  await seller.goto(tradePath);
  await seller.getByRole("button", { name: "Release crypto" }).click();
  const dialog = seller.getByRole("dialog");
  await dialog.getByLabel("I have received the full payment").check();
  await dialog.getByTestId("confirm-trade-command").dblclick();
  await expect(seller.getByTestId("trade-status")).toHaveText("Released");
  expect(releases).toHaveLength(1);
});

test("the send form says what is wrong while one types, before anything is sent", async ({ page }) => {
  await logIn(page, "bob");
  const sends: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/wallet/send")) sends.push(request.url());
  });
  await page.goto("/wallet");
  await page.goto("/send");
  const form = page.getByTestId("wallet-send-form");
  // The balance arrives after the page: a busy machine may take a while.
  await expect(form.getByTestId("wallet-send-available")).toContainText("BTC", { timeout: 30_000 });

  await form.getByLabel("Username").fill("no_such_user_anywhere");
  await expect(form.getByText("No Souk user has this username.")).toBeVisible();
  await form.getByLabel("Username").fill("bob");
  await expect(form.getByText("You cannot send to yourself.")).toBeVisible();

  await form.getByRole("textbox", { name: "Amount" }).fill("5");
  await expect(form.getByText(/You can send at most/)).toBeVisible();
  await expect(form.getByTestId("wallet-send-remaining")).toContainText("More than your balance");
  await expect(form.getByTestId("wallet-send-remaining")).not.toContainText("-");

  await form.getByText("External address").click();
  await form.getByLabel("BTC address").fill("bc1q-not-an-address");
  await expect(form.getByText("This is not a valid address for this currency.")).toBeVisible();
  expect(sends).toHaveLength(0);
});

test("the marketplace shows a sell offer's maximum as what its seller can fund", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page: seller, username } = await signUpInNewContext(browser, "e2e_cap");
  // 0.005 BTC with the 1 % escrow fee funds a little under 0.005 BTC: far below a 10,000 USD maximum.
  souk("deposit", username, "0.005", "BTC", "--confirmations", "6");
  const created = await callApi<{ data: { idHashed: string } }>(seller, "POST", "/rest/v1/offers", {
    type: "sell",
    cryptoCurrencyCode: "BTC",
    fiatCurrencyCode: "USD",
    paymentMethodSlug: "payoneer",
    margin: "3",
    fiatLimitMin: "20",
    fiatLimitMax: "10000",
  });
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/buy?crypto=BTC&currencyCode=USD&paymentMethod=payoneer");
  const row = visitor.locator(`[data-testid="offer-row"][data-offer-id="${created.data.idHashed}"]`);
  await expect(row).toBeVisible();
  // 0.00495049 BTC at 87,350 × 1.03 USD is about 445 USD: the row shows that, not 10,000.
  const listed = await (
    await visitor.request.get(
      "/rest/v1/offers?type=buy&crypto_currency_code=BTC&currencyCode=USD&paymentMethod=payoneer",
    )
  ).json();
  const item = (listed.data as { idHashed: string; fiatAmountRangeMax: string }[]).find(
    (entry) => entry.idHashed === created.data.idHashed,
  );
  expect(Number(item?.fiatAmountRangeMax)).toBeGreaterThan(440);
  expect(Number(item?.fiatAmountRangeMax)).toBeLessThan(450);
  await expect(row).toContainText(`20 – ${item?.fiatAmountRangeMax} USD`);
  await expect(row).not.toContainText("10,000");
});

test("an offer's label reaches its owner only", async ({ browser }) => {
  const alice = await openLoggedInPage(browser, "alice");
  const mine = await callApi<{ data: { offers: { idHashed: string; label: string }[] } }>(
    alice,
    "GET",
    "/rest/v1/my-offers/list?type=sell&limit=50",
  );
  const labelled = mine.data.offers.find((offer) => offer.label !== "");
  if (!labelled) throw new Error("alice has no labelled offer");
  await alice.goto(`/offer/${labelled.idHashed}`);
  await expect(alice.getByTestId("offer-owner-label")).toHaveText(labelled.label);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/offer/${labelled.idHashed}`);
  await expect(visitor.getByTestId("offer-terms")).toBeVisible();
  await expect(visitor.getByText(labelled.label)).toHaveCount(0);
  const listing = await (await visitor.request.get("/rest/v1/offers?type=buy&limit=50")).json();
  for (const item of listing.data as { paymentMethodLabel: string }[]) expect(item.paymentMethodLabel).toBe("");
});

test("French pages write crypto amounts as French writes numbers, like the fiat beside them", async ({ page }) => {
  await logIn(page, "bob");
  const active = await callApi<{ data: { id: string }[] }>(page, "GET", "/rest/v1/trade/active");
  const trade = active.data[0];
  if (!trade) throw new Error("bob has no active trade");
  await page.goto(`/fr/trade/${trade.id}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(",");
  await expect(heading).not.toContainText(".");
  await page.goto("/fr/wallet");
  await expect(page.getByTestId("wallet-asset-BTC").getByTestId("wallet-asset-balance")).toContainText(
    /^0,\d{8} BTC$/,
    {
      timeout: 30_000,
    },
  );
});

test("the demo seed run twice changes no row of a real user and keeps what bob undid", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page: rita } = await signUpInNewContext(browser, "e2e_seed");
  const offers = await callApi<{ data: { idHashed: string; owner: { username: string } }[] }>(
    rita,
    "GET",
    "/rest/v1/offers?type=buy&crypto_currency_code=USDT&limit=50&acceptableOnly=true",
  );
  const offer = offers.data.find((item) => item.owner.username === "alice") ?? offers.data[0];
  if (!offer) throw new Error("no offer to take");
  const view = await callApi<{ data: { tradeLimits: { min: string } } }>(
    rita,
    "GET",
    `/rest/v1/offers/${offer.idHashed}`,
  );
  const started = await callApi<{ data: { id: string } }>(rita, "POST", "/rest/v1/trade", {
    offerId: offer.idHashed,
    fiatAmount: view.data.tradeLimits.min,
  });
  const tradeId = started.data.id;

  const bob = await openLoggedInPage(browser, "bob");
  await bob.goto("/dashboard/trusted-users");
  await expect(bob.getByTestId("contacts-trusted")).toBeVisible();
  const aliceRow = bob.getByTestId("contact-alice");
  if ((await aliceRow.count()) > 0) await aliceRow.getByRole("button", { name: "Untrust" }).click();
  await expect(bob.getByTestId("contact-alice")).toHaveCount(0);

  // What the seed must not touch: the trade's state and events, its chat and feedback, the wallet.
  const snapshot = async () => {
    const trade = (await callApi<{ data: Record<string, unknown> }>(rita, "GET", `/rest/v1/trade/${tradeId}`)).data;
    return {
      trade: [trade.status, trade.lastEventSeq, trade.fiatAmount, trade.cryptoAmount, trade.dispute, trade.flow],
      chat: await callApi(rita, "GET", `/rest/v1/trade/${tradeId}/chat`),
      feedback: await callApi(rita, "GET", `/rest/v1/feedback/${tradeId}`),
      wallet: await callApi(rita, "GET", "/rest/v2/wallet/balances"),
    };
  };
  const before = await snapshot();
  souk("seed");
  souk("seed");
  const after = await snapshot();
  expect(after).toEqual(before);
  await bob.reload();
  await expect(bob.getByTestId("contacts-trusted")).toBeVisible();
  await expect(bob.getByTestId("contact-alice")).toHaveCount(0);
});
