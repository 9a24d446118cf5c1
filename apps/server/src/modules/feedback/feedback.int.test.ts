import { feedbackGiveResponseSchema, tradeFeedbackResponseSchema, userFeedbackResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { cancelTrade, castForTrades, openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { feedbackCounts, listFeedbackForUser } from "./index.ts";

let t: TestApp;
let cast: TradeCast;

beforeAll(async () => {
  t = await createTradesTestApp();
  cast = await castForTrades(t);
});
afterAll(async () => {
  await t.close();
});

async function releasedTradeWith(buyer: TestUser = cast.buyer): Promise<string> {
  const tradeId = await openTrade(cast, "100", buyer);
  await releaseTrade(cast, tradeId, buyer);
  return tradeId;
}

const give = (user: TestUser, tradeId: string, body: unknown) =>
  user.client.post(`/rest/v1/feedback/${tradeId}/give`, body);

async function profile(username: string) {
  return (await t.client().get(`/rest/v1/users/${username}`)).body.data;
}

describe("giving feedback", () => {
  it("lets the buyer rate the seller once, as type sell, and the seller the buyer, as type buy", async () => {
    const buyer = await createTrader(t);
    const tradeId = await releasedTradeWith(buyer);
    const sellerBefore = await profile(cast.seller.username);

    const fromBuyer = await give(buyer, tradeId, { rating: "positive", message: "Fast and friendly" });
    expect(fromBuyer.status, fromBuyer.text).toBe(200);
    // The web client parses this answer with the same schema.
    const view = feedbackGiveResponseSchema.parse(fromBuyer.body).data;
    expect(view).toMatchObject({ tradeId, canGive: false, canReply: false, type: "sell", received: null });
    expect(view.given).toMatchObject({
      type: "sell",
      rating: "positive",
      message: "Fast and friendly",
      author: { username: buyer.username },
      receiver: { username: cast.seller.username },
      reply: null,
    });

    const fromSeller = await give(cast.seller, tradeId, { rating: -1, message: "Paid late" });
    expect(fromSeller.status).toBe(200);
    expect(fromSeller.body.data.given).toMatchObject({ type: "buy", rating: "negative" });
    expect(fromSeller.body.data.received).toMatchObject({ type: "sell", rating: "positive" });

    const sellerAfter = await profile(cast.seller.username);
    expect(sellerAfter.feedback.positive).toBe(sellerBefore.feedback.positive + 1);
    expect(await profile(buyer.username)).toMatchObject({ feedback: { positive: 0, negative: 1 } });
    expect(await feedbackCounts(t.db, buyer.id)).toEqual({ positive: 0, negative: 1, total: 1 });
  });

  it("refuses a second feedback on the same trade with 409, even when both are sent at once", async () => {
    const buyer = await createTrader(t);
    const tradeId = await releasedTradeWith(buyer);
    const before = await feedbackCounts(t.db, cast.seller.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => give(buyer, tradeId, { rating: "positive", message: "again and again" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.errors.code).toBe("ERROR_FEEDBACK_ALREADY_GIVEN");
    const count = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM trade_feedback WHERE trade_hash = ${tradeId}`.execute(t.ownerDb);
    expect(count.rows[0]!.n).toBe("1");
    // The counts moved once.
    expect(await feedbackCounts(t.db, cast.seller.id)).toEqual({
      positive: before.positive + 1,
      negative: before.negative,
      total: before.total + 1,
    });
  });

  it("refuses feedback on an open or cancelled trade with 409", async () => {
    const open = await openTrade(cast);
    const early = await give(cast.buyer, open, { rating: "positive", message: "too early" });
    expect(early.status).toBe(409);
    expect(early.body.errors).toMatchObject({
      code: "ERROR_FEEDBACK_NOT_AVAILABLE",
      details: { status: "active_funded" },
    });
    await cancelTrade(cast, open);
    const cancelled = await give(cast.buyer, open, { rating: "negative", message: "cancelled" });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.errors.details).toEqual({ status: "cancelled_buyer" });
  });

  it("answers 404 to strangers, 403 to staff looking on and 401 without a session", async () => {
    const tradeId = await releasedTradeWith();
    const body = { rating: "positive", message: "nice" };
    expect((await give(cast.stranger, tradeId, body)).status).toBe(404);
    expect((await give(cast.stranger, "AAAAAAAAAAA", body)).status).toBe(404);
    expect((await give(cast.moderator, tradeId, body)).status).toBe(403);
    expect((await t.client().post(`/rest/v1/feedback/${tradeId}/give`, body)).status).toBe(401);
    expect((await cast.stranger.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "x" })).status).toBe(404);
  });

  it("refuses a bad rating or message with 422", async () => {
    const tradeId = await releasedTradeWith();
    for (const body of [
      { rating: "great", message: "x" },
      { rating: 5, message: "x" },
      { rating: "positive" },
      { rating: "positive", message: "   " },
      { rating: "positive", message: "x".repeat(1001) },
      {},
    ]) {
      const answer = await give(cast.buyer, tradeId, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    }
  });
});

describe("replying to feedback", () => {
  it("lets the receiver answer once; a second reply is 409", async () => {
    const buyer = await createTrader(t);
    const tradeId = await releasedTradeWith(buyer);
    const none = await cast.seller.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "thanks" });
    expect(none.status).toBe(404);
    expect(none.body.errors.code).toBe("ERROR_FEEDBACK_NOT_FOUND");

    await give(buyer, tradeId, { rating: "negative", message: "slow release" });
    // The author cannot answer their own feedback: there is none to them.
    expect((await buyer.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "me" })).status).toBe(404);
    const reply = await cast.seller.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "Bank was closed." });
    expect(reply.status).toBe(200);
    expect(reply.body.data.received).toMatchObject({ reply: "Bank was closed.", rating: "negative" });
    expect(reply.body.data.canReply).toBe(false);
    const again = await cast.seller.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "Also..." });
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_FEEDBACK_ALREADY_REPLIED");
    expect((await cast.seller.client.post(`/rest/v1/feedback/${tradeId}/reply`, { message: "" })).status).toBe(422);
  });
});

describe("reading feedback", () => {
  it("shows a trade's feedback to its parties and staff, with what each may still do", async () => {
    const buyer = await createTrader(t);
    const tradeId = await releasedTradeWith(buyer);
    await give(buyer, tradeId, { rating: "positive", message: "good" });
    const forSeller = await cast.seller.client.get(`/rest/v1/feedback/${tradeId}`);
    expect(forSeller.status).toBe(200);
    expect(tradeFeedbackResponseSchema.parse(forSeller.body).data).toMatchObject({
      canGive: true,
      canReply: true,
      type: "buy",
      given: null,
      received: { rating: "positive" },
    });
    const forStaff = await cast.moderator.client.get(`/rest/v1/feedback/${tradeId}`);
    expect(forStaff.body.data).toMatchObject({
      canGive: false,
      canReply: false,
      type: null,
      given: { rating: "positive" },
    });
    // For anyone else the id is not a trade: it is read as a username, and there is none.
    expect((await cast.stranger.client.get(`/rest/v1/feedback/${tradeId}`)).status).toBe(404);
    expect((await t.client().get(`/rest/v1/feedback/${tradeId}`)).status).toBe(404);
  });

  it("lists a user's received feedback newest first, filtered, paged, with counts and the next page's URL", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const local: TradeCast = { ...cast, seller };
    await fund(t.db, seller.id, "USDT", "100000");
    local.offerId = await createOffer(seller);
    const ratings = [
      "positive",
      "negative",
      "positive",
      "positive",
      "negative",
      "positive",
      "positive",
      "positive",
      "positive",
      "positive",
      "positive",
      "negative",
    ];
    for (const [index, rating] of ratings.entries()) {
      const buyer = await createTrader(t);
      const tradeId = await openTrade(local, "20", buyer);
      await releaseTrade(local, tradeId, buyer);
      await give(buyer, tradeId, { rating, message: `feedback ${index}` });
    }
    const first = await t.client().get(`/rest/v1/feedback/${seller.username}`);
    expect(first.status).toBe(200);
    const page = userFeedbackResponseSchema.parse(first.body);
    expect(page.data).toHaveLength(10);
    expect(page.data[0]!.message).toBe("feedback 11");
    expect(page.meta).toMatchObject({
      total: 12,
      currentPage: 1,
      perPage: 10,
      lastPage: 2,
      positive: 9,
      negative: 3,
      nextPageUrl: `/rest/v1/feedback/${seller.username}?page=2`,
    });
    const more = await t.client().get(page.meta.nextPageUrl!);
    expect(more.body.data.map((item: { message: string }) => item.message)).toEqual(["feedback 1", "feedback 0"]);
    expect(more.body.meta.nextPageUrl).toBeNull();

    const negative = await t.client().get(`/rest/v1/feedback/${seller.username}?rating=negative`);
    expect(negative.body.meta.total).toBe(3);
    expect(negative.body.data.every((item: { rating: string }) => item.rating === "negative")).toBe(true);
    // The web's load-more under a filter: the next page's URL keeps the filter, and pages end on it.
    const positive = await t.client().get(`/rest/v1/users/${seller.username}/feedback?rating=positive&perPage=5`);
    expect(positive.body.meta).toMatchObject({
      total: 9,
      lastPage: 2,
      nextPageUrl: `/rest/v1/feedback/${seller.username}?page=2&perPage=5&rating=positive`,
    });
    const positiveMore = await t.client().get(positive.body.meta.nextPageUrl);
    expect(positiveMore.body.data).toHaveLength(4);
    expect(positiveMore.body.data.every((item: { rating: string }) => item.rating === "positive")).toBe(true);
    expect(positiveMore.body.meta.nextPageUrl).toBeNull();
    const asBuyer = await t.client().get(`/rest/v1/users/${seller.username}/feedback?type=buy`);
    expect(asBuyer.body.meta.total).toBe(0);
    const asSeller = await t.client().get(`/rest/v1/users/${seller.username}/feedback?type=sell&perPage=5`);
    expect(asSeller.body.meta).toMatchObject({ total: 12, lastPage: 3 });

    const door = await listFeedbackForUser(t.db, seller.id, { page: 1, perPage: 3 });
    expect(door.items).toHaveLength(3);
    expect(door.meta).toMatchObject({
      positive: 9,
      negative: 3,
      nextPageUrl: `/rest/v1/feedback/${seller.username}?page=2&perPage=3`,
    });
    expect(await profile(seller.username)).toMatchObject({ feedback: { positive: 9, negative: 3 } });
  });

  it("answers 404 for an unknown or banned user and 422 for bad filters", async () => {
    expect((await t.client().get("/rest/v1/feedback/nobody_known_here")).status).toBe(404);
    const banned = await createTrader(t);
    await sql`UPDATE users SET is_banned = true WHERE id = ${banned.id}`.execute(t.ownerDb);
    expect((await t.client().get(`/rest/v1/feedback/${banned.username}`)).status).toBe(404);
    for (const query of ["type=swap", "rating=meh", "page=0"]) {
      expect((await t.client().get(`/rest/v1/feedback/${cast.seller.username}?${query}`)).status, query).toBe(422);
    }
  });
});
