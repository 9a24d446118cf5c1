import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  createOffer,
  createTrader,
  createTradesTestApp,
  expectLedgerHolds,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { createSession, SESSION_COOKIE } from "../../platform/index.ts";
import { seedDemoData } from "./demo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTradesTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A logged-in client of a demo account (the seed made it; its id comes from the database). */
async function demoClient(username: string) {
  const row = await sql<{ id: string }>`SELECT id::text FROM users WHERE username = ${username}`.execute(t.ownerDb);
  const id = Number(row.rows[0]?.id);
  const session = await createSession(t.db, { userId: id, ttlHours: 1, ip: null, userAgent: "test" });
  const client = t.client();
  client.setCookie(SESSION_COOKIE, session.token);
  return client;
}

/** Every row that belongs to or names one of these users, as text, so two snapshots compare exactly. */
async function snapshotOf(userIds: number[]): Promise<Record<string, string[]>> {
  const ids = userIds.map(String);
  const queries = {
    users: sql<{
      row: string;
    }>`SELECT to_jsonb(u)::text AS row FROM users u WHERE u.id::text = ANY(${ids}) ORDER BY id`,
    trades: sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM trades t
      WHERE t.buyer_id::text = ANY(${ids}) OR t.seller_id::text = ANY(${ids}) ORDER BY id`,
    feedback: sql<{
      row: string;
    }>`SELECT to_jsonb(f)::text AS row FROM trade_feedback f JOIN trades t ON t.id = f.trade_id
      WHERE t.buyer_id::text = ANY(${ids}) OR t.seller_id::text = ANY(${ids}) ORDER BY f.id`,
    chat: sql<{ row: string }>`SELECT to_jsonb(m)::text AS row FROM chat_messages m JOIN trades t ON t.id = m.trade_id
      WHERE t.buyer_id::text = ANY(${ids}) OR t.seller_id::text = ANY(${ids}) ORDER BY m.id`,
    relations: sql<{ row: string }>`SELECT to_jsonb(r)::text AS row FROM user_relations r
      WHERE r.owner_user_id::text = ANY(${ids}) OR r.other_user_id::text = ANY(${ids}) ORDER BY 1`,
    accounts: sql<{ row: string }>`SELECT to_jsonb(a)::text AS row FROM ledger_accounts a
      WHERE a.owner_user_id::text = ANY(${ids}) ORDER BY id`,
    offers: sql<{
      row: string;
    }>`SELECT to_jsonb(o)::text AS row FROM offers o WHERE o.user_id::text = ANY(${ids}) ORDER BY id`,
  };
  const snapshot: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    snapshot[name] = (await query.execute(t.ownerDb)).rows.map((row) => row.row);
  }
  return snapshot;
}

async function startAndRelease(
  buyer: { post: TestUser["client"]["post"] },
  seller: TestUser["client"],
  offerId: string,
) {
  const started = await buyer.post("/rest/v1/trade", { offerId, fiatAmount: "20" });
  expect(started.status, started.text).toBe(200);
  const tradeId = started.body.data.id as string;
  expect((await buyer.post(`/rest/v1/trade/${tradeId}/paid`)).status).toBe(200);
  const released = await seller.post(`/rest/v1/trade/${tradeId}/release`);
  expect(released.status, released.text).toBe(200);
  return tradeId;
}

describe("the demo seed run again", () => {
  it("changes no row of a real user and keeps what a demo user undid", async () => {
    // A real user who took the name "dave" before the seed ran keeps it: the seed leaves the name out.
    const realDave = await createTrader(t);
    await sql`UPDATE users SET username = 'dave' WHERE id = ${realDave.id}`.execute(t.ownerDb);
    await seedDemoData(t.db, t.config, () => {});

    // A real vendor trades with demo bob, a real buyer with demo alice's offer... through the API.
    const rita = await createTrader(t);
    await fund(t.db, rita.id, "USDT", "500");
    const ritaOffer = await createOffer(rita);
    const bob = await demoClient("bob");
    await startAndRelease(bob, rita.client, ritaOffer);
    const sam = await createTrader(t);
    await fund(t.db, sam.id, "USDT", "500");
    const samOffer = await createOffer(sam);
    await startAndRelease(await demoClient("alice"), sam.client, samOffer);
    // ...and bob no longer trusts alice.
    expect((await bob.post("/rest/v1/users/alice/relations", { action: "untrust" })).status).toBe(200);

    const realIds = [realDave.id, rita.id, sam.id];
    const before = await snapshotOf(realIds);
    const demoCounts = async () =>
      (
        await sql<{
          row: string;
        }>`SELECT concat_ws(' ', (SELECT count(*) FROM trades), (SELECT count(*) FROM trade_feedback),
          (SELECT count(*) FROM chat_messages), (SELECT count(*) FROM offers), (SELECT count(*) FROM ledger_transfers)) AS row`.execute(
          t.ownerDb,
        )
      ).rows[0]?.row;
    const countsBefore = await demoCounts();
    const lines: string[] = [];
    await seedDemoData(t.db, t.config, (line) => lines.push(line));

    expect(await snapshotOf(realIds)).toEqual(before);
    expect(await demoCounts()).toBe(countsBefore);
    const trusted = (await bob.get("/rest/v1/users/me/contacts/trusted-list")).body.data;
    expect(JSON.stringify(trusted)).not.toContain('"alice"');
    expect(lines.join("\n")).toContain("left out (the names belong to other users): dave");
    await expectLedgerHolds(t.ownerDb);
  });
});
