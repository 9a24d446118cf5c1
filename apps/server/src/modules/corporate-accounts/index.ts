/**
 * The corporate-accounts module's door: converting between personal and corporate accounts, the
 * company application and its review, and the retention of company documents (decisions 120, 121).
 * It writes the corporate columns of the users table and records decisions in the activity log.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerCorporateAccountRoutes } from "./corporate-accounts.routes.ts";
import { purgeCompanyDocumentsJob } from "./jobs/purge-documents.job.ts";

export const corporateAccountsModule: SoukModule = {
  name: "corporate-accounts",
  privateRoutes: registerCorporateAccountRoutes,
  jobs: [purgeCompanyDocumentsJob],
};
