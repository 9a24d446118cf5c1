import type { DevMail, DevMailSummary } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { outboxDeliveryView } from "../../platform/index.ts";
import type { MailRow } from "./mail.service.ts";

/**
 * The dev mailbox is open while mail stays in the outbox (no SMTP_URL): once mail leaves for real
 * inboxes, its codes and links are the recipients' alone (docs/decisions/093-dev-mailbox.md).
 */
export function isMailboxOpen(config: Pick<Config, "SMTP_URL">): boolean {
  return !config.SMTP_URL;
}

/** Pure: a row of the outbox as the mailbox list shows it. */
export function toDevMailSummary(row: MailRow): DevMailSummary {
  return {
    ...outboxDeliveryView(row),
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    locale: row.locale,
  };
}

/** Pure: a row of the outbox in full, with its text and HTML parts. */
export function toDevMail(row: MailRow): DevMail {
  return { ...toDevMailSummary(row), text: row.body_text, html: row.body_html };
}
