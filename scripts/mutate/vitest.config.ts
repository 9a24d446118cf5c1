import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The vitest configuration mutation testing runs with: the unit and API tiers of the root
 * configuration, without the web project (no web code is mutated). Which test files run is chosen
 * per module by scripts/mutate/run.ts (Stryker's testFiles).
 */
const root = path.resolve(import.meta.dirname, "../..");

export default defineConfig({
  root,
  test: {
    projects: [
      {
        test: {
          name: "unit",
          root,
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
          env: { TZ: "UTC" },
        },
      },
      {
        test: {
          name: "int",
          root,
          include: ["apps/server/**/*.int.test.ts"],
          environment: "node",
          globalSetup: [path.join(root, "apps/server/test/global-setup.ts")],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TZ: "UTC" },
        },
      },
    ],
  },
});
