import { documentPurgeJob } from "../../../platform/index.ts";
import * as repo from "../verification.repo.ts";

/**
 * Daily: the files of identity, address and video documents of a rejected submission or a closed
 * account, past SOUK_DOCUMENT_RETENTION_DAYS, are removed; the submissions and document rows stay.
 */
export const purgeVerificationDocumentsJob = documentPurgeJob("verification.purge-documents", "41 3 * * *", {
  find: repo.expiredDocuments,
  markRemoved: repo.markDocumentRemoved,
});
