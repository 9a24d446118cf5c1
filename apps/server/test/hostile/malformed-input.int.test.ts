import { createHash } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, type TestApp, type TestResponse } from "../harness.ts";
import { createTradesTestApp, expectLedgerHolds } from "../races/trade-fixtures.ts";
import { pngImage } from "../sample-files.ts";
import { EXPECTED_ACCESS, type Expectation, resolved, runOrderOf } from "./access-table.ts";
import { envelopeProblem, isServerError } from "./answers.ts";
import { hostileBody, hostileString, jsonText, type RawBody, spoiled, withEveryString } from "./hostile-values.ts";
import { arbitraryOf, type Operation, operationsOf, urlOf } from "./openapi.ts";
import { type Actor, callerOf, leakedSecrets, plantWorld, type World } from "./world.ts";

/**
 * The malformed-input fuzz: for every operation of the OpenAPI document, requests made from its
 * schemas by fast-check, spoiled with hostile values (NUL, lone surrogates, 1e309, -0, "0010",
 * 10 MB, 10,000-deep nesting, `__proto__`, wrong types and content types) in the path, the query
 * and the body. Every answer must be below 500 and in the envelope, and the ledger must verify
 * after. The seed is fixed and each operation has a budget of cases, so CI runs the same cases
 * every time in a few minutes. Each operation draws from its own seed, made from the fixed one
 * and its method and path, so a new route leaves every other operation's cases as they were; `npm run fuzz -- --long` runs many more (scripts/fuzz.mjs).
 */

const RUNS = Number(process.env.SOUK_FUZZ_RUNS ?? 50);
const SEED = Number(process.env.SOUK_FUZZ_SEED ?? 20_260_510);

let t: TestApp;
let world: World;
let operations: Map<string, Operation>;
const totals = { operations: 0, cases: 0, serverErrors: 0 };

beforeAll(async () => {
  // The Paxful API's per-client limit is lifted, or most cases would only meet the 429.
  t = await createTradesTestApp({ PAXFUL_API_RATE_LIMIT_PER_MINUTE: 100_000 }, { forceGenericPlans: true });
  world = await plantWorld(t);
  operations = new Map(operationsOf(t.app).map((operation) => [operation.key, operation]));
}, 120_000);
afterAll(async () => {
  console.log(
    `malformed-input fuzz: ${totals.operations} operations, ${totals.cases} cases sent, ` +
      `${totals.serverErrors} answers 5xx (seed ${SEED}, ${RUNS} cases per operation)`,
  );
  await t.close();
});

/** Who sends an operation's cases: someone the route serves, so the cases reach its handler. */
function actorFor(expectation: Expectation): Actor {
  // Ending a session is fuzzed on a session nobody else's cases need.
  if (expectation.ends === "session") return "stranger";
  for (const actor of ["owner", "party", "admin"] as const) if (expectation.may.includes(actor)) return actor;
  return "owner";
}

interface FuzzCase {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: RawBody | { multipart: Record<string, string>; withFile: boolean } | null;
}

function queryText(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

function caseArbitrary(operation: Operation, expectation: Expectation): fc.Arbitrary<FuzzCase> {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const name of operation.pathParams) {
    const object = expectation.ids?.[name];
    const planted = object ? world.ids[object] : (expectation.params?.[name] ?? "x");
    params[name] = fc.oneof(
      { weight: 3, arbitrary: fc.constant(planted) },
      { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
      { weight: 2, arbitrary: hostileString },
    );
  }
  const query: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const parameter of operation.query) {
    query[parameter.name] = fc.oneof(
      { weight: 3, arbitrary: arbitraryOf(parameter.schema).map(queryText) },
      { weight: 1, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
    );
  }
  const queryArbitrary = fc
    .tuple(
      fc.record(query, { requiredKeys: [] }),
      fc.option(fc.tuple(hostileString, hostileString), { freq: 4 }),
      fc.option(hostileString, { freq: 3 }),
    )
    .map(([values, extra, everywhere]) => {
      const present = Object.fromEntries(
        Object.entries(values).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined),
      );
      // Sometimes every query value is the same hostile string, so each parameter meets it.
      const spoiledValues = everywhere
        ? Object.fromEntries(operation.query.map((parameter) => [parameter.name, everywhere]))
        : present;
      return extra ? { ...spoiledValues, [extra[0]]: extra[1] } : spoiledValues;
    });
  return fc.record({
    params: fc.record(params),
    query: queryArbitrary,
    body: bodyArbitrary(operation, resolved(expectation.body, world.ids)),
  });
}

/**
 * The body of a case: from the operation's schema, spoiled or not, or the table's valid body
 * spoiled (it names the planted objects, so its cases reach past "not found" into the handler).
 */
function bodyArbitrary(operation: Operation, validBody: unknown): fc.Arbitrary<FuzzCase["body"]> {
  if (operation.method === "GET") return fc.constant(null);
  if (operation.isMultipart) {
    const names = fc.constantFrom("requirementId", "message", "files", "trade_hash", "x");
    const fields = fc.dictionary(names, hostileString, { maxKeys: 3 });
    return fc.oneof(
      { weight: 3, arbitrary: fc.record({ multipart: fields, withFile: fc.boolean() }) },
      { weight: 1, arbitrary: hostileBody },
    );
  }
  const generated = arbitraryOf(operation.body ?? { type: "object" });
  // Half the schema's values are the table's valid body, when the table gives one.
  const schema =
    validBody === undefined
      ? generated
      : fc.oneof({ weight: 1, arbitrary: generated }, { weight: 1, arbitrary: fc.constant(validBody) });
  const json = (value: unknown): RawBody => ({ text: jsonText(value), contentType: "application/json" });
  return fc.oneof(
    { weight: 3, arbitrary: spoiled(schema).map(json) },
    {
      weight: 3,
      arbitrary: fc.tuple(schema, hostileString).map(([value, text]) => json(withEveryString(value, text))),
    },
    { weight: 2, arbitrary: schema.map(json) },
    { weight: 2, arbitrary: hostileBody },
  );
}

let png: Promise<Buffer> | null = null;

async function sendCase(operation: Operation, actor: Actor, fuzzCase: FuzzCase): Promise<TestResponse> {
  const url = urlOf(operation, fuzzCase.params, fuzzCase.query);
  const { client, headers } = callerOf(world, operation, actor);
  const method = operation.method as "POST";
  const { body } = fuzzCase;
  if (body === null) return client.request(method, url, undefined, { headers });
  if ("multipart" in body) {
    png ??= pngImage();
    const files = body.withFile ? [{ bytes: await png, name: "x.png", type: "image/png" }] : [];
    const form = await multipartBody(files, body.multipart);
    return client.request(method, url, form.body, { headers: { ...headers, "content-type": form.contentType } });
  }
  return client.request(method, url, body.text, { headers: { ...headers, "content-type": body.contentType } });
}

function describeCase(fuzzCase: FuzzCase): string {
  const text = JSON.stringify(fuzzCase, (_key, value) =>
    typeof value === "string" && value.length > 200 ? `${value.slice(0, 60)}...(${value.length} characters)` : value,
  );
  return text.slice(0, 2_000);
}

/** The operation's own seed: the fixed seed mixed with a digest of "METHOD /path". */
function seedOf(key: string): number {
  return (SEED ^ createHash("sha256").update(key).digest().readInt32BE(0)) | 0;
}

const KEYS = Object.keys(EXPECTED_ACCESS).sort((a, b) => runOrderOf(a) - runOrderOf(b));

describe("malformed input", () => {
  for (const key of KEYS) {
    it(
      `never answers ${key} with a server error or outside the envelope`,
      async () => {
        const operation = operations.get(key);
        // The matrix fails for a table line without an operation; here it only has nothing to send.
        if (!operation) return;
        const expectation = EXPECTED_ACCESS[key] as Expectation;
        const actor = actorFor(expectation);
        totals.operations += 1;
        await fc.assert(
          fc.asyncProperty(caseArbitrary(operation, expectation), async (fuzzCase) => {
            const response = await sendCase(operation, actor, fuzzCase);
            const path = operation.path;
            totals.cases += 1;
            if (isServerError(response, path)) totals.serverErrors += 1;
            const where = `${key} as ${actor} with ${describeCase(fuzzCase)}`;
            expect(isServerError(response, path), `${where}: ${response.status} ${response.text.slice(0, 300)}`).toBe(
              false,
            );
            expect(envelopeProblem(response, path), where).toBeNull();
            expect(leakedSecrets(world, actor, response.text), where).toEqual([]);
          }),
          { numRuns: RUNS, seed: seedOf(key), endOnFailure: true },
        );
      },
      60_000 + RUNS * 1_000,
    );
  }

  it("leaves the ledger verified after every case", async () => {
    await expectLedgerHolds(t.ownerDb);
  });
});
