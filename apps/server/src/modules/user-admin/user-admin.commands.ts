import { RESTRICTION_KINDS, type RestrictionKind } from "@souk/contracts";
import { type CliCommand, DomainError } from "../../platform/index.ts";
import { CLI_CALLER, liftUserRestriction, restrictUser } from "./user-admin.service.ts";

/** Pure: `<username> <kind> [--until ISO] [--reason "..."]` into its parts, or what is wrong. */
export function parseRestrictArgs(
  args: readonly string[],
): { username: string; kind: RestrictionKind; until: string | null; reason: string } | { problem: string } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg.startsWith("--")) {
      options[arg.slice(2)] = args[i + 1] ?? "";
      i += 1;
    } else positional.push(arg);
  }
  const [username, kind] = positional;
  if (!username || !kind) return { problem: "give a username and a kind" };
  if (!(RESTRICTION_KINDS as readonly string[]).includes(kind)) {
    return { problem: `kind is one of ${RESTRICTION_KINDS.join(", ")}` };
  }
  const until = options.until ?? null;
  if (until !== null && Number.isNaN(Date.parse(until))) return { problem: "--until takes an ISO date and time" };
  return { username, kind: kind as RestrictionKind, until, reason: (options.reason ?? "").trim() };
}

/** Runs a staff action for the CLI: a refusal prints its message and exits 2. */
async function refusedOr(print: (line: string) => void, action: () => Promise<void>, done: string): Promise<number> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = error.details ? ` ${JSON.stringify(error.details)}` : "";
    print(`refused: ${error.code} ${error.message}${fields}`);
    return 2;
  }
  print(done);
  return 0;
}

export const restrictCommand: CliCommand = {
  name: "user:restrict",
  usage: 'user:restrict <username> <kind> [--until ISO] --reason "..."',
  description: `Restrict an account (${RESTRICTION_KINDS.join(", ")}); audited as the CLI.`,
  async run(args, { db, print }) {
    const parsed = parseRestrictArgs(args);
    if ("problem" in parsed) {
      print(parsed.problem);
      return 2;
    }
    if (parsed.reason.length < 3) {
      print('give a reason: --reason "..."');
      return 2;
    }
    return refusedOr(
      print,
      () => restrictUser(db, CLI_CALLER, parsed.username, parsed),
      `${parsed.username} is ${parsed.kind}${parsed.until ? ` until ${parsed.until}` : ""}`,
    );
  },
};

export const unrestrictCommand: CliCommand = {
  name: "user:unrestrict",
  usage: 'user:unrestrict <username> <kind> [--reason "..."]',
  description: "Lift an account's restriction; audited as the CLI.",
  async run(args, { db, print }) {
    const parsed = parseRestrictArgs(args);
    if ("problem" in parsed) {
      print(parsed.problem);
      return 2;
    }
    return refusedOr(
      print,
      () => liftUserRestriction(db, CLI_CALLER, parsed.username, parsed.kind, parsed.reason),
      `${parsed.username} is no longer ${parsed.kind}`,
    );
  },
};
