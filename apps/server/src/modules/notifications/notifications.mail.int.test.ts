import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp.ts";
import { castForTrades, openTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import type { JobQueue } from "../../platform/index.ts";
import { deliverPendingMail } from "../mail/index.ts";
import { notifyFromFeed } from "./notifications.feed.ts";
import { mailNotifications } from "./notifications.mail.ts";

let t: TestApp;
let smtp: TestSmtp;
let cast: TradeCast;
/** The mail job is not run by the test app: the test delivers the outbox itself. */
const jobs: JobQueue = { sendAfterCommit: () => {} };

beforeAll(async () => {
  t = await createTradesTestApp();
  smtp = await startTestSmtp();
  cast = await castForTrades(t);
  await notifyFromFeed(t.db);
  // What the cast's sign-ups and log-ins queued (codes, new-device notices) goes out first, so
  // each test counts only the mail its own events cause.
  await deliver();
}, 120_000);

afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

async function emailOf(userId: number): Promise<string> {
  const rows = await sql<{ email: string }>`SELECT email FROM users WHERE id = ${userId}`.execute(t.ownerDb);
  return rows.rows[0]?.email ?? "";
}

async function deliver(now?: Date): Promise<void> {
  await mailNotifications(t.db, jobs, t.config, now);
  await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
}

function mailsTo(email: string) {
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));
}

describe("notifications on the e-mail channel, through the mail outbox and a real SMTP server", () => {
  it("mails a trade start to the seller with the amounts, the time left and the link", async () => {
    const sellerEmail = await emailOf(cast.seller.id);
    const before = mailsTo(sellerEmail).length;
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    await deliver();
    const mails = mailsTo(sellerEmail);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(`Souk: ${cast.buyer.username} started a trade with you`);
    expect(mail?.text).toContain("100.00 USD for");
    expect(mail?.text).toMatch(/\d+ min left to pay/);
    expect(mail?.text).toContain(`/trade/${tradeId}`);
    // Handled once: another pass sends nothing more.
    await deliver();
    expect(mailsTo(sellerEmail).length).toBe(before + 1);
  });

  it("gathers a trade's chat messages into one digest after notifyTradeMessagesInterval", async () => {
    const sellerEmail = await emailOf(cast.seller.id);
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    await deliver();
    const before = mailsTo(sellerEmail).length;
    for (const message of ["First message", "Second message"]) {
      const posted = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message });
      expect(posted.status).toBe(200);
    }
    await deliver();
    expect(mailsTo(sellerEmail).length).toBe(before);
    // Ten minutes (the default interval) after the first message, one digest carries both.
    await deliver(new Date(Date.now() + 10 * 60_000 + 1_000));
    const mails = mailsTo(sellerEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe(`Souk: new messages from ${cast.buyer.username}`);
    expect(mails.at(-1)?.text).toContain("First message");
    expect(mails.at(-1)?.text).toContain("Second message");
  });

  it("sends each message at once with an interval of 0, in the user's locale", async () => {
    const buyerEmail = await emailOf(cast.buyer.id);
    await sql`UPDATE users SET notify_trade_messages_interval = 0, locale = 'fr' WHERE id = ${cast.buyer.id}`.execute(
      t.ownerDb,
    );
    const tradeId = await openTrade(cast);
    const before = mailsTo(buyerEmail).length;
    await cast.seller.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "Bonjour" });
    await deliver();
    const mails = mailsTo(buyerEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe(`Souk : nouveaux messages de ${cast.seller.username}`);
    expect(mails.at(-1)?.text).toContain("Bonjour");
  });

  it("mails nothing for a group switched off on the e-mail channel", async () => {
    const sellerEmail = await emailOf(cast.seller.id);
    await cast.seller.client.post("/rest/v1/notifications/settings", {
      settings: [{ group: "trades", channel: "email", isEnabled: false }],
    });
    await deliver();
    const before = mailsTo(sellerEmail).length;
    await openTrade(cast);
    await notifyFromFeed(t.db);
    await deliver();
    expect(mailsTo(sellerEmail).length).toBe(before);
  });

  it("mails a direct message to its recipient once, as a conversation's digest, and nothing to its sender", async () => {
    // The buyer mails chat at once (interval 0) and reads French (the test above).
    const buyerEmail = await emailOf(cast.buyer.id);
    const sellerEmail = await emailOf(cast.seller.id);
    await notifyFromFeed(t.db);
    await deliver();
    const before = { buyer: mailsTo(buyerEmail).length, seller: mailsTo(sellerEmail).length };
    const sent = await cast.seller.client.post(`/rest/v1/messenger/${cast.buyer.username}`, {
      message: "Salut, toujours là ?",
    });
    expect(sent.status, sent.text).toBe(200);
    await notifyFromFeed(t.db);
    await notifyFromFeed(t.db);
    await deliver();
    await deliver();
    const mails = mailsTo(buyerEmail);
    expect(mails.length).toBe(before.buyer + 1);
    expect(mails.at(-1)?.subject).toBe(`Souk : nouveaux messages de ${cast.seller.username}`);
    expect(mails.at(-1)?.text).toContain(`${cast.seller.username} vous a écrit`);
    expect(mails.at(-1)?.text).toContain("Salut, toujours là ?");
    expect(mails.at(-1)?.text).toContain(`/messenger?messenger-chat=${cast.seller.username}`);
    expect(mailsTo(sellerEmail).length).toBe(before.seller);
  });
});
