import type { CliCommand } from "../../platform/index.ts";
import { getMail, listMail, type MailRow } from "./mail.service.ts";

/** Pure: one line per mail, newest first. */
export function formatMailList(rows: MailRow[]): string[] {
  if (rows.length === 0) return ["the outbox is empty"];
  return rows.map(
    (row) =>
      `${String(row.id).padStart(6)}  ${row.created_at.toISOString().slice(0, 19)}  ${row.status.padEnd(7)}  ${row.to_address}  ${row.subject}`,
  );
}

/** Pure: one mail in full, as the recipient would read its text part. */
export function formatMail(row: MailRow): string[] {
  return [
    `id:       ${row.id}`,
    `to:       ${row.to_address}`,
    `subject:  ${row.subject}`,
    `status:   ${row.status} (attempts ${row.attempts})${row.last_error ? `, last error: ${row.last_error}` : ""}`,
    `created:  ${row.created_at.toISOString()}`,
    "",
    row.body_text.trimEnd(),
  ];
}

export const mailListCommand: CliCommand = {
  name: "mail:list",
  usage: "mail:list",
  description: "List the newest 50 mails of the outbox (the dev mailbox when SMTP_URL is unset).",
  async run(_args, { db, print }) {
    for (const line of formatMailList(await listMail(db))) print(line);
    return 0;
  },
};

export const mailShowCommand: CliCommand = {
  name: "mail:show",
  usage: "mail:show <id>",
  description: "Print one mail of the outbox with its text body.",
  async run(args, { db, print }) {
    const row = await getMail(db, args[0] ?? "");
    if (!row) {
      print(`no mail with id ${args[0] ?? "(none given)"}`);
      return 2;
    }
    for (const line of formatMail(row)) print(line);
    return 0;
  },
};
