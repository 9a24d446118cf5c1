/**
 * `npm run mutate -- [module ...] [--concurrency N]`: mutation testing of the money code with
 * StrykerJS. For each named module (all when none is named) Stryker changes the module's source
 * one small mutation at a time (a `<` for a `<=`, a dropped condition, an emptied string) and
 * runs the tests that cover it; a mutant no test notices "survives" and points at behaviour the
 * tests do not pin down. Prints the mutation score per file and per module and every surviving
 * mutant. Like `npm run bench` it is slow (minutes to an hour per module on two cores) and is
 * not part of CI. Reports land in .test-data/mutation/<module>.json; the results are kept, so a
 * second run retests only the mutants whose code or covering tests changed (`--force`: all).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Stryker } from "@stryker-mutator/core";
import { globSync } from "tinyglobby";
import { MUTATION_MODULES, type MutationModule } from "./modules.ts";
import { formatModuleReport, type MutantResult, scoreOf } from "./report.ts";

type StrykerOptions = NonNullable<ConstructorParameters<typeof Stryker>[0]>;
type LogLevel = NonNullable<StrykerOptions["logLevel"]>;

const root = path.resolve(import.meta.dirname, "../..");
const reportDir = path.join(root, ".test-data", "mutation");
/** Fails when a mutant stops a mutated file from loading (see that file). */
const MODULE_LOADS_TEST = "scripts/mutate/module-loads.check.ts";

function optionsFor(module: MutationModule, concurrency: number, force: boolean): StrykerOptions {
  return {
    testRunner: "vitest",
    vitest: { configFile: "scripts/mutate/vitest.config.ts", related: false },
    checkers: ["typescript"],
    tsconfigFile: module.tsconfig,
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    mutate: module.mutate,
    coverageAnalysis: "perTest",
    concurrency,
    // API tests wait on locks and timers; a mutant that makes them hang is a timeout (killed).
    timeoutMS: 30_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 20,
    // Results are kept per module: a later run retests only mutants whose code or tests changed.
    incremental: true,
    incrementalFile: path.join(reportDir, `${module.name}.incremental.json`),
    force,
    reporters: ["progress", "json", "result-log"],
    appendPlugins: [path.join(import.meta.dirname, "result-log.mjs")],
    jsonReporter: { fileName: path.join(reportDir, `${module.name}.json`) },
    // One sandbox per module, so two modules can be measured at once.
    tempDirName: `.test-data/stryker-tmp-${module.name}`,
    cleanTempDir: true,
    ignorePatterns: ["apps/web", "docs", ".data", ".test-data", "**/dist", "test-results", "playwright-report"],
    logLevel: "warn" as LogLevel,
    fileLogLevel: "off" as LogLevel,
  };
}

const resultLogOf = (name: string) => path.join(reportDir, `${name}.results.jsonl`);

/** `--partial`: the scores and survivors of the mutants a module's run has tested so far (it may still run). */
function printPartial(names: string[]): number {
  for (const name of names) {
    const file = resultLogOf(name);
    if (!existsSync(file)) {
      console.log(`${name}: no results yet`);
      continue;
    }
    const results = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as MutantResult);
    console.log(`${name}: ${results.length} mutants tested so far`);
    for (const line of formatModuleReport(name, results, root)) console.log(line);
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const names: string[] = [];
  let concurrency = 1;
  let force = false;
  let partial = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") {
      console.log("usage: npm run mutate -- [module ...] [--concurrency N] [--force] [--partial]");
      console.log("  --force    retest every mutant instead of only those whose code or tests changed");
      console.log("  --partial  print what a module's run (finished or still running) has measured so far");
      for (const module of MUTATION_MODULES) console.log(`  ${module.name.padEnd(12)} ${module.description}`);
      return 0;
    }
    if (arg === "--concurrency") concurrency = Number(argv[++i]);
    else if (arg === "--force") force = true;
    else if (arg === "--partial") partial = true;
    else names.push(arg);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.log("--concurrency needs a positive whole number");
    return 2;
  }
  const unknown = names.filter((name) => !MUTATION_MODULES.some((module) => module.name === name));
  if (unknown.length > 0) {
    console.log(`unknown module: ${unknown.join(", ")} (known: ${MUTATION_MODULES.map((m) => m.name).join(", ")})`);
    return 2;
  }
  if (partial) return printPartial(names.length === 0 ? MUTATION_MODULES.map((m) => m.name) : names);
  const selected = names.length === 0 ? MUTATION_MODULES : MUTATION_MODULES.filter((m) => names.includes(m.name));
  mkdirSync(reportDir, { recursive: true });
  const summary: string[] = [];
  for (const module of selected) {
    const startedAt = Date.now();
    console.log(`\n== mutate ${module.name}: ${module.mutate.length} files, tests: ${module.tests.join(", ")}`);
    // Read by scripts/mutate/vitest.config.ts in Stryker's test-runner processes.
    process.env.SOUK_MUTATE_TESTS = [...module.tests, MODULE_LOADS_TEST].join(",");
    process.env.SOUK_MUTATE_SOURCES = globSync(module.mutate, { cwd: root }).join(",");
    process.env.SOUK_MUTATE_RESULT_LOG = resultLogOf(module.name);
    const results: MutantResult[] = await new Stryker(optionsFor(module, concurrency, force)).runMutationTest();
    const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
    const lines = formatModuleReport(module.name, results, root);
    for (const line of lines) console.log(line);
    writeFileSync(path.join(reportDir, `${module.name}.txt`), `${lines.join("\n")}\n`);
    const score = scoreOf(results);
    summary.push(
      `${module.name.padEnd(12)} ${score.percent.padStart(6)} % killed (${score.killed} of ${score.counted}, ${score.survived} survived, ${score.noCoverage} not covered) in ${minutes} min`,
    );
  }
  console.log("\nmutation scores");
  for (const line of summary) console.log(`  ${line}`);
  return 0;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
