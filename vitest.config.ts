import { defineConfig } from "vitest/config";

// Three tiers: unit tests beside the code, API tests against a real PostgreSQL,
// and browser tests (Playwright, run separately by scripts/test-all.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
          env: { TZ: "UTC" },
        },
      },
      "apps/web/vite.config.ts",
      {
        test: {
          name: "int",
          include: ["apps/server/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TZ: "UTC" },
        },
      },
    ],
  },
});
