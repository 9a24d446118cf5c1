import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../test/harness.ts";
import {
  createOffer,
  createTrader,
  createTradesTestApp,
  depositBond,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { parseFeatureFlags } from "../../platform/index.ts";
import { accounts, resolveLedgerCurrency, transfer, withLedgerTx } from "../ledger/index.ts";
import { notifyFromFeed } from "../notifications/index.ts";
import { refreshOwnerFunding, syncOfferBondState } from "../offers/index.ts";
import { broadcastPendingWithdrawals } from "../wallet/index.ts";
import { deliverAccountWebhook } from "./account-webhooks.delivery.ts";
import { fanOutAccountWebhooks } from "./account-webhooks.fanout.ts";

/**
 * Every cause other than a trade (docs/decisions/112-one-event-catalogue.md) writes, in its own
 * transaction, the fact the notifications and the account webhooks read: each test makes the
 * cause happen through the product, reads both feeds, and finds the notification in the user's
 * list and its webhook delivery, signed as Standard Webhooks says.
 */
let t: TestApp;
let admin: TestClient;
const received = new Map<string, { type: string; data: Record<string, unknown> }>();
const secrets = new Map<string, string>();
let receiverUrl = "";
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const challenge = request.headers["x-souk-request-challenge"];
    if (typeof challenge === "string") response.setHeader("X-Souk-Request-Challenge", challenge);
    const body = Buffer.concat(chunks).toString("utf8");
    const owner = new URL(request.url ?? "/", "http://x").searchParams.get("user") ?? "";
    if (typeof challenge !== "string") {
      try {
        const parsed = new Webhook(secrets.get(owner) ?? "").verify(body, request.headers as Record<string, string>);
        received.set(String(request.headers["webhook-id"]), parsed as { type: string; data: Record<string, unknown> });
      } catch {
        // A signature that does not hold is refused, as a receiver would.
        response.statusCode = 401;
      }
    }
    response.end();
  });
});

beforeAll(async () => {
  t = await createTradesTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  admin = (await createTrader(t, { roles: ["user", "admin"] })).client;
  await readFeeds();
}, 120_000);

afterAll(async () => {
  server.close();
  await t?.close();
});

/** Both readers of the committed events, as their polls run them; the deliveries are sent. */
async function readFeeds(): Promise<void> {
  await notifyFromFeed(t.db);
  const ids = await fanOutAccountWebhooks({ db: t.db, config: t.config, features: parseFeatureFlags(undefined) });
  for (const id of ids) await deliverAccountWebhook(t.db, id, true);
}

/** The user's webhook, verified and saved (every event checked), its secret known to the receiver. */
async function withWebhook(client: TestClient): Promise<void> {
  const url = `${receiverUrl}?user=${client.user?.id}`;
  expect((await client.post("/rest/v1/webhooks/verify", { url })).body.data.status).toBe("verification");
  const saved = await client.post("/rest/v1/webhooks", { url });
  expect(saved.body.data.status).toBe("enabled");
  secrets.set(String(client.user?.id), saved.body.data.secret);
}

interface Listed {
  event: string;
  subjectType: string;
  subjectId: string;
  payload: Record<string, unknown>;
}

/** The user's newest notification of the event, and the webhook body delivered for it. */
async function toldOf(client: TestClient, event: string) {
  const list = await client.get("/rest/v1/notifications");
  expect(list.status).toBe(200);
  const notification = (list.body.data as Listed[]).find((item) => item.event === event);
  const rows = await sql<{ message_id: string; state: string }>`SELECT message_id, state
    FROM account_webhook_deliveries WHERE user_id = ${client.user?.id} AND event = ${event}
    ORDER BY id DESC`.execute(t.ownerDb);
  const delivery = rows.rows[0];
  return { notification, delivery, body: delivery ? received.get(delivery.message_id) : undefined };
}

async function traderWithWebhook(roles: ("user" | "vendor")[] = ["user"]): Promise<TestUser> {
  const user = await createTrader(t, { roles });
  await withWebhook(user.client);
  return user;
}

async function trader(): Promise<TestClient> {
  return (await traderWithWebhook()).client;
}

async function adminDeposit(username: string, amount: string, code: string, confirmations?: number) {
  const body = {
    username,
    amount,
    cryptoCurrencyCode: code,
    ...(confirmations === undefined ? {} : { confirmations }),
  };
  const response = await admin.post("/rest/v1/admin/wallet/deposits", body);
  expect(response.status, response.text).toBe(200);
  return response.body.data as { id: number; status: string };
}

describe("notifications and webhooks of causes other than trades", () => {
  it("tells a deposit pending, then confirmed", async () => {
    const user = await trader();
    const deposit = await adminDeposit(user.user!.username, "0.5", "BTC", 0);
    expect(deposit.status).toBe("pending");
    await readFeeds();
    const pending = await toldOf(user, "wallet.deposit_pending");
    expect(pending.notification).toMatchObject({
      subjectType: "deposit",
      subjectId: String(deposit.id),
      payload: { cryptoAmount: "0.50000000", cryptoCurrencyCode: "BTC", link: "/wallet" },
    });
    expect(pending.delivery?.state).toBe("delivered");
    expect(pending.body).toMatchObject({ type: "wallet.deposit_pending", data: { cryptoAmount: "0.50000000" } });

    const confirmed = await admin.post(`/rest/v1/admin/wallet/deposits/${deposit.id}/confirm`, { confirmations: 100 });
    expect(confirmed.body.data.status).toBe("credited");
    await readFeeds();
    const told = await toldOf(user, "wallet.deposit_confirmed");
    expect(told.notification).toMatchObject({ subjectId: String(deposit.id), payload: { cryptoCurrencyCode: "BTC" } });
    expect(told.body).toMatchObject({ type: "wallet.deposit_confirmed", data: { subjectId: String(deposit.id) } });
  });

  it("tells a deposit credited at once only as confirmed", async () => {
    const user = await trader();
    const deposit = await adminDeposit(user.user!.username, "1", "BTC");
    await readFeeds();
    expect((await toldOf(user, "wallet.deposit_pending")).notification).toBeUndefined();
    expect((await toldOf(user, "wallet.deposit_confirmed")).notification?.subjectId).toBe(String(deposit.id));
  });

  it("tells a withdrawal sent, with its transaction id", async () => {
    const user = await trader();
    await adminDeposit(user.user!.username, "1", "BTC");
    const outside = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
    const sent = await user.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.25", address: outside },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(sent.status, sent.text).toBe(200);
    await readFeeds();
    expect((await toldOf(user, "wallet.withdrawal_sent")).notification).toBeUndefined();
    expect((await broadcastPendingWithdrawals(t.db)).completed).toBeGreaterThanOrEqual(1);
    await readFeeds();
    const told = await toldOf(user, "wallet.withdrawal_sent");
    expect(told.notification).toMatchObject({
      subjectType: "withdrawal",
      payload: { cryptoAmount: "0.25000000", cryptoCurrencyCode: "BTC" },
    });
    expect(told.notification?.payload.text).toMatch(/^[0-9a-f]{64}$/);
    expect(told.body?.type).toBe("wallet.withdrawal_sent");
  });

  it("tells the owner of a sell offer their balance no longer funds that it was switched off", async () => {
    const owner = await traderWithWebhook(["user", "vendor"]);
    const seller = owner.client;
    const sellerId = owner.id;
    await fund(t.db, sellerId, "USDT", "1000");
    const offerId = await createOffer(owner);
    await refreshOwnerFunding(t.db, sellerId);
    const usdt = await resolveLedgerCurrency(t.db, "USDT");
    await withLedgerTx(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `test-drain:${randomUUID()}`,
        kind: "deposit",
        currencyId: usdt.id,
        legs: [{ from: accounts.available(sellerId), to: accounts.world(), amountMinor: 999_000_000n }],
      }),
    );
    await refreshOwnerFunding(t.db, sellerId);
    await readFeeds();
    const told = await toldOf(seller, "offer.switched_off");
    expect(told.notification).toMatchObject({
      subjectType: "offer",
      subjectId: offerId,
      payload: { reason: "balance", link: `/offer-manager/edit/${offerId}` },
    });
    expect(told.body).toMatchObject({ type: "offer.switched_off", data: { reason: "balance", subjectId: offerId } });
    // Refreshed again, still unfunded: nothing more to tell.
    await refreshOwnerFunding(t.db, sellerId);
    await readFeeds();
    const rows = await sql<{ n: string }>`SELECT count(*)::text AS n FROM notifications
      WHERE user_id = ${sellerId} AND event = 'offer.switched_off'`.execute(t.ownerDb);
    expect(rows.rows[0]?.n).toBe("1");
  });

  it("tells the owner of buy offers the bond no longer backs that they were switched off", async () => {
    const owner = await traderWithWebhook(["user", "vendor"]);
    await depositBond(t.db, owner);
    const offerId = await createOffer(owner, { type: "buy" });
    const retrieved = await owner.client.post("/wallet/retrieve-bond", null, {
      headers: { "idempotency-key": randomUUID() },
    });
    expect(retrieved.status, retrieved.text).toBe(200);
    // What the owner-funds job runs after the bond moved.
    await syncOfferBondState(t.db, owner.id);
    await readFeeds();
    const told = await toldOf(owner.client, "offer.switched_off");
    expect(told.notification).toMatchObject({ subjectId: offerId, payload: { reason: "bond" } });
    expect(told.body).toMatchObject({ type: "offer.switched_off", data: { reason: "bond" } });
  });

  it("tells the owner of an offer whose cap a released trade used up that it was switched off", async () => {
    const owner = await traderWithWebhook(["user", "vendor"]);
    await fund(t.db, owner.id, "USDT", "1000");
    const offerId = await createOffer(owner, { offerCap: { amount: "100", active: true } });
    const [buyer, stranger, moderator] = await Promise.all([createTrader(t), createTrader(t), createTrader(t)]);
    const cast: TradeCast = { seller: owner, buyer, stranger, moderator, offerId };
    await releaseTrade(cast, await openTrade(cast, "100"));
    await readFeeds();
    const told = await toldOf(owner.client, "offer.switched_off");
    expect(told.notification).toMatchObject({ subjectId: offerId, payload: { reason: "cap" } });
    expect(told.body).toMatchObject({ type: "offer.switched_off", data: { reason: "cap" } });
  });

  it("tells a vendor their bid for a pinned place was outbid", async () => {
    const bidders: { client: TestClient; hash: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const client = await trader();
      const username = client.user!.username;
      await adminDeposit(username, "1", "BTC");
      await adminDeposit(username, "100", "USDT");
      const offer = await client.post("/rest/v1/offers", {
        type: "sell",
        crypto_currency_code: "BTC",
        fiat_currency_code: "CAD",
        payment_method_slug: "bank-transfer",
        margin: "2",
        fiat_limit_min: "50",
        fiat_limit_max: "1000",
      });
      expect(offer.status, offer.text).toBe(200);
      bidders.push({ client, hash: offer.body.data.idHashed });
    }
    const end_date = new Date(Date.now() + 86_400_000).toISOString();
    for (const [index, amount] of ["10", "20", "30", "15"].entries()) {
      const { client, hash } = bidders[index]!;
      const body = { end_date, amount, crypto_currency_code: "USDT", is_present: true };
      expect((await client.put(`/rest/v1/my-offers/${hash}/bid`, body)).status).toBe(200);
    }
    await readFeeds();
    const told = await toldOf(bidders[0]!.client, "bid.outbid");
    expect(told.notification).toMatchObject({
      subjectType: "bid",
      payload: { cryptoAmount: "10.000000", cryptoCurrencyCode: "USDT", link: "/dashboard/my-offers" },
    });
    expect(told.body?.type).toBe("bid.outbid");
    for (const other of bidders.slice(1))
      expect((await toldOf(other.client, "bid.outbid")).notification).toBeUndefined();
  });

  it("tells a log-in from a new device, besides the mail", async () => {
    const user = await trader();
    await readFeeds();
    const count = async () =>
      (
        await sql<{ n: string }>`SELECT count(*)::text AS n FROM notifications
        WHERE user_id = ${user.user!.id} AND event = 'account.new_device_login'`.execute(t.ownerDb)
      ).rows[0]?.n;
    const before = Number(await count());
    const laptop = t.client();
    const login = { login: user.user!.username, password: user.user!.password };
    const answer = await laptop.post("/rest/v1/auth/login", login, {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" },
    });
    expect(answer.status, answer.text).toBe(200);
    await readFeeds();
    expect(Number(await count())).toBe(before + 1);
    const told = await toldOf(user, "account.new_device_login");
    expect(told.notification).toMatchObject({ subjectType: "device", payload: { link: "/account/devices" } });
    expect(told.body?.type).toBe("account.new_device_login");
  });

  it("tells the owner their webhook was turned off after a day of failures, and not through it", async () => {
    const user = await trader();
    await adminDeposit(user.user!.username, "0.1", "BTC", 0);
    await notifyFromFeed(t.db);
    const [id] = await fanOutAccountWebhooks({ db: t.db, config: t.config, features: parseFeatureFlags(undefined) });
    await sql`UPDATE account_webhooks SET failing_since = now() - interval '25 hours'
      WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    // The receiver no longer knows the secret: it refuses the delivery, a day after the first failure.
    secrets.set(String(user.user!.id), "whsec_bm90LXRoZS1zZWNyZXQtYXQtYWxsLW5vdC1pdA==");
    expect(await deliverAccountWebhook(t.db, id as number, true)).toMatchObject({ isDisabling: true });
    await readFeeds();
    const told = await toldOf(user, "webhook.disabled");
    expect(told.notification).toMatchObject({
      subjectType: "webhook",
      payload: { reason: "failing_for_a_day", link: "/account/webhooks" },
    });
    expect(told.delivery).toBeUndefined();
  });
});
