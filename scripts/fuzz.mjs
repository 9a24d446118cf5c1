#!/usr/bin/env node
// The malformed-input fuzz on its own: `npm run fuzz` runs the CI budget (the same cases as
// `npm test`), `npm run fuzz -- --long` the long run for the bench machine, and `--runs N` /
// `--seed N` choose the cases per operation and the seed (a failure prints the seed to replay).
import { spawnSync } from "node:child_process";
import path from "node:path";

const LONG_RUNS = 5_000;
const args = process.argv.slice(2);

function numberAfter(flag) {
  const index = args.indexOf(flag);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined || !/^[0-9]+$/.test(value)) {
    console.error(`${flag} needs a whole number`);
    process.exit(2);
  }
  return value;
}

const env = { ...process.env, TZ: "UTC" };
if (args.includes("--long")) env.SOUK_FUZZ_RUNS = String(LONG_RUNS);
const runs = numberAfter("--runs");
if (runs) env.SOUK_FUZZ_RUNS = runs;
const seed = numberAfter("--seed");
if (seed) env.SOUK_FUZZ_SEED = seed;

const root = path.resolve(import.meta.dirname, "..");
const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", "int", "apps/server/test/hostile/malformed-input.int.test.ts"],
  { cwd: root, stdio: "inherit", env },
);
process.exit(result.status ?? 1);
