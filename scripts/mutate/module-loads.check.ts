import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";

/**
 * Run with every module's tests during mutation testing only (it is not named *.test.ts, so the
 * normal test run leaves it out): each mutated source file must still load.
 * A mutant of a module-level statement (a constant built by a function the mutant breaks) can make
 * a file throw as it is imported; the test files importing it then collect no test at all, and
 * Stryker's vitest runner, which scores only collected tests, would count that mutant as surviving
 * although any real run would fail. Importing here, inside a test, turns that into a failed test.
 */
const root = path.resolve(import.meta.dirname, "../..");
const sources = (process.env.SOUK_MUTATE_SOURCES ?? "").split(",").filter((file) => file !== "");

// The first import of a server module loads most of the server: give it the time a loaded machine needs.
const LOAD_TIMEOUT_MS = 120_000;

it.each(sources)(
  "loads %s",
  async (file) => {
    const loaded: unknown = await import(pathToFileURL(path.join(root, file)).href);
    expect(loaded).toBeTypeOf("object");
  },
  LOAD_TIMEOUT_MS,
);
