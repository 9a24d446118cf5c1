import type { Generated } from "kysely";
import type { Db } from "../db/pool.ts";

/**
 * The demo seed's record of what it created (table demo_seed_rows). A seed step looks here before
 * it acts and writes here after, so running the seed again touches only the seed's own rows and
 * never redoes what a user has since undone.
 */
export interface SeedMarks {
  /** The note kept with a mark, or null when the seed never made that thing. */
  get(kind: string, ref: string): Promise<string | null>;
  /** Every mark of a kind, oldest first. */
  list(kind: string): Promise<{ ref: string; detail: string }[]>;
  /** Records that the seed made something; recording it again changes nothing. */
  add(kind: string, ref: string, detail?: string): Promise<void>;
}

type MarkTables = {
  demo_seed_rows: { kind: string; ref: string; detail: string; created_at: Generated<Date> };
};

export function seedMarksOf(db: Db): SeedMarks {
  const tables = db.withTables<MarkTables>();
  return {
    async get(kind, ref) {
      const row = await tables
        .selectFrom("demo_seed_rows")
        .select("detail")
        .where("kind", "=", kind)
        .where("ref", "=", ref)
        .executeTakeFirst();
      return row?.detail ?? null;
    },
    async list(kind) {
      return tables
        .selectFrom("demo_seed_rows")
        .select(["ref", "detail"])
        .where("kind", "=", kind)
        .orderBy("created_at")
        .orderBy("ref")
        .execute();
    },
    async add(kind, ref, detail = "") {
      await tables
        .insertInto("demo_seed_rows")
        .values({ kind, ref, detail })
        .onConflict((conflict) => conflict.columns(["kind", "ref"]).doNothing())
        .execute();
    },
  };
}
