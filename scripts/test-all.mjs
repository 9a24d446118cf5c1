#!/usr/bin/env node
// Runs every test tier (unit, web unit and API tests through vitest; browser tests through
// Playwright against the built app) and ends with one line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, ".test-data", "results");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const env = { ...process.env, TZ: "UTC", FORCE_COLOR: process.env.CI ? "0" : process.env.FORCE_COLOR };
function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const tiers = [];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Tier 1-3: vitest projects (unit, web, int).
const vitestFile = path.join(resultsDir, "vitest.json");
const vitestExit = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that fails to load has no tests but is a failure all the same.
  const brokenFiles = vitest.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.length === 0,
  ).length;
  totals.failed += brokenFiles;
  tiers.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests + brokenFiles} failed`);
} else {
  totals.failed += 1;
  tiers.push(`vitest: did not report (exit ${vitestExit})`);
}

// Tier 4: browser tests against the built app, started as npm start starts it.
const buildExit = run("npm", ["run", "build", "-w", "@souk/web"]);
const playwrightFile = path.join(resultsDir, "playwright.json");
if (buildExit !== 0) {
  totals.failed += 1;
  tiers.push(`playwright: web build failed (exit ${buildExit})`);
} else {
  const playwrightExit = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
  });
  const playwright = existsSync(playwrightFile) ? readJson(playwrightFile) : null;
  if (playwright?.stats) {
    const { expected, unexpected, flaky, skipped } = playwright.stats;
    totals.passed += expected + flaky;
    totals.failed += unexpected;
    totals.skipped += skipped;
    const loadErrors = playwright.errors?.length ?? 0;
    totals.failed += loadErrors;
    tiers.push(`playwright: ${expected + flaky} passed, ${unexpected + loadErrors} failed`);
  } else {
    totals.failed += 1;
    tiers.push(`playwright: did not report (exit ${playwrightExit})`);
  }
  stopLeftoverCluster(path.join(root, ".test-data", "e2e", "postgres"));
}

// If the browser-test server was killed hard, its PostgreSQL may still run: stop it by its pid file.
function stopLeftoverCluster(clusterDir) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, "SIGINT");
  } catch {
    // Already gone.
  }
}

console.log(`\n${tiers.join("\n")}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : "";
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
