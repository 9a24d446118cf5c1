import { describe, expect, it } from "vitest";
import { isMailboxOpen, toDevMail, toDevMailSummary } from "./mail.mailbox.ts";
import type { MailRow } from "./mail.service.ts";

const row: MailRow = {
  id: 42n,
  status: "failed",
  attempts: 5,
  last_error: "connection refused",
  created_at: new Date("2026-11-28T06:00:00.000Z"),
  sent_at: null,
  to_address: "ana@example.test",
  template: "email-code",
  locale: "fr",
  subject: "Votre code",
  body_text: "Code 123456",
  body_html: "<p>Code 123456</p>",
};

describe("the dev mailbox's view of the outbox", () => {
  it("is open only while no SMTP server delivers the mail", () => {
    expect(isMailboxOpen({ SMTP_URL: undefined })).toBe(true);
    expect(isMailboxOpen({ SMTP_URL: "smtp://mail.example:587" })).toBe(false);
  });

  it("lists a mail without its body, and shows it in full with both parts", () => {
    const summary = toDevMailSummary(row);
    expect(summary).toEqual({
      id: 42,
      to: "ana@example.test",
      subject: "Votre code",
      template: "email-code",
      locale: "fr",
      status: "failed",
      attempts: 5,
      lastError: "connection refused",
      createdAt: "2026-11-28T06:00:00.000Z",
      sentAt: null,
    });
    expect(JSON.stringify(summary)).not.toContain("123456");
    expect(toDevMail(row)).toEqual({ ...summary, text: "Code 123456", html: "<p>Code 123456</p>" });
  });
});
