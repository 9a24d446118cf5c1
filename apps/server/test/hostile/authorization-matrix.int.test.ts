import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../harness.ts";
import { createTradesTestApp, expectLedgerHolds } from "../races/trade-fixtures.ts";
import { EXPECTED_ACCESS, type Expectation, resolved, revealedTo, runOrderOf, USERS } from "./access-table.ts";
import { envelopeProblem, isServerError, isSuccess, send } from "./answers.ts";
import { type Operation, operationsOf, urlOf } from "./openapi.ts";
import { ACTORS, type Actor, ALSO_PLANTED, callerOf, leakedSecrets, plantWorld, type World } from "./world.ts";

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
  isServerError: boolean;
}
const calls: Call[] = [];
/** Calls of the bearer-only routes made with a session cookie alone. */
let cookieOnlyCalls = 0;
/** What the running test found; each test starts with none. */
let findings: string[] = [];
let findingsCount = 0;

beforeAll(async () => {
  // Generic plans from the first run: a statement that only works with its values in view fails here.
  // The Paxful API's per-client limit is lifted: the matrix's bots call far more than a bot would.
  t = await createTradesTestApp({ PAXFUL_API_RATE_LIMIT_PER_MINUTE: 100_000 }, { forceGenericPlans: true });
  world = await plantWorld(t);
  operations = operationsOf(t.app);
}, 120_000);
afterAll(async () => {
  console.log(
    `authorisation matrix: ${operations.length} operations x ${ACTORS.length} actors, ${calls.length} calls, ` +
      `${findingsCount} findings, ${calls.filter((call) => call.isServerError).length} server errors ` +
      `(${calls.filter((call) => call.status === 501).length} answers 501, Paxful's "not on Souk"); ` +
      `${cookieOnlyCalls} calls of bearer-only routes with a session cookie alone`,
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
  const url = urlOf(operation, params, resolved(expectation.query, world.ids));
  const json = resolved(expectation.body, world.ids);
  const upload = resolved(expectation.upload, world.ids);
  const { client, headers } = callerOf(world, operation, actor);
  const response = await send(client, operation.method, url, { json, upload, headers });
  calls.push({ operation, actor, status: response.status, isServerError: isServerError(response, url) });
  const where = `${url.split("?")[0]} (${operation.key}) as ${actor} -> ${response.status}`;
  const before = findings.length;
  if (calls.at(-1)?.isServerError) findings.push(`${where}: a server error`);
  if (isSuccess(response.status) && !expectation.may.includes(actor)) findings.push(`${where}: an unexpected success`);
  for (const secret of leakedSecrets(world, actor, response.text, revealedTo(expectation, actor))) {
    findings.push(`${where}: leaks ${secret}`);
  }
  const envelope = envelopeProblem(response, url);
  if (envelope) findings.push(`${where}: ${envelope}`);
  findingsCount += findings.length - before;
}

/**
 * A bearer-only route called by a logged-in actor's browser: the session cookie and no token. It
 * must answer 401, the token's refusal (a bot's API acts on tokens, never on a borrowed session).
 */
async function callWithCookieOnly(operation: Operation, actor: Actor): Promise<void> {
  const expectation = expectationOf(operation);
  const [params = {}] = paramSetsOf(expectation);
  const url = urlOf(operation, params, resolved(expectation.query, world.ids));
  const payload = { json: resolved(expectation.body, world.ids), upload: resolved(expectation.upload, world.ids) };
  const response = await send(world.clients[actor], operation.method, url, payload);
  cookieOnlyCalls += 1;
  const before = findings.length;
  if (response.status !== 401) {
    findings.push(`${operation.key} as ${actor} with a session cookie alone -> ${response.status}, not 401`);
  }
  for (const secret of leakedSecrets(world, actor, response.text)) findings.push(`${operation.key}: leaks ${secret}`);
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

  it("opens none of the bearer-only routes to a session cookie alone", async () => {
    findings = [];
    const bearerOnly = operations.filter((operation) => operation.isBearerOnly);
    for (const operation of bearerOnly) {
      for (const actor of USERS) await callWithCookieOnly(operation, actor);
    }
    expect(findings).toEqual([]);
    // /paxful/v1's token-only actions, /webhook/v1's management and /oauth2/userinfo.
    expect(bearerOnly.length).toBeGreaterThan(50);
  }, 300_000);

  it("lets the expected actors through without a server error or a leak, and proves the planted ids", async () => {
    findings = [];
    const allowed = [...operations].sort((a, b) => runOrderOf(a.key) - runOrderOf(b.key));
    for (const operation of allowed) {
      for (const actor of expectationOf(operation).may) await call(operation, actor);
    }
    expect(findings).toEqual([]);
    // A read of a planted object that nobody can make would let every refusal above pass for the
    // wrong reason (a wrong id): at least one allowed actor reads each (a GET of a planted id, or a
    // Paxful read naming one in its body).
    const unproven = operations.filter((operation) => {
      const expectation = expectationOf(operation);
      const isPlantedRead =
        (operation.method === "GET" && Object.keys(expectation.ids ?? {}).length > 0) || expectation.reads === true;
      if (!isPlantedRead) return false;
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
