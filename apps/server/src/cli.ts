import { loadConfig } from "./config.ts";
import { demoSeedSituationOf, mayLoadDemoData, seedDemoData } from "./db/seed/demo.ts";
import { ledgerChecks, modules } from "./modules/registry.ts";
import type { CliCommand, CliContext } from "./platform/index.ts";
import { openRuntime } from "./runtime.ts";

const seedCommand: CliCommand = {
  name: "seed",
  usage: "seed",
  description: "Load the demo data (safe to run again: it touches only what it created).",
  async run(_args, { db, config, print }) {
    const decision = mayLoadDemoData(demoSeedSituationOf(config, !config.DATABASE_URL));
    if (!decision.isAllowed) {
      print(`no demo data loaded: ${decision.reason}`);
      return 2;
    }
    await seedDemoData(db, config, print);
    print("demo data loaded");
    return 0;
  },
};

const migrateCommand: CliCommand = {
  name: "migrate",
  usage: "migrate",
  description: "Apply pending migrations (every command does this first).",
  async run(_args, { print }) {
    print("migrations are up to date");
    return 0;
  },
};

const commands: CliCommand[] = [seedCommand, migrateCommand, ...modules.flatMap((module) => module.commands ?? [])];

function help(print: (line: string) => void): void {
  print("usage: npm run souk -- <command> [arguments]\n");
  for (const command of commands) print(`  ${command.usage.padEnd(52)} ${command.description}`);
}

/**
 * The operator CLI. It opens the same database the server uses: DATABASE_URL, or the embedded
 * cluster under SOUK_DATA_DIR, joining it when the server already runs it.
 */
async function main(argv: string[]): Promise<number> {
  const print = (line: string) => console.log(line);
  const [name, ...args] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    help(print);
    return name === undefined || name === "help" || name === "--help" ? 0 : 2;
  }
  const config = loadConfig();
  if (command.isWithoutDatabase) {
    const noDatabase = new Proxy({} as CliContext["db"], {
      get() {
        throw new Error(`${command.name} does not use the database`);
      },
    });
    return command.run(args, { config, db: noDatabase, print, ledgerChecks });
  }
  const runtime = await openRuntime(config, { print: (line) => console.error(line) });
  try {
    return await command.run(args, { config, db: runtime.database.db, print, ledgerChecks });
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
