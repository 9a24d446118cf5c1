import { fileStorageFor, type JobDefinition } from "../../../platform/index.ts";
import { purgeExpiredDocuments } from "../document-retention.ts";

/** Daily: company documents past their retention (SOUK_DOCUMENT_RETENTION_DAYS) lose their files. */
export const purgeCompanyDocumentsJob: JobDefinition = {
  name: "corporate-accounts.purge-documents",
  schedule: "23 3 * * *",
  async handler(_data, context) {
    const removed = await purgeExpiredDocuments(
      context.db,
      fileStorageFor(context.config),
      context.config.SOUK_DOCUMENT_RETENTION_DAYS,
    );
    if (removed > 0) context.log.info({ removed }, "expired company documents removed");
  },
};
