import type { CliCommand } from "../../platform/index.ts";
import { listSms, type SmsRow } from "./sms.outbox.ts";

/** Pure: one line per message, newest first, with its full text (codes are short). */
export function formatSmsList(rows: SmsRow[]): string[] {
  if (rows.length === 0) return ["the sms outbox is empty"];
  return rows.map((row) =>
    [
      String(row.id).padStart(6),
      row.created_at.toISOString().slice(0, 19),
      row.status.padEnd(7),
      row.channel.padEnd(4),
      row.to_phone,
      row.body.replace(/\s+/g, " "),
    ].join("  "),
  );
}

export const smsListCommand: CliCommand = {
  name: "sms:list",
  usage: "sms:list",
  description:
    "List the newest 50 text messages of the outbox (the dev adapter's inbox when SMS_GATEWAY_URL is unset).",
  async run(_args, { db, print }) {
    for (const line of formatSmsList(await listSms(db))) print(line);
    return 0;
  },
};
