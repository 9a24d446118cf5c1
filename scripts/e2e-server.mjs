#!/usr/bin/env node
// Starts the server for browser tests on a fresh data directory, exactly as `npm start` serves it
// (the web app is built beforehand by the test runner).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".test-data", "e2e");
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  // Webhook receivers of the browser tests listen on this machine: private addresses are allowed here.
  env: { ...process.env, SOUK_DATA_DIR: dataDir, TZ: "UTC", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
