/**
 * Named failpoints: places where a test build can make the process die on the spot (SIGKILL to
 * itself: no shutdown hook, no flush), so that crash tests can stop the server at an exact step,
 * such as just after a release committed and before its answer was sent. They are armed only
 * when the server runs as a test build (SOUK_TEST_BUILD) with SOUK_FAILPOINTS naming them; in
 * any other process `failpoint()` is a set lookup that finds nothing.
 */
const armed = new Set<string>();

export function armFailpoints(names: readonly string[]): void {
  for (const name of names) if (name.trim() !== "") armed.add(name.trim());
}

export function failpoint(name: string): void {
  if (armed.has(name)) process.kill(process.pid, "SIGKILL");
}
