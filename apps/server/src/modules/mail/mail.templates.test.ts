import { SUPPORTED_LOCALES } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import { renderMail } from "./mail.templates.ts";

const TEMPLATES = ["email-code", "password-reset", "new-device-login"] as const;

describe("mail templates", () => {
  it("every template renders subject, text and HTML in every shipped locale", () => {
    for (const template of TEMPLATES) {
      for (const locale of SUPPORTED_LOCALES) {
        const mail = renderMail(template, locale, {
          code: "123456",
          link: "https://s/r?token=t",
          device: "Firefox",
          ip: "1.2.3.4",
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
});
