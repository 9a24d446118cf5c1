import { type CliCommand, DomainError } from "../../platform/index.ts";
import { parseFlagAssignment, parseMaintenanceArgs } from "./site.domain.ts";
import { CLI_SITE_CALLER, setFlag, setMaintenance } from "./site.service.ts";

/** The exit code of a change run from the CLI: 0 done, 2 refused (its code and message printed). */
async function exitCodeOf(print: (line: string) => void, change: () => Promise<void>, done: string): Promise<number> {
  const failure = await change().then(
    () => null,
    (error: unknown) => error,
  );
  if (failure instanceof DomainError) print(`refused: ${failure.code} ${failure.message}`);
  else if (failure !== null) throw failure;
  else print(done);
  return failure === null ? 0 : 2;
}

export const maintenanceCommand: CliCommand = {
  name: "maintenance",
  usage: 'maintenance on|off [--message "..."]',
  description: "Refuse new trades and offers (on) or take them again (off); audited as the CLI.",
  async run(args, { db, print }) {
    const parsed = parseMaintenanceArgs(args);
    if ("problem" in parsed) {
      print(parsed.problem);
      return 2;
    }
    const done = parsed.isOn ? `maintenance is on${parsed.message ? `: ${parsed.message}` : ""}` : "maintenance is off";
    return exitCodeOf(print, () => setMaintenance(db, CLI_SITE_CALLER, parsed), done);
  },
};

export const flagsSetCommand: CliCommand = {
  name: "flags:set",
  usage: "flags:set <name>=<true|false|default>",
  description: "Set a feature flag over SOUK_FEATURE_FLAGS (default: back to it); audited as the CLI.",
  async run(args, { db, print }) {
    const parsed = args.length === 1 ? parseFlagAssignment(args[0]) : { problem: "give one <name>=<value>" };
    if ("problem" in parsed) {
      print(parsed.problem);
      return 2;
    }
    const value = parsed.isOn === null ? "the deployment's value" : String(parsed.isOn);
    return exitCodeOf(
      print,
      () => setFlag(db, CLI_SITE_CALLER, parsed.name, parsed.isOn),
      `${parsed.name} is ${value}`,
    );
  },
};
