import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { type SeedContext, seedMarksOf } from "../../platform/index.ts";
import { createUser } from "../users/index.ts";
import { recordDeposit } from "../wallet/index.ts";
import { offersModule } from "./index.ts";

let t: TestApp;
let context: SeedContext;
const VENDORS = ["alice", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];

async function demoContext(app: TestApp): Promise<SeedContext> {
  const users = new Map<string, number>();
  for (const username of VENDORS) {
    const user = await createUser(app.db, {
      username,
      email: `${username}@demo.test`,
      passwordHash: "x",
      roles: ["user", "vendor"],
    });
    users.set(username, user.id);
    // As the wallet seed funds them: their sell offers are listed only when they can fund them.
    for (const [code, amount] of [
      ["USDT", "1000"],
      ["BTC", "1.5"],
      ["ETH", "25"],
    ] as const) {
      await recordDeposit(app.db, {
        username,
        amount,
        cryptoCurrencyCode: code,
        source: "seed",
        txid: `seed-${username}-${code}`,
      });
    }
  }
  return { db: app.db, config: app.config, print: () => {}, users, marks: seedMarksOf(app.db) };
}

/** What the seed decided, without the random public ids. */
async function fingerprint(app: TestApp): Promise<string[]> {
  const rows = await sql<{ line: string }>`
    SELECT concat_ws(' ', u.username, o.type, o.crypto_currency_id, o.fiat_currency_id, o.payment_method_id, o.margin,
                     o.fixed_price, o.fiat_limit_min, o.fiat_limit_max, o.is_active) AS line
    FROM offers o JOIN users u ON u.id = o.user_id ORDER BY o.id`.execute(app.ownerDb);
  return rows.rows.map((row) => row.line);
}

beforeAll(async () => {
  t = await createTestApp();
  context = await demoContext(t);
});
afterAll(async () => {
  await t.close();
});

describe("demo offers", () => {
  it("make a lively market, the same every time, and seeding again adds nothing", async () => {
    await offersModule.seedDemo!(context);
    const counts = await sql<{
      offers: bigint;
      listed: bigint;
      cryptos: bigint;
      fiats: bigint;
      methods: bigint;
      owners: bigint;
      buys: bigint;
    }>`
      SELECT count(*) AS offers, count(*) FILTER (WHERE is_listed) AS listed, count(DISTINCT crypto_currency_id) AS cryptos,
             count(DISTINCT fiat_currency_id) AS fiats, count(DISTINCT payment_method_id) AS methods,
             count(DISTINCT user_id) AS owners, count(*) FILTER (WHERE type = 'buy' AND is_listed) AS buys
      FROM offers`.execute(t.ownerDb);
    const row = counts.rows[0]!;
    expect(Number(row.offers)).toBeGreaterThanOrEqual(60);
    expect(Number(row.offers)).toBeLessThanOrEqual(120);
    expect(Number(row.cryptos)).toBe(3);
    expect(Number(row.fiats)).toBeGreaterThanOrEqual(9);
    expect(Number(row.methods)).toBeGreaterThanOrEqual(20);
    expect(Number(row.owners)).toBe(9);
    // Buy offers are listed: the seed deposits the demo vendors' bonds.
    expect(Number(row.buys)).toBeGreaterThan(10);
    const first = await fingerprint(t);

    await offersModule.seedDemo!(context);
    const again = await sql<{ count: bigint }>`SELECT count(*) AS count FROM offers`.execute(t.ownerDb);
    expect(Number(again.rows[0]!.count)).toBe(Number(row.offers));
    const listing = await t.client().get("/rest/v1/offers?type=buy&crypto_currency_code=BTC&limit=50");
    expect(listing.status).toBe(200);
    expect(listing.body.data.length).toBeGreaterThan(5);
    expect(await fingerprint(t)).toEqual(first);

    const elsewhere = await createTestApp();
    try {
      await offersModule.seedDemo!(await demoContext(elsewhere));
      expect(await fingerprint(elsewhere)).toEqual(first);
    } finally {
      await elsewhere.close();
    }
  });
});
