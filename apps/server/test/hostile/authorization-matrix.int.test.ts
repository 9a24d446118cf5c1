import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../harness.ts";
import { createTradesTestApp, expectLedgerHolds } from "../races/trade-fixtures.ts";
import { EXPECTED_ACCESS, type Expectation, runOrderOf } from "./access-table.ts";
import { envelopeProblem, isSuccess, send } from "./answers.ts";
import { type Operation, operationsOf, urlOf } from "./openapi.ts";
import { ACTORS, type Actor, ALSO_PLANTED, leakedSecrets, plantWorld, type World } from "./world.ts";

/**
 * The authorisation matrix: every operation of the OpenAPI document, called as each actor with
 * the ids of the owner's planted objects (see access-table.ts for the expectations and how to add
 * a route). Calls that must be refused run first, on the untouched world; then the allowed ones,
 * those that change or end the planted objects last.
 */

let t: TestApp;
let world: World;
let operations: Operation[];

interface Call {
  operation: Operation;
  actor: Actor;
  status: number;
}
const calls: Call[] = [];
/** What the running test found; each test starts with none. */
let findings: string[] = [];
let findingsCount = 0;

beforeAll(async () => {
  // Generic plans from the first run: a statement that only works with its values in view fails here.
  t = await createTradesTestApp({}, { forceGenericPlans: true });
  world = await plantWorld(t);
  operations = operationsOf(t.app);
}, 120_000);
afterAll(async () => {
  console.log(
    `authorisation matrix: ${operations.length} operations x ${ACTORS.length} actors, ${calls.length} calls, ` +
      `${findingsCount} findings, ${calls.filter((call) => call.status >= 500).length} answers 5xx`,
  );
  await t.close();
});

function expectationOf(operation: Operation): Expectation {
  const expectation = EXPECTED_ACCESS[operation.key];
  if (!expectation) throw new Error(`${operation.key} has no line in the matrix's expectation table`);
  return expectation;
}

/** The path parameters an operation is called with: the planted objects, then their variants. */
function paramSetsOf(expectation: Expectation): Record<string, string>[] {
  const ids = Object.entries(expectation.ids ?? {});
  const base: Record<string, string> = { ...expectation.params };
  for (const [name, object] of ids) base[name] = world.ids[object];
  const sets = [base];
  for (const [name, object] of ids) {
    for (const variant of ALSO_PLANTED[object] ?? []) sets.push({ ...base, [name]: world.ids[variant] });
  }
  return sets;
}

async function call(operation: Operation, actor: Actor): Promise<void> {
  for (const params of paramSetsOf(expectationOf(operation))) await callWith(operation, actor, params);
}

async function callWith(operation: Operation, actor: Actor, params: Record<string, string>): Promise<void> {
  const expectation = expectationOf(operation);
  const url = urlOf(operation, params, expectation.query);
  const json = typeof expectation.body === "function" ? expectation.body(world.ids) : expectation.body;
  const response = await send(world.clients[actor], operation.method, url, { json, upload: expectation.upload });
  calls.push({ operation, actor, status: response.status });
  const where = `${url.split("?")[0]} (${operation.key}) as ${actor} -> ${response.status}`;
  const before = findings.length;
  if (response.status >= 500) findings.push(`${where}: a server error`);
  if (isSuccess(response.status) && !expectation.may.includes(actor)) findings.push(`${where}: an unexpected success`);
  for (const secret of leakedSecrets(world, actor, response.text)) findings.push(`${where}: leaks ${secret}`);
  const envelope = envelopeProblem(response);
  if (envelope) findings.push(`${where}: ${envelope}`);
  findingsCount += findings.length - before;
}

describe("the authorisation matrix", () => {
  it("has one expectation for every operation of the API document, and none for a gone one", () => {
    const documented = new Set(operations.map((operation) => operation.key));
    const missing = [...documented].filter((key) => !(key in EXPECTED_ACCESS));
    const stale = Object.keys(EXPECTED_ACCESS).filter((key) => !documented.has(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(operations.length).toBeGreaterThan(100);
  });

  it("refuses every actor outside an operation's expectation, before anything changes", async () => {
    findings = [];
    for (const operation of operations) {
      for (const actor of ACTORS) {
        if (!expectationOf(operation).may.includes(actor)) await call(operation, actor);
      }
    }
    expect(findings).toEqual([]);
  }, 300_000);

  it("lets the expected actors through without a server error or a leak, and proves the planted ids", async () => {
    findings = [];
    const allowed = [...operations].sort((a, b) => runOrderOf(a.key) - runOrderOf(b.key));
    for (const operation of allowed) {
      for (const actor of expectationOf(operation).may) await call(operation, actor);
    }
    expect(findings).toEqual([]);
    // A read of a planted object that nobody can make would let every refusal above pass for the
    // wrong reason (a wrong id): at least one allowed actor reads each.
    const unproven = operations.filter((operation) => {
      const expectation = expectationOf(operation);
      if (operation.method !== "GET" || Object.keys(expectation.ids ?? {}).length === 0) return false;
      return !calls.some(
        (made) => made.operation === operation && expectation.may.includes(made.actor) && isSuccess(made.status),
      );
    });
    expect(unproven.map((operation) => operation.key)).toEqual([]);
  }, 300_000);

  it("leaves the ledger verified", async () => {
    await expectLedgerHolds(t.ownerDb);
  });
});
