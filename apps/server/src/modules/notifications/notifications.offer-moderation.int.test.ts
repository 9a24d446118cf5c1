import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { createOffer, createTrader, fund, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp.ts";
import type { JobQueue } from "../../platform/index.ts";
import { deliverPendingMail } from "../mail/index.ts";
import { notifyFromFeed } from "./notifications.feed.ts";
import { mailNotifications } from "./notifications.mail.ts";

/**
 * A vendor hears of a moderator's decision on their offer (`offer.moderation_decided`): in the
 * notifications list and by mail through a real SMTP server, as their settings for offers say.
 */

let t: TestApp;
let smtp: TestSmtp;
let moderator: TestUser;
/** The test app runs no jobs: the test delivers the outbox itself. */
const jobs: JobQueue = { sendAfterCommit: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  moderator = await createTrader(t, { roles: ["user", "moderator"] });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

async function deliver(): Promise<void> {
  await notifyFromFeed(t.db);
  await mailNotifications(t.db, jobs, t.config);
  await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
}

async function emailOf(user: TestUser): Promise<string> {
  const { rows } = await sql<{ email: string }>`SELECT email FROM users WHERE id = ${user.id}`.execute(t.ownerDb);
  return rows[0]?.email ?? "";
}

const mailsTo = (email: string) => smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));

interface Listed {
  event: string;
  subjectId: string;
  payload: { reason?: string | null; text: string | null; link: string };
}

async function moderationNotices(user: TestUser): Promise<Listed[]> {
  const response = await user.client.get("/rest/v1/notifications");
  expect(response.status).toBe(200);
  return (response.body.data as Listed[]).filter((row) => row.event === "offer.moderation_decided");
}

async function vendorWithOffer(): Promise<{ vendor: TestUser; offerId: string; email: string }> {
  const vendor = await createTrader(t);
  await fund(t.db, vendor.id, "USDT", "1000");
  const offerId = await createOffer(vendor);
  // What the sign-up queued goes out first, so each test counts only the mail its decisions cause.
  await deliver();
  return { vendor, offerId, email: await emailOf(vendor) };
}

const REASON = "Terms ask for payment outside escrow";

describe("a vendor hears of a moderator's decision on their offer", () => {
  it("is told of a rejection with the reason, in the list and by mail, then of the approval after an appeal", async () => {
    const { vendor, offerId, email } = await vendorWithOffer();
    const before = mailsTo(email).length;

    expect((await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason: REASON })).status).toBe(
      200,
    );
    await deliver();
    const [rejected] = await moderationNotices(vendor);
    expect(rejected).toMatchObject({
      subjectId: offerId,
      payload: { reason: "offer_rejected", text: REASON, link: `/offer-manager/edit/${offerId}` },
    });
    const mails = mailsTo(email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe(`Souk: Your offer was rejected by a moderator: ${REASON}`);
    expect(mails.at(-1)?.text).toContain(`Open the offer: `);
    expect(mails.at(-1)?.text).toContain(`/offer-manager/edit/${offerId}`);

    const appealed = await vendor.client.post(`/rest/v1/offers/${offerId}/appeal`, { message: "Fixed the terms" });
    expect(appealed.status).toBe(200);
    await deliver();
    // The appeal is the vendor's own step: nothing new for them.
    expect(await moderationNotices(vendor)).toHaveLength(1);

    const approved = await moderator.client.post(`/rest/v1/admin/offers/${offerId}/approve`, { reason: "Terms fixed" });
    expect(approved.status).toBe(200);
    await deliver();
    const notices = await moderationNotices(vendor);
    expect(notices.map((row) => [row.payload.reason, row.payload.text])).toEqual([
      ["offer_approved", null],
      ["offer_rejected", REASON],
    ]);
    expect(mailsTo(email).at(-1)?.subject).toBe("Souk: Your offer was approved and is listed again");
    expect(mailsTo(email).length).toBe(before + 2);
  });

  it("tells an appeal turned down with its reason; a refused step tells nothing", async () => {
    const { vendor, offerId } = await vendorWithOffer();
    await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason: REASON });
    await vendor.client.post(`/rest/v1/offers/${offerId}/appeal`, { message: "Please look again" });
    const final = await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, {
      reason: "Still outside escrow",
    });
    expect(final.status).toBe(200);
    // A second rejection of a final one is refused, and its transaction announces nothing.
    const refused = await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason: "Once more" });
    expect(refused.status).toBe(409);
    await deliver();
    expect((await moderationNotices(vendor)).map((row) => [row.payload.reason, row.payload.text])).toEqual([
      ["offer_no_appeal", "Still outside escrow"],
      ["offer_rejected", REASON],
    ]);
  });

  it("mails nothing when the vendor switched offers off on the e-mail channel, and still lists it", async () => {
    const { vendor, offerId, email } = await vendorWithOffer();
    const settings = await vendor.client.post("/rest/v1/notifications/settings", {
      settings: [{ group: "offers", channel: "email", isEnabled: false }],
    });
    expect(settings.status).toBe(200);
    const before = mailsTo(email).length;
    await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason: REASON });
    await deliver();
    expect(await moderationNotices(vendor)).toHaveLength(1);
    expect(mailsTo(email).length).toBe(before);
  });

  it("writes the French mail in the vendor's locale", async () => {
    const { vendor, offerId, email } = await vendorWithOffer();
    await sql`UPDATE users SET locale = 'fr' WHERE id = ${vendor.id}`.execute(t.ownerDb);
    await moderator.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason: REASON });
    await deliver();
    expect(mailsTo(email).at(-1)?.subject).toBe(`Souk : Votre offre a été refusée par un modérateur : ${REASON}`);
  });
});
