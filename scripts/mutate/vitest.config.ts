import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The vitest configuration mutation testing runs with: the unit and API tiers of the root
 * configuration, without the web project (no web code is mutated). Which test files run is chosen
 * per module by scripts/mutate/run.ts through SOUK_MUTATE_TESTS (a comma-separated list), not by
 * Stryker's `testFiles`: with `testFiles`, Stryker 9 switches a mutant on only after the mutated
 * module has been imported, so a mutant of a module-level constant (a "static" mutant, such as a
 * pattern or a limit) is never in effect and is falsely reported as surviving.
 */
const root = path.resolve(import.meta.dirname, "../..");
const chosen = (process.env.SOUK_MUTATE_TESTS ?? "").split(",").filter((file) => file !== "");
const isApiTest = (file: string) => file.endsWith(".int.test.ts");
const unitTests =
  chosen.length === 0
    ? ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"]
    : chosen.filter((file) => !isApiTest(file));
const apiTests = chosen.length === 0 ? ["apps/server/**/*.int.test.ts"] : chosen.filter(isApiTest);

export default defineConfig({
  root,
  test: {
    projects: [
      {
        test: {
          name: "unit",
          root,
          include: unitTests,
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
          env: { TZ: "UTC" },
        },
      },
      {
        test: {
          name: "int",
          root,
          include: apiTests,
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
