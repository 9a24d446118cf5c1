import type { Db } from "../db/pool.ts";
import { type FileStorage, fileStorageFor } from "./file-storage.ts";
import type { JobDefinition } from "./module.ts";

/**
 * The retention of verification documents, shared by every module that keeps them (company
 * documents, identity, address and video documents; docs/decisions/121-verification-document-retention.md):
 * after SOUK_DOCUMENT_RETENTION_DAYS, the files of a rejected submission or a closed account are
 * removed and their rows kept, marked removed.
 */

const DAY_MS = 86_400_000;

/** Pure: the moment before which a rejection or a closure makes documents expire. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Where a module's expired documents are found and marked removed. */
interface ExpiredDocuments<Id> {
  /** Documents that still have a file and whose rejection or closure is before `cutoff`. */
  find(db: Db, cutoff: Date, limit: number): Promise<{ id: Id; storage_key: string | null }[]>;
  /** Marks the document's file removed; false when another run did it first. */
  markRemoved(db: Db, id: Id, storageKey: string): Promise<boolean>;
}

/**
 * Removes the files of the documents whose retention ran out. The file goes first and the row is
 * marked after, so a run that dies in between leaves a row the next run finishes (removing a
 * missing file is a no-op). Returns how many it removed.
 */
export async function purgeExpiredDocuments<Id>(
  documents: ExpiredDocuments<Id>,
  context: { db: Db; storage: FileStorage; retentionDays: number },
  now = new Date(),
  limit = 500,
): Promise<number> {
  const rows = await documents.find(context.db, retentionCutoff(now, context.retentionDays), limit);
  let removed = 0;
  for (const row of rows) {
    if (!row.storage_key) continue;
    await context.storage.remove(row.storage_key);
    if (await documents.markRemoved(context.db, row.id, row.storage_key)) removed += 1;
  }
  return removed;
}

/** The daily job that purges one module's expired documents (idempotent: a second run finds nothing). */
export function documentPurgeJob<Id>(name: string, schedule: string, documents: ExpiredDocuments<Id>): JobDefinition {
  return {
    name,
    schedule,
    async handler(_data, context) {
      const removed = await purgeExpiredDocuments(documents, {
        db: context.db,
        storage: fileStorageFor(context.config),
        retentionDays: context.config.SOUK_DOCUMENT_RETENTION_DAYS,
      });
      if (removed > 0) context.log.info({ removed, job: name }, "expired verification documents removed");
    },
  };
}
