import type { AuditEntry } from "@souk/contracts";
import type { CliCommand } from "../../platform/index.ts";
import { listAudit } from "./audit.service.ts";

/** Pure: one line per audit row, newest first, with its reason. */
export function formatAuditLines(entries: AuditEntry[]): string[] {
  if (entries.length === 0) return ["the audit log is empty"];
  return entries.map((entry) => {
    const actor = entry.actorKind === "user" ? (entry.actorUsername ?? "?") : entry.actorKind;
    const subject = entry.subjectType ? `${entry.subjectType}:${entry.subjectId ?? ""}` : "-";
    const reason = entry.reason ? `  "${entry.reason}"` : "";
    return `${String(entry.id).padStart(6)}  ${entry.createdAt.slice(0, 19)}  ${actor.padEnd(16)}  ${entry.action.padEnd(20)}  ${subject}${reason}`;
  });
}

export const auditTailCommand: CliCommand = {
  name: "audit:tail",
  usage: "audit:tail [--limit N]",
  description: "Print the latest audit rows (staff actions) with their reasons.",
  async run(args, { db, print }) {
    const at = args.indexOf("--limit");
    const limit = at >= 0 ? Number.parseInt(args[at + 1] ?? "", 10) : 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      print("--limit takes a number from 1 to 100");
      return 2;
    }
    const { items } = await listAudit(db, { page: 1, perPage: limit });
    for (const line of formatAuditLines(items)) print(line);
    return 0;
  },
};
