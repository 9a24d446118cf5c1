import type { SoukModule } from "../platform/index.ts";
import { realtimeModule } from "../realtime/index.ts";
import { accountClosureModule } from "./account-closure/index.ts";
import { accountSecurityModule } from "./account-security/index.ts";
import { apiClientsModule } from "./api-clients/index.ts";
import { approvalsModule } from "./approvals/index.ts";
import { auditModule } from "./audit/index.ts";
import { authModule } from "./auth/index.ts";
import { bankAccountsModule } from "./bank-accounts/index.ts";
import { chatModule } from "./chat/index.ts";
import { contactsModule } from "./contacts/index.ts";
import { corporateAccountsModule } from "./corporate-accounts/index.ts";
import { emailVerificationModule } from "./email-verification/index.ts";
import { exportsModule } from "./exports/index.ts";
import { favoritesModule } from "./favorites/index.ts";
import { featureRequestsModule } from "./feature-requests/index.ts";
import { feedbackModule } from "./feedback/index.ts";
import { ledgerModule } from "./ledger/index.ts";
import { mailModule } from "./mail/index.ts";
import { myOffersModule } from "./my-offers/index.ts";
import { notificationsModule } from "./notifications/index.ts";
import { offersModule } from "./offers/index.ts";
import { operationsModule } from "./operations/index.ts";
import { passkeysModule } from "./passkeys/index.ts";
import { passwordRecoveryModule } from "./password-recovery/index.ts";
import { paxfulApiModule } from "./paxful-api/index.ts";
import { phoneVerificationModule } from "./phone-verification/index.ts";
import { referenceModule } from "./reference/index.ts";
import { reputationModule } from "./reputation/index.ts";
import { siteModule } from "./site/index.ts";
import { smsModule } from "./sms/index.ts";
import { tradesModule } from "./trades/index.ts";
import { twoFactorModule } from "./two-factor/index.ts";
import { userAdminModule } from "./user-admin/index.ts";
import { usersModule } from "./users/index.ts";
import { verificationModule } from "./verification/index.ts";
import { walletModule } from "./wallet/index.ts";
import { webhooksModule } from "./webhooks/index.ts";

/**
 * Every domain module, in dependency order: demo seeding runs in this order, and routes register
 * in it. Add a module here and nowhere else.
 */
export const modules: SoukModule[] = [
  realtimeModule,
  referenceModule,
  mailModule,
  twoFactorModule,
  smsModule,
  usersModule,
  auditModule,
  approvalsModule,
  userAdminModule,
  siteModule,
  emailVerificationModule,
  phoneVerificationModule,
  passkeysModule,
  authModule,
  passwordRecoveryModule,
  accountSecurityModule,
  ledgerModule,
  walletModule,
  offersModule,
  bankAccountsModule,
  myOffersModule,
  favoritesModule,
  contactsModule,
  verificationModule,
  tradesModule,
  accountClosureModule,
  corporateAccountsModule,
  notificationsModule,
  chatModule,
  feedbackModule,
  reputationModule,
  featureRequestsModule,
  exportsModule,
  webhooksModule,
  apiClientsModule,
  paxfulApiModule,
  operationsModule,
];

/** Every module's ledger invariant checks: `ledger:verify` (CLI, admin route, tests) runs them all. */
export const ledgerChecks = modules.flatMap((module) => module.ledgerChecks ?? []);

/** Every module's actions that wait for a staff approval (four eyes), by kind. */
export const approvalActions = modules.flatMap((module) => module.approvalActions ?? []);
