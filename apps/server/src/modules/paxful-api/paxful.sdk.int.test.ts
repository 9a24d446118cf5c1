import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, fund, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { pngImage } from "../../../test/sample-files.ts";
import { createApiClient } from "../api-clients/index.ts";

/**
 * The unchanged official Paxful SDK (@paxful/sdk-js, as published) pointed at a listening Souk
 * through its two host variables: two bots, a seller and a buyer, trade from start to release.
 */

type PaxfulApi = {
  invoke(url: string, payload?: Record<string, unknown>): Promise<any>;
  impersonatedCredentials(code: string): Promise<{ accessToken: string; refreshToken?: string }>;
  myCredentials(): Promise<{ accessToken: string; refreshToken?: string }>;
  getProfile(): Promise<Record<string, unknown>>;
};

type SdkConfig = { clientId: string; clientSecret: string; redirectUri?: string };

async function loadSdk(): Promise<(config: SdkConfig) => PaxfulApi> {
  const module = (await import("@paxful/sdk-js")) as { default: unknown };
  const exported = module.default as { default?: unknown };
  return (exported.default ?? exported) as (config: SdkConfig) => PaxfulApi;
}

/** One line per step, printed so the run can be read (and quoted) as it happened. */
function report(step: string, answer: unknown): void {
  console.log(`[sdk] ${step}: ${JSON.stringify(answer).slice(0, 300)}`);
}

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let sellerBot: PaxfulApi;
let buyerBot: PaxfulApi;
let filesDir: string;

beforeAll(async () => {
  t = await createTradesTestApp();
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  process.env.PAXFUL_OAUTH_HOST = address;
  process.env.PAXFUL_DATA_HOST = address;
  process.env.ALLOW_IN_MEMORY_STORAGE = "true";
  [seller, buyer] = await Promise.all([createTrader(t, { login: false }), createTrader(t, { login: false })]);
  // One BTC, 100,000,000 satoshi: the seller's escrow comes from it and the balance stays positive.
  await fund(t.db, seller.id, "BTC", "1");
  const usePaxful = await loadSdk();
  const sellerClient = await createApiClient(t.db, seller.id, { name: "seller bot" });
  const buyerClient = await createApiClient(t.db, buyer.id, { name: "buyer bot" });
  sellerBot = usePaxful({ clientId: sellerClient.client.clientId, clientSecret: sellerClient.clientSecret });
  buyerBot = usePaxful({ clientId: buyerClient.client.clientId, clientSecret: buyerClient.clientSecret });
  filesDir = await mkdtemp(path.join(os.tmpdir(), "souk-sdk-"));
});

afterAll(async () => {
  await t?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe("the official Paxful SDK against Souk", () => {
  it("trades from offer to release with two bots, changing only the host variables", async () => {
    const all = await sellerBot.invoke("/paxful/v1/offer/all", { type: "sell" });
    report("seller offer/all type=sell", all);
    expect(all.status).toBe("success");
    expect(all.data.totalCount).toBeDefined();

    const list = await sellerBot.invoke("/paxful/v1/trade/list");
    report("seller trade/list (empty body)", list);
    expect(list.status).toBe("success");
    expect(list.data.count).toBe(0);

    const created = await sellerBot.invoke("/paxful/v1/offer/create", {
      margin: 0,
      currency: "USD",
      range_max: 100,
      range_min: 10,
      payment_method: 1,
      payment_window: 60,
      payment_method_id: 1,
      offer_terms: "I want to sell bitcoin",
      trade_details: "nothing add here",
      vendor_terms_required: false,
      offer_type_field: "sell",
    });
    report("seller offer/create payment_method=1", created);
    expect(created.status).toBe("success");
    const offerHash = created.data.offer_hash as string;
    expect(offerHash).toMatch(/^[0-9A-Za-z]{11}$/);

    const offer = await buyerBot.invoke("/paxful/v1/offer/get", { offer_hash: offerHash });
    report("buyer offer/get", offer);
    expect(offer.data.offer_hash).toBe(offerHash);
    expect(offer.data.payment_method_slug).toBe("bank-transfer");
    expect(offer.data.offer_terms).toBe("I want to sell bitcoin");

    const started = await buyerBot.invoke("/paxful/v1/trade/start", { offer_hash: offerHash, fiat: 25 });
    report("buyer trade/start fiat=25", started);
    expect(started.status).toBe("success");
    const tradeHash = started.data.trade_hash as string;
    expect(tradeHash).toMatch(/^[0-9A-Za-z]{11}$/);

    const posted = await buyerBot.invoke("/paxful/v1/trade-chat/post", {
      trade_hash: tradeHash,
      message: "just test message & a second clause",
    });
    report("buyer trade-chat/post", posted);
    expect(posted.status).toBe("success");

    const chat = await sellerBot.invoke("/paxful/v1/trade-chat/get", { trade_hash: tradeHash });
    report("seller trade-chat/get", chat);
    expect(chat.status).toBe("success");
    expect(chat.data.messages.map((message: { text: string | null }) => message.text)).toContain(
      "just test message & a second clause",
    );

    const imagePath = path.join(filesDir, "paxful.png");
    await writeFile(imagePath, await pngImage());
    const uploaded = await sellerBot.invoke("/paxful/v1/trade-chat/image/upload", {
      trade_hash: tradeHash,
      file: createReadStream(imagePath),
    });
    report("seller trade-chat/image/upload (multipart)", uploaded);
    expect(uploaded.status).toBe("success");
    expect(uploaded.data.image_hash).toBeDefined();

    const image = await buyerBot.invoke("/paxful/v1/trade-chat/image", {
      image_hash: uploaded.data.image_hash,
      size: 3,
    });
    report("buyer trade-chat/image", { bytes: Buffer.isBuffer(image) ? image.length : typeof image });
    expect(Buffer.isBuffer(image)).toBe(true);
    expect((image as Buffer).subarray(1, 4).toString()).toBe("PNG");

    const paid = await buyerBot.invoke("/paxful/v1/trade/paid", { trade_hash: tradeHash });
    report("buyer trade/paid", paid);
    expect(paid.status).toBe("success");

    const released = await sellerBot.invoke("/paxful/v1/trade/release", { trade_hash: tradeHash });
    report("seller trade/release", released);
    expect(released.status).toBe("success");

    const balance = await sellerBot.invoke("/paxful/v1/wallet/balance", { crypto_currency_code: "BTC" });
    report("seller wallet/balance BTC", balance);
    expect(balance.status).toBe("success");
    expect(Number.parseInt(balance.data.balance, 10)).toBeGreaterThan(0);
    expect(balance.data.balance).toBeGreaterThan(0);
    expect(Number.isInteger(balance.data.balance)).toBe(true);

    const buyerBalance = await buyerBot.invoke("/paxful/v1/wallet/balance", { crypto_currency_code: "BTC" });
    report("buyer wallet/balance BTC", buyerBalance);
    expect(buyerBalance.data.balance).toBeGreaterThan(0);

    const trade = await sellerBot.invoke("/paxful/v1/trade/get", { trade_hash: tradeHash });
    report("seller trade/get", trade);
    expect(trade.data.trade.trade_status).toBe("Released");
    expect(trade.data.trade.payer_name).toBe(buyer.username);

    const deactivated = await sellerBot.invoke("/paxful/v1/offer/deactivate", { offer_hash: offerHash });
    report("seller offer/deactivate", deactivated);
    expect(deactivated.status).toBe("success");
  });

  it("answers a stranger's look at someone else's trade with 1006 and no trade data", async () => {
    const stranger = await createTrader(t, { login: false });
    const strangerClient = await createApiClient(t.db, stranger.id, { name: "stranger bot" });
    const usePaxful = await loadSdk();
    const strangerBot = usePaxful({
      clientId: strangerClient.client.clientId,
      clientSecret: strangerClient.clientSecret,
    });
    const offer = await sellerBot.invoke("/paxful/v1/offer/create", {
      currency: "USD",
      margin: 1,
      offer_terms: "terms",
      offer_type_field: "sell",
      payment_method: "cash-in-person",
      payment_window: 30,
      range_max: 50,
      range_min: 10,
      trade_details: "details",
    });
    const started = await buyerBot.invoke("/paxful/v1/trade/start", { offer_hash: offer.data.offer_hash, fiat: 10 });
    for (const url of ["/paxful/v1/trade/get", "/paxful/v1/trade-chat/get", "/paxful/v1/trade/release"]) {
      const answer = await strangerBot.invoke(url, { trade_hash: started.data.trade_hash });
      expect(answer).toMatchObject({ status: "error", error: { code: 1006 }, data: { code: 1006 } });
      expect(JSON.stringify(answer)).not.toContain(started.data.trade_hash);
    }
    const cancelled = await buyerBot.invoke("/paxful/v1/trade/cancel", { trade_hash: started.data.trade_hash });
    expect(cancelled.status).toBe("success");
  });

  it("refreshes once on a 401 and retries the same call", async () => {
    const before = await sellerBot.myCredentials();
    const countTokens = async () =>
      Number(
        (
          await sql<{
            count: string;
          }>`SELECT count(*) AS count FROM api_tokens t JOIN api_clients c ON c.id = t.api_client_id
            WHERE c.user_id = ${seller.id} AND t.kind = 'access'`.execute(t.ownerDb)
        ).rows[0]?.count,
      );
    const tokensBefore = await countTokens();
    // The token runs out on the server, as an hour of idleness would do.
    await sql`UPDATE api_tokens SET expires_at = now() - interval '1 second'
      WHERE token_id = ${before.accessToken.split(".")[0] ?? ""}`.execute(t.ownerDb);
    const me = await sellerBot.invoke("/paxful/v1/user/me");
    report("seller user/me after its token expired", me);
    expect(me.status).toBe("success");
    expect(me.data.username).toBe(seller.username);
    // The 401 made the SDK ask for one new token (client_credentials: no refresh token is issued).
    expect(await countTokens()).toBe(tokensBefore + 1);
    const profile = await sellerBot.getProfile();
    expect(profile).toMatchObject({ nickname: seller.username, email: `${seller.username}@example.com` });
  });

  it("acts for a user who approved it, and renews with the refresh token after a 401", async () => {
    const redirectUri = "https://bot.example/callback";
    const app = await createApiClient(t.db, seller.id, { name: "delegated bot", redirectUris: [redirectUri] });
    // The buyer approves the seller's program on the consent page, in a browser session.
    const browser = await createTrader(t);
    const query = `response_type=code&client_id=${app.client.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=profile+paxful:user:me`;
    const page = await browser.client.get(`/oauth2/authorize?${query}`);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    const approved = await browser.client.request(
      "POST",
      "/oauth2/authorize",
      `${query}&decision=allow&csrf_token=${csrf}`,
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    );
    const code = new URL(String(approved.headers.location)).searchParams.get("code") ?? "";

    const usePaxful = await loadSdk();
    const delegated = usePaxful({ clientId: app.client.clientId, clientSecret: app.clientSecret, redirectUri });
    const credentials = await delegated.impersonatedCredentials(code);
    expect(credentials.refreshToken).toBeDefined();
    await sql`UPDATE api_tokens SET expires_at = now() - interval '1 second'
      WHERE token_id = ${credentials.accessToken.split(".")[0] ?? ""}`.execute(t.ownerDb);
    const me = await delegated.invoke("/paxful/v1/user/me");
    report("delegated user/me after a 401 and a refresh_token grant", me);
    expect(me.data.username).toBe(browser.username);
  });
});
