import type { DevSms } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { outboxDeliveryView } from "../../platform/index.ts";
import type { SmsRow } from "./sms.outbox.ts";

/**
 * The text messages of the dev mailbox are readable while the dev adapter keeps them in the outbox
 * (no SMS_GATEWAY_URL); a gateway's messages are the recipients' alone
 * (docs/decisions/093-dev-mailbox.md).
 */
export function isSmsMailboxOpen(config: Pick<Config, "SMS_GATEWAY_URL">): boolean {
  return !config.SMS_GATEWAY_URL;
}

/** Pure: a row of the SMS outbox as the dev mailbox shows it. */
export function toDevSms(row: SmsRow): DevSms {
  return { ...outboxDeliveryView(row), to: row.to_phone, channel: row.channel, body: row.body };
}
