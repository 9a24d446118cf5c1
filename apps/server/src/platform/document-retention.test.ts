import { describe, expect, it } from "vitest";
import type { Db } from "../db/pool.ts";
import { purgeExpiredDocuments, retentionCutoff } from "./document-retention.ts";
import type { FileStorage } from "./file-storage.ts";

describe("document retention", () => {
  it("counts whole days back from now", () => {
    const now = new Date("2026-03-31T12:00:00Z");
    expect(retentionCutoff(now, 90).toISOString()).toBe("2025-12-31T12:00:00.000Z");
    expect(retentionCutoff(now, 0)).toEqual(now);
  });

  it("removes each file before marking its row, skips rows without one, and counts only its own marks", async () => {
    const steps: string[] = [];
    const storage = {
      remove: async (key: string) => {
        steps.push(`remove ${key}`);
      },
    } as unknown as FileStorage;
    let cutoffAsked: Date | null = null;
    const removed = await purgeExpiredDocuments(
      {
        find: async (_db, cutoff) => {
          cutoffAsked = cutoff;
          return [
            { id: 1, storage_key: "a" },
            { id: 2, storage_key: null },
            { id: 3, storage_key: "c" },
          ];
        },
        // Another run marked document 3 first.
        markRemoved: async (_db, id, key) => {
          steps.push(`mark ${id} ${key}`);
          return id !== 3;
        },
      },
      { db: {} as Db, storage, retentionDays: 1 },
      new Date("2026-03-02T00:00:00Z"),
    );
    expect(removed).toBe(1);
    expect(cutoffAsked).toEqual(new Date("2026-03-01T00:00:00Z"));
    expect(steps).toEqual(["remove a", "mark 1 a", "remove c", "mark 3 c"]);
  });
});
