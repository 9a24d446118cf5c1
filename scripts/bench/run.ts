/**
 * `npm run bench -- [name ...] [--seconds N]`: runs the named benchmarks, or all of them.
 * Benchmarks live here and never in timed tests (machines are too noisy for timed assertions). Each
 * one starts its
 * own PostgreSQL, so results do not depend on what else runs on the developer's database.
 * A new benchmark (offers, trades) exports a Bench and is added to BENCHES.
 */
import { ledgerBench } from "./ledger.bench.ts";
import { offersBench } from "./offers.ts";
import { tradesBench } from "./trades.ts";
import { webBench } from "./web.ts";

export interface BenchOptions {
  /** Seconds per measured cell; each bench has its own default. */
  seconds?: number;
  print: (line: string) => void;
}

export interface Bench {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<void>;
}

const BENCHES: Bench[] = [ledgerBench, tradesBench, offersBench, webBench];

function usage(print: (line: string) => void): void {
  print("usage: npm run bench -- [name ...] [--seconds N]");
  for (const bench of BENCHES) print(`  ${bench.name.padEnd(10)} ${bench.description}`);
}

async function main(argv: string[]): Promise<number> {
  const print = (line: string) => console.log(line);
  const names: string[] = [];
  let seconds: number | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") {
      usage(print);
      return 0;
    }
    if (arg === "--seconds" || arg.startsWith("--seconds=")) {
      const text = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[++i] ?? "");
      seconds = Number(text);
      if (!Number.isFinite(seconds) || seconds <= 0) {
        print(`--seconds needs a positive number, got ${JSON.stringify(text)}`);
        return 2;
      }
    } else names.push(arg);
  }
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    print(`unknown bench: ${unknown.join(", ")}`);
    usage(print);
    return 2;
  }
  const selected = names.length === 0 ? BENCHES : BENCHES.filter((bench) => names.includes(bench.name));
  for (const bench of selected) await bench.run({ ...(seconds === undefined ? {} : { seconds }), print });
  return 0;
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = process.exitCode || code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
