import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../harness.ts";
import { createTestApp } from "../harness.ts";
import { createTrader, type TestUser } from "../races/trade-fixtures.ts";
import { ADMIN_AREA_ACCESS, ADMIN_AREA_ROLES, type AdminAreaRole, EXPECTED_ACCESS, resolved } from "./access-table.ts";
import { envelopeProblem, isServerError, isSuccess, send } from "./answers.ts";
import { type Operation, operationsOf, urlOf } from "./openapi.ts";
import type { PlantedIds } from "./world.ts";

/**
 * Every /admin route called as a user, a moderator, a supermod and an admin against
 * ADMIN_AREA_ACCESS: zero unexpected 2xx, and an allowed role is never refused by its role.
 * Refused calls run first, before any allowed call changes the target account.
 */

let t: TestApp;
let callers: Record<AdminAreaRole, TestUser>;
let target: TestUser;
let adminOperations: Operation[];
let ids: PlantedIds;

beforeAll(async () => {
  t = await createTestApp();
  const [user, moderator, supermod, admin, account] = await Promise.all([
    createTrader(t),
    createTrader(t, { roles: ["user", "moderator"] }),
    createTrader(t, { roles: ["user", "supermod"] }),
    createTrader(t, { roles: ["user", "admin"] }),
    createTrader(t),
  ]);
  callers = { user, moderator, supermod, admin };
  target = account;
  adminOperations = operationsOf(t.app).filter((operation) => operation.path.startsWith("/rest/v1/admin/"));
  const deposit = await admin.client.post("/rest/v1/admin/wallet/deposits", {
    username: target.username,
    amount: "1",
    cryptoCurrencyCode: "USDT",
    confirmations: 0,
  });
  const { rows } = await sql<{ id: string }>`SELECT id::text FROM mail_outbox ORDER BY id DESC LIMIT 1`.execute(
    t.ownerDb,
  );
  // Only the names the /admin lines read are real; the rest never reach a handler here.
  ids = {
    ownerName: target.username,
    partyName: target.username,
    deposit: String(deposit.body.data?.id ?? "1"),
    mail: rows[0]?.id ?? "1",
  } as PlantedIds;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function call(operation: Operation, role: AdminAreaRole) {
  const line = EXPECTED_ACCESS[operation.key];
  const params: Record<string, string> = { ...line?.params };
  for (const [name, object] of Object.entries(line?.ids ?? {})) params[name] = ids[object];
  const url = urlOf(operation, params, resolved(line?.query, ids) ?? {});
  const response = await send(callers[role].client, operation.method, url, { json: resolved(line?.body, ids) });
  const problems: string[] = [];
  const where = `${operation.key} as ${role} -> ${response.status}`;
  if (isServerError(response, url)) problems.push(`${where}: a server error`);
  const envelope = envelopeProblem(response, url);
  if (envelope) problems.push(`${where}: ${envelope}`);
  const isAllowed = ADMIN_AREA_ACCESS[operation.key]?.includes(role) === true;
  if (!isAllowed && isSuccess(response.status)) problems.push(`${where}: an unexpected success`);
  if (!isAllowed && response.status !== 403) problems.push(`${where}: not refused with 403`);
  if (isAllowed && (response.status === 401 || response.status === 403)) problems.push(`${where}: refused its role`);
  return problems;
}

describe("the operator console's routes by role", () => {
  it("has one line for every /admin route, and none for a gone one", () => {
    const documented = adminOperations.map((operation) => operation.key);
    const missing = documented.filter((key) => !(key in ADMIN_AREA_ACCESS));
    const stale = Object.keys(ADMIN_AREA_ACCESS).filter((key) => !documented.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it("refuses every role outside a route's line and lets the others through", async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const isAllowedPass of [false, true]) {
      for (const operation of adminOperations) {
        for (const role of ADMIN_AREA_ROLES) {
          if ((ADMIN_AREA_ACCESS[operation.key]?.includes(role) === true) !== isAllowedPass) continue;
          problems.push(...(await call(operation, role)));
          calls += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(adminOperations.length * ADMIN_AREA_ROLES.length);
  }, 120_000);
});
