import { createHash } from "node:crypto";
import { type CompiledQuery, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/pool.ts";

/**
 * Runs a query as a named prepared statement with a reusable (generic) plan, so PostgreSQL plans
 * it once per connection. The marketplace query takes 2-3 ms to plan and well under 1 ms to run:
 * planning it on every request would cost more than answering it (measured; see
 * docs/decisions/065-listing-query-performance.md).
 *
 * - Kysely has no API for statement names, but it hands the compiled query's `sql` to pg's
 *   `client.query` untouched, and pg accepts a {name, text} config there. The name is a hash of
 *   the text, so one name always means one text.
 * - PostgreSQL's own choice between a generic and a per-execution plan prefers re-planning for this
 *   query, so the statement runs in a transaction with `SET LOCAL plan_cache_mode`: the setting
 *   ends with the transaction and no other query of the connection is affected. BEGIN and the SET
 *   travel in one simple-protocol round trip (no parameters), so the whole costs three.
 * - Each name is a plan kept in every pooled connection, so only MAX_PREPARED distinct texts
 *   (query shapes: which filters are present, page size and offset) are named; others run as
 *   ordinary one-off statements.
 *
 * A test checks that statements really are prepared and reused, so a change of Kysely or pg that
 * breaks this is noticed.
 */
const MAX_PREPARED = 64;
const BEGIN_GENERIC = sql.raw("BEGIN READ ONLY; SET LOCAL plan_cache_mode = force_generic_plan");
const COMMIT = sql.raw("COMMIT");
const ROLLBACK = sql.raw("ROLLBACK");
const named = new Set<string>();

export function statementNameOf(text: string): string {
  return `souk_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
}

export async function executePrepared<Row>(db: Db, query: RawBuilder<Row>): Promise<Row[]> {
  const compiled = query.compile(db);
  const name = statementNameOf(compiled.sql);
  if (!named.has(name) && named.size >= MAX_PREPARED) return (await db.executeQuery(compiled)).rows;
  named.add(name);
  const prepared = { ...compiled, sql: { name, text: compiled.sql } as unknown as string } as CompiledQuery<Row>;
  return db.connection().execute(async (connection) => {
    await BEGIN_GENERIC.execute(connection);
    try {
      const rows = (await connection.executeQuery(prepared)).rows;
      await COMMIT.execute(connection);
      return rows;
    } catch (error) {
      await ROLLBACK.execute(connection).catch(() => {});
      throw error;
    }
  });
}
