import { messengerConversationsResponseSchema, messengerListResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, type TradeCast } from "../../../test/trade-scenario.ts";
import { notifyFromFeed } from "../notifications/index.ts";

let t: TestApp;
let cast: TradeCast;

beforeAll(async () => {
  t = await createTradesTestApp();
  cast = await castForTrades(t);
});
afterAll(async () => {
  await t.close();
});

type Trader = TestUser;

const write = (from: Trader, to: Trader, message = "hi") =>
  from.client.post(`/rest/v1/messenger/${to.username}`, { message });

async function conversation(viewer: Trader, other: Trader) {
  const answer = await viewer.client.get(`/rest/v1/messenger/${other.username}`);
  expect(answer.status).toBe(200);
  return messengerListResponseSchema.parse(answer.body);
}

async function userEvents(userId: number, name: string) {
  const result = await sql<{ payload: Record<string, unknown> }>`
    SELECT payload FROM realtime_events WHERE channel = ${`user.${userId}`} AND name = ${name} ORDER BY id`.execute(
    t.ownerDb,
  );
  return result.rows.map((row) => row.payload);
}

describe("chat existence states", () => {
  it("says chat_create_is_allowed before the first message and chat_exists after it", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    expect((await conversation(alice, bob)).meta).toEqual({
      chatState: "chat_create_is_allowed",
      canPost: true,
      blockReason: null,
      acceptChatMessages: null,
      unreadCount: 0,
      hasMoreBefore: false,
    });
    expect((await write(alice, bob)).status).toBe(200);
    expect((await conversation(alice, bob)).meta).toMatchObject({ chatState: "chat_exists", canPost: true });
    expect((await conversation(bob, alice)).meta).toMatchObject({ chatState: "chat_exists", unreadCount: 1 });
  });

  it("says chat_create_is_forbidden with the recipient's setting when it refuses a stranger", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    for (const setting of ["NO", "TRUSTED_ONLY", "TRUSTED_AND_TRADE_PARTNERS"] as const) {
      await bob.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: setting });
      expect((await conversation(alice, bob)).meta).toMatchObject({
        chatState: "chat_create_is_forbidden",
        canPost: false,
        blockReason: null,
        acceptChatMessages: setting,
      });
      const refused = await write(alice, bob);
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toMatchObject({
        code: "ERROR_MESSENGER_NOT_ACCEPTED",
        details: { acceptChatMessages: setting },
      });
    }
    // Nothing was written by the refused posts.
    expect((await conversation(bob, alice)).data).toEqual([]);
  });

  it("keeps chat_exists but refuses with ChatBlocked after a block, and never shows the setting then", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    expect((await write(alice, bob)).status).toBe(200);
    await bob.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "NO" });
    await bob.client.post(`/rest/v1/users/${alice.username}/relations`, { action: "block" });
    expect((await conversation(alice, bob)).meta).toMatchObject({
      chatState: "chat_exists",
      canPost: false,
      blockReason: "ChatBlocked",
      acceptChatMessages: null,
    });
    expect((await conversation(bob, alice)).meta).toMatchObject({ canPost: false, blockReason: "ChatBlocked" });
  });

  it("lets staff start a chat with a user whose setting is NO", async () => {
    const bob = await createTrader(t);
    await bob.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "NO" });
    expect((await conversation(cast.moderator, bob)).meta).toMatchObject({
      chatState: "chat_create_is_allowed",
      canPost: true,
    });
  });
});

describe("unread state", () => {
  it("counts the other user's messages after the read mark, which only moves forward", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    const ids: number[] = [];
    for (const text of ["one", "two", "three"]) ids.push((await write(alice, bob, text)).body.data.id);
    await write(bob, alice, "mine do not count");
    expect((await conversation(bob, alice)).meta.unreadCount).toBe(3);

    const read = await bob.client.post(`/rest/v1/messenger/${alice.username}/read`, { lastReadId: ids[1] });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ lastReadId: ids[1], unreadCount: 1 });
    // Going back leaves the mark where it is.
    const back = await bob.client.post(`/rest/v1/messenger/${alice.username}/read`, { lastReadId: ids[0] });
    expect(back.body.data).toEqual({ lastReadId: ids[1], unreadCount: 1 });
    // A mark past the newest message stops at the newest one.
    const ahead = await bob.client.post(`/rest/v1/messenger/${alice.username}/read`, { lastReadId: 1_000_000_000 });
    expect(ahead.body.data).toEqual({ lastReadId: ids[2], unreadCount: 0 });
    const later = (await write(alice, bob, "four")).body.data.id;
    expect((await conversation(bob, alice)).meta.unreadCount).toBe(1);
    // Alice's four messages never count as unread for her; bob's one message does.
    expect((await conversation(alice, bob)).meta.unreadCount).toBe(1);
    expect(await userEvents(bob.id, "messenger.read")).toContainEqual({ with: alice.username, lastReadId: ids[2] });
    expect(await userEvents(bob.id, "messenger.message")).toContainEqual({
      messageId: later,
      from: alice.username,
      to: bob.username,
    });
  });

  it("lists the viewer's conversations newest first with their unread counts and total", async () => {
    const [alice, bob, carol] = await Promise.all([createTrader(t), createTrader(t), createTrader(t)]);
    await write(bob, alice, "from bob");
    await write(bob, alice, "again from bob");
    await write(alice, carol, "to carol");
    const answer = await alice.client.get("/rest/v1/messenger");
    expect(answer.status).toBe(200);
    const list = messengerConversationsResponseSchema.parse(answer.body);
    expect(
      list.data.map((item) => [item.username, item.unreadCount, item.lastMessage.text, item.lastMessage.isMine]),
    ).toEqual([
      [carol.username, 0, "to carol", true],
      [bob.username, 2, "again from bob", false],
    ]);
    expect(list.data[1]?.lastMessage.from).toBe(bob.username);
    expect(list.meta.unreadTotal).toBe(2);
  });

  it("answers bad read marks with the envelope and strangers' names with 404", async () => {
    const alice = await createTrader(t);
    const bad = await alice.client.post(`/rest/v1/messenger/${cast.buyer.username}/read`, { lastReadId: "x" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    const missing = await alice.client.post("/rest/v1/messenger/nobody_here_y/read", { lastReadId: 1 });
    expect(missing.status).toBe(404);
    expect((await alice.client.post(`/rest/v1/messenger/${alice.username}/read`, { lastReadId: 1 })).status).toBe(422);
    expect((await t.client().get("/rest/v1/messenger")).status).toBe(401);
  });
});

describe("direct message notifications", () => {
  async function directMessageNotifications(viewer: Trader) {
    const answer = await viewer.client.get("/rest/v1/notifications");
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data as { event: string }[]).filter((item) => item.event === "messenger.message_received");
  }

  it("tells the recipient once per message, through the catalogue, and never the sender", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    expect((await write(alice, bob, "Are you there?")).status).toBe(200);
    // The feed is read twice: the message is still told once.
    await notifyFromFeed(t.db);
    await notifyFromFeed(t.db);
    const told = await directMessageNotifications(bob);
    expect(told).toEqual([
      expect.objectContaining({
        event: "messenger.message_received",
        group: "chat",
        subjectType: "user",
        subjectId: alice.username,
        isRead: false,
        payload: expect.objectContaining({
          counterparty: alice.username,
          text: "Are you there?",
          link: `/messenger?messenger-chat=${alice.username}`,
        }),
      }),
    ]);
    expect(await directMessageNotifications(alice)).toEqual([]);

    expect((await write(alice, bob, "Hello?")).status).toBe(200);
    await notifyFromFeed(t.db);
    expect(await directMessageNotifications(bob)).toHaveLength(2);
  });

  it("follows the recipient's chat settings, and a refused message tells nothing", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    const off = await bob.client.post("/rest/v1/notifications/settings", {
      settings: [
        { group: "chat", channel: "web", isEnabled: false },
        { group: "chat", channel: "email", isEnabled: false },
        { group: "chat", channel: "telegram", isEnabled: false },
        { group: "chat", channel: "app", isEnabled: false },
      ],
    });
    expect(off.status, off.text).toBe(200);
    expect((await write(alice, bob, "Quiet")).status).toBe(200);
    await notifyFromFeed(t.db);
    expect(await directMessageNotifications(bob)).toEqual([]);

    await alice.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "NO" });
    expect((await write(bob, alice, "Refused")).status).toBe(403);
    await notifyFromFeed(t.db);
    expect(await directMessageNotifications(alice)).toEqual([]);
  });
});
