import { NOTIFICATION_CREATED_EVENT } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { notifyFromFeed } from "./notifications.feed.ts";

let t: TestApp;
let cast: TradeCast;

beforeAll(async () => {
  t = await createTradesTestApp();
  cast = await castForTrades(t);
  // The first pass places the cursor; what happened before it is not notified.
  await notifyFromFeed(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Listed {
  id: string;
  event: string;
  subjectId: string;
  isRead: boolean;
  payload: Record<string, unknown>;
}

async function listOf(user: TradeCast["buyer"], query = "") {
  const response = await user.client.get(`/rest/v1/notifications${query}`);
  expect(response.status).toBe(200);
  return response.body as { data: Listed[]; meta: { total: number; unreadCount: number; lastPage: number } };
}

describe("trade notifications from the committed-event feed", () => {
  it("tells the party who did not act: started to the owner, paid to the seller, released to the buyer", async () => {
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    const started = (await listOf(cast.seller)).data.find((item) => item.subjectId === tradeId);
    expect(started?.event).toBe("trade.started");
    expect(started?.payload).toMatchObject({
      cryptoCurrencyCode: "USDT",
      fiatAmount: "100.00",
      counterparty: cast.buyer.username,
      link: `/trade/${tradeId}`,
    });
    expect(started?.payload.paymentWindowSecondsLeft).toBeGreaterThan(0);
    expect(typeof started?.payload.paymentWindowEndsAt).toBe("string");
    expect(typeof started?.payload.cryptoAmount).toBe("string");
    expect(typeof started?.payload.paymentMethodName).toBe("string");
    expect((await listOf(cast.buyer)).data.filter((item) => item.subjectId === tradeId)).toEqual([]);

    await releaseTrade(cast, tradeId);
    await notifyFromFeed(t.db);
    const sellerEvents = (await listOf(cast.seller)).data.filter((item) => item.subjectId === tradeId);
    expect(sellerEvents.map((item) => item.event)).toEqual(["trade.paid", "trade.started"]);
    const buyerEvents = (await listOf(cast.buyer)).data.filter((item) => item.subjectId === tradeId);
    expect(buyerEvents.map((item) => item.event)).toEqual(["trade.released"]);
    expect(buyerEvents[0]?.payload.counterparty).toBe(cast.seller.username);
    expect(buyerEvents[0]?.payload.paymentWindowSecondsLeft).toBeNull();
  });

  it("writes a fact once however often the feed is read again", async () => {
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    await sql`UPDATE notification_feed_cursors SET last_event_id = 0`.execute(t.ownerDb);
    await notifyFromFeed(t.db);
    const rows = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM notifications WHERE subject_id = ${tradeId}`.execute(t.ownerDb);
    expect(rows.rows[0]?.n).toBe("1");
  });

  it("announces each notification on the user's channel", async () => {
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    const events = await sql<{ payload: { subjectId: string; event: string } }>`
      SELECT payload FROM realtime_events WHERE channel = ${`user.${cast.seller.id}`}
        AND name = ${NOTIFICATION_CREATED_EVENT}`.execute(t.ownerDb);
    expect(events.rows.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ subjectId: tradeId, event: "trade.started" }),
    );
  });

  it("tells both parties of a dispute", async () => {
    const tradeId = await openTrade(cast);
    await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/paid`);
    const opened = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/dispute`, {
      dispute_reason_id: 1,
      dispute_reason_text: "The seller does not answer.",
    });
    expect(opened.status).toBe(200);
    await notifyFromFeed(t.db);
    for (const user of [cast.buyer, cast.seller]) {
      const events = (await listOf(user)).data.filter((item) => item.subjectId === tradeId).map((item) => item.event);
      expect(events).toContain("trade.dispute_started");
    }
  });
});

describe("chat and feedback write theirs in their own transaction", () => {
  it("a chat message reaches the other party only, with its text", async () => {
    const tradeId = await openTrade(cast);
    const posted = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, {
      message: "Paying in five minutes",
    });
    expect(posted.status).toBe(200);
    const item = (await listOf(cast.seller)).data.find(
      (row) => row.subjectId === tradeId && row.event === "trade.chat_message_received",
    );
    expect(item?.payload.text).toBe("Paying in five minutes");
    const mine = (await listOf(cast.buyer)).data.filter((row) => row.event === "trade.chat_message_received");
    expect(mine.filter((row) => row.subjectId === tradeId)).toEqual([]);
  });

  it("feedback received carries the rating", async () => {
    const tradeId = await openTrade(cast);
    await releaseTrade(cast, tradeId);
    const given = await cast.buyer.client.post(`/rest/v1/feedback/${tradeId}/give`, { rating: 1, message: "Fast." });
    expect(given.status).toBe(200);
    const item = (await listOf(cast.seller)).data.find(
      (row) => row.subjectId === tradeId && row.event === "feedback.received",
    );
    expect(item?.payload).toMatchObject({ text: "Fast.", counterparty: cast.buyer.username });
    expect(item?.payload.rating).not.toBeNull();
  });
});

describe("reading notifications", () => {
  it("marks one read, then all, and counts the unread", async () => {
    await openTrade(cast);
    await openTrade(cast);
    await notifyFromFeed(t.db);
    const before = await listOf(cast.seller);
    expect(before.meta.unreadCount).toBeGreaterThanOrEqual(2);
    const first = before.data[0];
    if (!first) throw new Error("no notification");
    const one = await cast.seller.client.post(`/rest/v1/notifications/${first.id}/read`);
    expect(one.status).toBe(200);
    expect(one.body.data.unreadCount).toBe(before.meta.unreadCount - 1);
    const again = await cast.seller.client.post(`/rest/v1/notifications/${first.id}/read`);
    expect(again.body.data.unreadCount).toBe(before.meta.unreadCount - 1);
    expect((await listOf(cast.seller, "?isUnreadOnly=true")).data.map((row) => row.id)).not.toContain(first.id);

    const all = await cast.seller.client.post("/rest/v1/notifications/read-all");
    expect(all.body.data.unreadCount).toBe(0);
    const count = await cast.seller.client.get("/rest/v1/notifications/unread-count");
    expect(count.body.data.unreadCount).toBe(0);
    expect((await listOf(cast.seller)).data.every((row) => row.isRead)).toBe(true);
  });

  it("pages twenty at a time", async () => {
    const page = await listOf(cast.seller, "?page=1");
    expect(page.data.length).toBeLessThanOrEqual(20);
    expect(page.meta.lastPage).toBe(Math.max(1, Math.ceil(page.meta.total / 20)));
  });

  it("refuses another user's notification as not found, and bad ids and pages with the envelope", async () => {
    const sellers = await listOf(cast.seller);
    const id = sellers.data[0]?.id ?? "1";
    const stranger = await cast.stranger.client.post(`/rest/v1/notifications/${id}/read`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.errors.code).toBe("ERROR_NOTIFICATION_NOT_FOUND");
    const bad = await cast.seller.client.post("/rest/v1/notifications/abc/read");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toBeDefined();
    const badPage = await cast.seller.client.get("/rest/v1/notifications?page=0");
    expect(badPage.status).toBe(422);
    const anonymous = await t.client().get("/rest/v1/notifications");
    expect(anonymous.status).toBe(401);
  });
});

describe("settings per event group and channel", () => {
  it("shows the defaults, changes the cells given and keeps the others", async () => {
    const user = cast.stranger;
    const before = await user.client.get("/rest/v1/notifications/settings");
    expect(before.status).toBe(200);
    expect(before.body.data.groups.find((row: { group: string }) => row.group === "trades").channels).toEqual({
      web: true,
      email: true,
      telegram: false,
      app: false,
    });
    expect(before.body.data.notifyTradeMessagesInterval).toBe(10);
    const changed = await user.client.post("/rest/v1/notifications/settings", {
      settings: [
        { group: "chat", channel: "web", isEnabled: false },
        { group: "trades", channel: "telegram", isEnabled: true },
      ],
    });
    expect(changed.status).toBe(200);
    const groups = changed.body.data.groups as { group: string; channels: Record<string, boolean> }[];
    expect(groups.find((row) => row.group === "chat")?.channels.web).toBe(false);
    expect(groups.find((row) => row.group === "trades")?.channels).toMatchObject({ web: true, telegram: true });
  });

  it("a group switched off on the web is not listed", async () => {
    const off = await cast.seller.client.post("/rest/v1/notifications/settings", {
      settings: [{ group: "chat", channel: "web", isEnabled: false }],
    });
    expect(off.status).toBe(200);
    const tradeId = await openTrade(cast);
    await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "Not listed" });
    const listed = (await listOf(cast.seller)).data.filter((row) => row.subjectId === tradeId);
    expect(listed.map((row) => row.event)).not.toContain("trade.chat_message_received");
    await cast.seller.client.post("/rest/v1/notifications/settings", {
      settings: [{ group: "chat", channel: "web", isEnabled: true }],
    });
  });

  it("answers bad settings with the envelope", async () => {
    for (const body of [
      {},
      { settings: [] },
      { settings: [{ group: "nope", channel: "web", isEnabled: true }] },
      { settings: [{ group: "chat", channel: "pigeon", isEnabled: true }] },
      { settings: [{ group: "chat", channel: "web", isEnabled: "yes" }] },
    ]) {
      const response = await cast.buyer.client.post("/rest/v1/notifications/settings", body);
      expect(response.status).toBe(422);
      expect(response.body.errors.code).toBeDefined();
    }
  });
});
