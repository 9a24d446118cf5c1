import type { Db } from "../../db/pool.ts";
import type { FileStorage } from "../../platform/index.ts";
import * as repo from "./corporate-accounts.repo.ts";

const DAY_MS = 86_400_000;

/** Pure: the moment before which a rejection or a closure makes documents expire. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * Removes the files of company documents whose retention ran out (docs/product.md#corporate-accounts):
 * those of a rejected application and those of a closed account, `retentionDays` after the
 * rejection or the closure. The file goes first and the row is marked after, so a run that dies in
 * between leaves a row the next run finishes (removing a missing file is a no-op). Returns how
 * many it removed.
 */
export async function purgeExpiredDocuments(
  db: Db,
  storage: FileStorage,
  retentionDays: number,
  now = new Date(),
  limit = 500,
): Promise<number> {
  const rows = await repo.expiredDocuments(db, retentionCutoff(now, retentionDays), limit);
  let removed = 0;
  for (const row of rows) {
    if (!row.storage_key) continue;
    await storage.remove(row.storage_key);
    if (await repo.markRemoved(db, row.id, row.storage_key)) removed += 1;
  }
  return removed;
}
