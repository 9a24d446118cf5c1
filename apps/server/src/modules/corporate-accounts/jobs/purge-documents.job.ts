import { documentPurgeJob } from "../../../platform/index.ts";
import * as repo from "../corporate-accounts.repo.ts";

/** Daily: company documents past their retention (SOUK_DOCUMENT_RETENTION_DAYS) lose their files. */
export const purgeCompanyDocumentsJob = documentPurgeJob("corporate-accounts.purge-documents", "23 3 * * *", {
  find: repo.expiredDocuments,
  markRemoved: repo.markRemoved,
});
