import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTx } from "../src/db/pool.ts";
import { queueMail } from "../src/modules/mail/index.ts";
import { sendSms } from "../src/modules/sms/index.ts";
import { disconnectedJobQueue } from "../src/platform/index.ts";
import type { TestApp } from "./harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "./races/trade-fixtures.ts";

/** The admins' dev mailbox (docs/decisions/093-dev-mailbox.md): the outboxes, read over the API. */

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let trader: TestUser;

beforeAll(async () => {
  t = await createTradesTestApp();
  [admin, moderator, trader] = await Promise.all([
    createTrader(t, { roles: ["user", "admin"] }),
    createTrader(t, { roles: ["user", "moderator"] }),
    createTrader(t),
  ]);
});

afterAll(async () => {
  await t?.close();
});

const queueCode = (to: string, code: string) =>
  withTx(t.db, (tx) =>
    queueMail(tx, disconnectedJobQueue, { to, template: "email-code", locale: "fr", vars: { code } }),
  );

describe("the dev mailbox, while mail stays on the machine", () => {
  it("lists the newest mail first with its recipient, subject and status", async () => {
    const first = await queueCode("first@example.test", "111111");
    const second = await queueCode("second@example.test", "222222");
    const answer = await admin.client.get("/rest/v1/admin/mail");
    expect(answer.status).toBe(200);
    expect(answer.body.data.isOpen).toBe(true);
    const ids = answer.body.data.items.map((item: { id: number }) => String(item.id));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(answer.body.data.items[0]).toMatchObject({
      id: Number(second),
      to: "second@example.test",
      subject: "Votre code de vérification Souk",
      template: "email-code",
      locale: "fr",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    // The list carries no body: the code is read in the mail itself.
    expect(answer.text).not.toContain("222222");
  });

  it("shows one mail with its text and HTML parts", async () => {
    const id = await queueCode("reader@example.test", "345678");
    const answer = await admin.client.get(`/rest/v1/admin/mail/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: Number(id), to: "reader@example.test" });
    expect(answer.body.data.text).toContain("345678");
    expect(answer.body.data.html).toContain("345678");
  });

  it("answers an unknown id with not found and a malformed one with the validation envelope", async () => {
    const unknown = await admin.client.get("/rest/v1/admin/mail/999999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.code).toBe("ERROR_NOT_FOUND");
    const malformed = await admin.client.get("/rest/v1/admin/mail/abc");
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
  });

  it("lists the dev adapter's text messages with their text", async () => {
    const id = await withTx(t.db, (tx) =>
      sendSms(tx, disconnectedJobQueue, { to: "+14155550123", text: "Souk code 901234", channel: "call" }),
    );
    const answer = await admin.client.get("/rest/v1/admin/sms");
    expect(answer.status).toBe(200);
    expect(answer.body.data.isOpen).toBe(true);
    expect(answer.body.data.items[0]).toMatchObject({
      id: Number(id),
      to: "+14155550123",
      channel: "call",
      body: "Souk code 901234",
      status: "pending",
    });
  });

  it("refuses everyone but admins", async () => {
    const id = await queueCode("private@example.test", "555555");
    for (const path of ["/rest/v1/admin/mail", `/rest/v1/admin/mail/${id}`, "/rest/v1/admin/sms"]) {
      for (const user of [moderator, trader]) {
        const refused = await user.client.get(path);
        expect(refused.status, `${path} as ${user.username}`).toBe(403);
        expect(refused.text).not.toContain("private@example.test");
      }
      const anonymous = await t.client().get(path);
      expect(anonymous.status, `${path} anonymously`).toBe(401);
    }
  });
});

describe("the dev mailbox, once messages are delivered for real", () => {
  let delivering: TestApp;
  let deliveringAdmin: TestUser;

  beforeAll(async () => {
    // The addresses are never dialled: the mailbox only reads that delivery is configured.
    delivering = await createTradesTestApp({
      SMTP_URL: "smtp://127.0.0.1:9",
      SMS_GATEWAY_URL: "http://127.0.0.1:9/messages",
    });
    deliveringAdmin = await createTrader(delivering, { roles: ["user", "admin"] });
  });

  afterAll(async () => {
    await delivering?.close();
  });

  it("is closed: empty lists that say so, and no mail readable by id", async () => {
    const id = await withTx(delivering.db, (tx) =>
      queueMail(tx, disconnectedJobQueue, {
        to: "real@example.test",
        template: "email-code",
        locale: "en",
        vars: { code: "1" },
      }),
    );
    const mail = await deliveringAdmin.client.get("/rest/v1/admin/mail");
    expect(mail.body.data).toEqual({ isOpen: false, items: [] });
    const sms = await deliveringAdmin.client.get("/rest/v1/admin/sms");
    expect(sms.body.data).toEqual({ isOpen: false, items: [] });
    const one = await deliveringAdmin.client.get(`/rest/v1/admin/mail/${id}`);
    expect(one.status).toBe(404);
    expect(one.text).not.toContain("real@example.test");
  });
});
