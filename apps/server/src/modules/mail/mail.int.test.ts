import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp.ts";
import { withTx } from "../../db/pool.ts";
import type { JobQueue, JobRequest } from "../../platform/index.ts";
import { getMail, listMail, queueMail } from "./index.ts";
import { deliverPendingMail } from "./mail.service.ts";

/** The attempts the mail outbox allows before a mail stays failed. */
const MAIL_MAX_ATTEMPTS = 5;

let t: TestApp;
let smtp: TestSmtp;

/** A job queue that records what would be sent after commit. */
function recordingQueue(sent: JobRequest[]): JobQueue {
  return { sendAfterCommit: (_tx, job) => void sent.push(job) } as JobQueue;
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
});

afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe("mail through a real SMTP server", () => {
  it("delivers a queued mail after commit, in the recipient's locale, text and HTML", async () => {
    const sent: JobRequest[] = [];
    const id = await withTx(t.db, (tx) =>
      queueMail(tx, recordingQueue(sent), {
        to: "ana@example.test",
        template: "email-code",
        locale: "fr",
        vars: { code: "123456" },
      }),
    );
    expect(sent).toEqual([{ name: "mail.deliver", data: { id } }]);
    expect(await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url })).toBe(1);
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe("Votre code de vérification Souk");
    expect(mail?.text).toContain("123456");
    expect(mail?.html).toContain("123456");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("ana@example.test");
    expect((await getMail(t.db, id))?.status).toBe("sent");
  });

  it("a rolled-back transaction leaves no mail", async () => {
    const before = (await listMail(t.db)).length;
    await expect(
      withTx(t.db, async (tx) => {
        await queueMail(tx, recordingQueue([]), {
          to: "x@example.test",
          template: "email-code",
          locale: "en",
          vars: { code: "1" },
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await listMail(t.db)).length).toBe(before);
  });

  it("a refusing server counts attempts, then leaves the mail failed with its error", async () => {
    smtp.refuse = true;
    const id = await withTx(t.db, (tx) =>
      queueMail(tx, recordingQueue([]), {
        to: "bo@example.test",
        template: "password-reset",
        locale: "en",
        vars: { link: "http://x/r" },
      }),
    );
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
    smtp.refuse = false;
    const row = await getMail(t.db, id);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row?.last_error).toContain("451");
  });

  it("without SMTP_URL the mail is held in the outbox, readable in full", async () => {
    const id = await withTx(t.db, (tx) =>
      queueMail(tx, recordingQueue([]), {
        to: "cy@example.test",
        template: "email-code",
        locale: "en",
        vars: { code: "654321" },
      }),
    );
    await deliverPendingMail(t.db, { ...t.config, SMTP_URL: undefined });
    const row = await getMail(t.db, id);
    expect(row?.status).toBe("held");
    expect(row?.body_text).toContain("654321");
    expect(await getMail(t.db, "not-a-number")).toBeUndefined();
  });
});
