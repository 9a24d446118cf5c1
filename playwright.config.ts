import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.SOUK_E2E_PORT ?? 3100);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Browser tests run against the built app started as `npm start` starts it, on a throw-away data
// directory and its own ports, with Debian's Chromium (no browser download).
export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  outputDir: ".test-data/playwright",
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    // ETH withdrawals from 1 wait for an admin, from 2 for two (staff-approvals.spec.ts); no other
    // browser test withdraws ETH.
    env: {
      PORT: String(PORT),
      SOUK_PG_PORT: String(PORT + 10_000),
      SOUK_WITHDRAWAL_APPROVAL_ETH: "1",
      SOUK_WITHDRAWAL_FOUR_EYES_ETH: "2",
    },
  },
});
