import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { STAR_COLUMNS } from "./pool.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("named prepared statements", () => {
  it("prepares a parameterized statement once per connection and reuses it", async () => {
    const prepared = await t.db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i += 1) {
        const found = await sql<{
          id: bigint;
        }>`SELECT id FROM users WHERE id = ${i + 1} OR username = ${"nobody"}`.execute(connection);
        expect(Array.isArray(found.rows)).toBe(true);
      }
      await sql`SELECT * FROM users WHERE id = ${1}`.execute(connection);
      return (
        await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection)
      ).rows.map((row) => row.statement);
    });
    expect(prepared.filter((text) => text.includes("OR username ="))).toHaveLength(1);
    // A star follows the table's columns: it stays unnamed (a migration could change its result).
    expect(prepared.filter((text) => text.includes("SELECT * FROM users"))).toHaveLength(0);
  });

  it("tells star column lists from count(*) and arithmetic", () => {
    expect(STAR_COLUMNS.test(`select * from "trades" where "id" = $1`)).toBe(true);
    expect(STAR_COLUMNS.test(`select "o".* from offers o`)).toBe(true);
    expect(STAR_COLUMNS.test(`update t set a = $1 returning *`)).toBe(true);
    expect(STAR_COLUMNS.test(`select count(*)::integer as n from t where x = $1`)).toBe(false);
    expect(STAR_COLUMNS.test(`select price * 2 from t where x = $1`)).toBe(false);
    expect(STAR_COLUMNS.test(`select 1.5 * price from t where x = $1`)).toBe(false);
  });
});
