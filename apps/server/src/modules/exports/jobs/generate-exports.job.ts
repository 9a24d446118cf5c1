import { fileStorageFor, type JobDefinition } from "../../../platform/index.ts";
import {
  GENERATE_EXPORTS_JOB,
  generateExport,
  generatePendingExports,
  pruneExpiredExports,
} from "../exports.service.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Makes trade history files. Sent with `{exportId}` (by the request that created the export, after
 * its commit) it makes that one; on its schedule (every minute) it sweeps every export still
 * waiting, which also picks up an export whose send was lost or whose worker died (its lease runs
 * out). Idempotent: see generateExport.
 */
export const generateExportsJob: JobDefinition = {
  name: GENERATE_EXPORTS_JOB,
  schedule: "* * * * *",
  async handler(data, context) {
    const storage = fileStorageFor(context.config);
    if (typeof data.exportId === "string") {
      // A malformed id names no export: nothing to do (retrying it would never help).
      if (UUID_PATTERN.test(data.exportId)) await generateExport(context.db, storage, data.exportId, context.log);
      return;
    }
    const done = await generatePendingExports(context.db, storage, context.log);
    if (done > 0) context.log.info({ done }, "trade history exports generated");
  },
};

/** Daily: files past the retention period are removed and their exports marked missing. */
export const pruneExportsJob: JobDefinition = {
  name: "exports.prune",
  schedule: "41 4 * * *",
  async handler(_data, context) {
    const pruned = await pruneExpiredExports(context.db, fileStorageFor(context.config));
    if (pruned > 0) context.log.info({ pruned }, "old trade history exports removed");
  },
};
