import { REQUIREMENT_STATUSES, type RequirementStatus, TRADE_RULES, type TradeStatus } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { isGuardMet, TRANSITIONS, type TradeFacts, type TransitionGuard } from "./trades.domain.ts";
import { transitionGuardSql } from "./trades.repo.ts";

/**
 * The transition guards are written twice: in SQL (the conditional UPDATE that decides) and in
 * TypeScript (isGuardMet, which explains a refusal and draws the view). This test evaluates both
 * over the same facts, edges included, so that they cannot drift apart
 * (docs/reliability.md#trade-transitions).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const GUARDS = [...new Set(TRANSITIONS.flatMap((rule) => rule.guards))] as TransitionGuard[];
const MINUTE = 60_000;
const now = new Date("2026-03-01T12:00:00.000Z");
const after = TRADE_RULES.disputeAvailableAfterMinutes;

function* cases(): Generator<TradeFacts> {
  const statuses: TradeStatus[] = ["active_funded", "paid", "dispute_open", "released", "expired"];
  const startedAgo = [1, after - 1, after, after + 1, 90];
  const expiresIn = [-5, 0, 5];
  const requirementSets: { status: RequirementStatus; isOptional: boolean }[][] = [
    [],
    ...REQUIREMENT_STATUSES.map((status) => [{ status, isOptional: false }]),
    ...REQUIREMENT_STATUSES.map((status) => [{ status, isOptional: true }]),
    [
      { status: "approved", isOptional: false },
      { status: "pending", isOptional: true },
    ],
  ];
  for (const status of statuses)
    for (const ago of startedAgo)
      for (const inMinutes of expiresIn)
        for (const requirements of requirementSets) {
          const startedAt = new Date(now.getTime() - ago * MINUTE);
          yield {
            status,
            startedAt,
            expiresAt: new Date(now.getTime() + inMinutes * MINUTE),
            paidAt: status === "active_funded" ? null : startedAt,
            requirements: requirements.map((requirement) => ({
              id: "payment_receipt",
              step: "before_mark_as_paid",
              ...requirement,
            })),
          };
        }
}

/** Each guard evaluated by PostgreSQL over one trade row and its requirements, with no table written. */
async function guardsInSql(facts: TradeFacts): Promise<Record<TransitionGuard, boolean>> {
  const at = sql<Date>`${now}::timestamptz`;
  const requirements = JSON.stringify(facts.requirements.map((r) => ({ status: r.status, optional: r.isOptional })));
  const columns = GUARDS.map((guard) => sql`${transitionGuardSql(guard, at, after)} AS ${sql.ref(guard)}`);
  const result = await sql<Record<TransitionGuard, boolean>>`
    WITH trade_requirements AS (
      SELECT 1::bigint AS trade_id, (r->>'optional')::boolean AS is_optional, r->>'status' AS status
      FROM jsonb_array_elements(${requirements}::jsonb) r)
    SELECT ${sql.join(columns)}
    FROM (VALUES (1::bigint, ${facts.status}::text, ${facts.startedAt}::timestamptz, ${facts.expiresAt}::timestamptz))
      AS trades(id, status, started_at, expires_at)`.execute(t.db);
  const row = result.rows[0];
  if (!row) throw new Error("no row");
  return row;
}

describe("the transition guards", () => {
  it("hold in SQL exactly when they hold in TypeScript, for every guard over the same facts", async () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (const facts of cases()) {
      const inSql = await guardsInSql(facts);
      for (const guard of GUARDS) {
        checked += 1;
        const inTs = isGuardMet(guard, facts, now);
        if (inSql[guard] !== inTs) {
          disagreements.push(
            `${guard} on ${facts.status} started ${facts.startedAt.toISOString()} expiring ${facts.expiresAt.toISOString()} ` +
              `requirements ${JSON.stringify(facts.requirements)}: SQL ${inSql[guard]}, TypeScript ${inTs}`,
          );
        }
      }
    }
    expect(GUARDS.sort()).toEqual(["after_expiry", "before_expiry", "dispute_available", "requirements_met"]);
    expect(checked).toBeGreaterThan(1000);
    expect(disagreements).toEqual([]);
  });
});
