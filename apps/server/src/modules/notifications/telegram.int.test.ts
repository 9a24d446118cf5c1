import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fake-telegram.ts";
import type { TestApp } from "../../../test/harness.ts";
import { createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { notifyFromFeed } from "./notifications.feed.ts";
import { botApiOf, readTelegramUpdates, sendTelegramNotifications } from "./telegram.service.ts";

let t: TestApp;
let telegram: FakeTelegram;
let cast: TradeCast;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  t = await createTradesTestApp({
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_BOT_USERNAME: "souk_test_bot",
    TELEGRAM_API_BASE_URL: telegram.baseUrl,
  });
  cast = await castForTrades(t);
  await notifyFromFeed(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

function api() {
  const bot = botApiOf(t.config);
  if (!bot) throw new Error("no bot configured");
  return bot;
}

async function link(user: TradeCast["seller"], chatId: number): Promise<void> {
  const made = await user.client.post("/rest/v1/notifications/telegram/link");
  expect(made.status).toBe(200);
  const url = new URL(made.body.data.url as string);
  expect(url.origin + url.pathname).toBe("https://t.me/souk_test_bot");
  telegram.userSays(chatId, `/start ${url.searchParams.get("start")}`);
  expect(await readTelegramUpdates(t.db, api())).toBe(1);
}

async function enableTelegram(user: TradeCast["seller"]): Promise<void> {
  const response = await user.client.post("/rest/v1/notifications/settings", {
    settings: [{ group: "trades", channel: "telegram", isEnabled: true }],
  });
  expect(response.status).toBe(200);
  expect(response.body.data.liveChannels).toContain("telegram");
}

describe("Telegram notifications through a local fake Bot API", () => {
  it("links a chat with the /start deep link once, and answers in the chat", async () => {
    const before = await cast.seller.client.get("/rest/v1/notifications/telegram");
    expect(before.body.data).toEqual({ isConfigured: true, isLinked: false, botUsername: "souk_test_bot" });
    await link(cast.seller, 5001);
    const after = await cast.seller.client.get("/rest/v1/notifications/telegram");
    expect(after.body.data.isLinked).toBe(true);
    expect(telegram.sent.at(-1)).toEqual({ chatId: 5001, text: expect.stringContaining("now receives") });
  });

  it("refuses a used or made-up code, and says so in the chat", async () => {
    const made = await cast.buyer.client.post("/rest/v1/notifications/telegram/link");
    const code = new URL(made.body.data.url as string).searchParams.get("start");
    telegram.userSays(6001, `/start ${code}`);
    telegram.userSays(6002, `/start ${code}`);
    telegram.userSays(6003, "/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    telegram.userSays(6004, "hello");
    expect(await readTelegramUpdates(t.db, api())).toBe(1);
    expect(telegram.sent.filter((message) => message.chatId === 6002 || message.chatId === 6003)).toHaveLength(2);
    expect(telegram.sent.find((message) => message.chatId === 6002)?.text).toContain("not valid");
    // The updates were confirmed: reading again links nothing more.
    expect(await readTelegramUpdates(t.db, api())).toBe(0);
  });

  it("sends a trade alert with the amounts, the time left and the link to the linked chat", async () => {
    await enableTelegram(cast.seller);
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    expect(await sendTelegramNotifications(t.db, api(), t.config)).toBeGreaterThanOrEqual(1);
    const message = telegram.sent.filter((sent) => sent.chatId === 5001).at(-1);
    expect(message?.text).toContain(`${cast.buyer.username} started a trade with you`);
    expect(message?.text).toContain("100.00 USD for");
    expect(message?.text).toMatch(/\d+ min left to pay/);
    expect(message?.text).toContain(`/trade/${tradeId}`);
    // Sent once.
    const count = telegram.sent.length;
    await sendTelegramNotifications(t.db, api(), t.config);
    expect(telegram.sent.length).toBe(count);
  });

  it("skips a user with no linked chat, and unlinks a chat that blocked the bot", async () => {
    await enableTelegram(cast.stranger);
    telegram.blockedChats.add(5001);
    await openTrade(cast);
    await notifyFromFeed(t.db);
    expect(await sendTelegramNotifications(t.db, api(), t.config)).toBe(0);
    const status = await cast.seller.client.get("/rest/v1/notifications/telegram");
    expect(status.body.data.isLinked).toBe(false);
    telegram.blockedChats.clear();
  });

  it("unlinks on request", async () => {
    await link(cast.seller, 5002);
    const unlinked = await cast.seller.client.delete("/rest/v1/notifications/telegram");
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.isLinked).toBe(false);
  });
});

describe("without a bot", () => {
  it("refuses a link with the envelope and shows the channel as not live", async () => {
    const plain = await createTradesTestApp();
    try {
      const user = await plain.signUp();
      const refused = await user.post("/rest/v1/notifications/telegram/link");
      expect(refused.status).toBe(409);
      expect(refused.body.errors.code).toBe("ERROR_TELEGRAM_NOT_CONFIGURED");
      const settings = await user.get("/rest/v1/notifications/settings");
      expect(settings.body.data.liveChannels).toEqual(["web", "email", "app"]);
    } finally {
      await plain.close();
    }
  });
});
