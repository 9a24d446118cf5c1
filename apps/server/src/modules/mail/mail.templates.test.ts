import { SUPPORTED_LOCALES } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { formatMail, formatMailList } from "./mail.commands.ts";
import { renderMail } from "./mail.templates.ts";

const TEMPLATES = [
  "email-code",
  "password-reset",
  "new-device-login",
  "login-approval",
  "two-factor-code",
  "notification",
  "trade-messages",
  "direct-messages",
] as const;

describe("mail templates", () => {
  it("every template renders subject, text and HTML in every shipped locale", () => {
    for (const template of TEMPLATES) {
      for (const locale of SUPPORTED_LOCALES) {
        const mail = renderMail(template, locale, {
          code: "123456",
          link: "https://s/r?token=t",
          device: "Firefox",
          ip: "1.2.3.4",
          approveLink: "https://s/login/approve?token=t&answer=approve",
          denyLink: "https://s/login/approve?token=t&answer=deny",
          headline: "bea marked the trade paid",
          details: "100.00 USD for 10 USDT",
          timeLeft: "",
          counterparty: "bea",
          messages: "> Hello",
        });
        expect(mail.subject.length).toBeGreaterThan(0);
        expect(mail.html).toContain(`lang="${locale}"`);
        expect(mail.text).not.toContain("undefined");
      }
    }
  });

  it("escapes values in the HTML body and keeps them plain in the text", () => {
    const mail = renderMail("new-device-login", "en", { device: "<script>x</script>", ip: "1.2.3.4" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("<script>x</script>");
  });

  it("leaves a notification's empty lines out", () => {
    const mail = renderMail("notification", "en", { headline: "Paid", details: "", timeLeft: "", link: "https://s/t" });
    expect(mail.subject).toBe("Souk: Paid");
    expect(mail.text).toBe("Paid\n\nOpen the trade: https://s/t\n");
  });
});

describe("mail:list and mail:show lines", () => {
  const row = {
    id: 7n,
    to_address: "ana@example.test",
    template: "email-code",
    locale: "en",
    subject: "Your Souk verification code",
    body_text: "Your code is 123456.\n",
    body_html: "",
    status: "held" as const,
    attempts: 0,
    last_error: null,
    created_at: new Date("2026-01-02T03:04:05Z"),
    sent_at: null,
  };
  it("lists one line per mail and says when the outbox is empty", () => {
    expect(formatMailList([])).toEqual(["the outbox is empty"]);
    expect(formatMailList([row])[0]).toBe(
      "     7  2026-01-02T03:04:05  held     ana@example.test  Your Souk verification code",
    );
  });
  it("shows the mail's text body", () => {
    expect(formatMail(row).at(-1)).toBe("Your code is 123456.");
  });
});
