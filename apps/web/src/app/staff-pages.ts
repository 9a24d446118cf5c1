import type { ComponentType } from "react";
import type { PathName } from "../lib/paths.ts";

type StaffPage = () => Promise<ComponentType<{ screen: PathName }>>;

/**
 * The loaders of the staff's pages, apart from the route table (routes.tsx loads this chunk with
 * the first staff page opened): each `import()` carries the list of scripts its page needs, and
 * none of those belongs in a visitor's first load.
 */
export const staffPages = {
  adminWalletDeposits: () =>
    import("../features/wallet/admin/admin-deposits-page.tsx").then((m) => m.AdminDepositsPage),
  adminMail: () => import("../features/dev-mailbox/pages/dev-mailbox-page.tsx").then((m) => m.DevMailboxPage),
  adminOverview: () => import("../features/admin/pages/admin-overview-page.tsx").then((m) => m.AdminOverviewPage),
  adminUsers: () => import("../features/admin/pages/admin-users-page.tsx").then((m) => m.AdminUsersPage),
  adminUser: () => import("../features/admin/pages/admin-user-page.tsx").then((m) => m.AdminUserPage),
  adminOffers: () => import("../features/admin/pages/admin-offers-page.tsx").then((m) => m.AdminOffersPage),
  adminAudit: () => import("../features/admin/pages/admin-audit-page.tsx").then((m) => m.AdminAuditPage),
  adminVerifications: () =>
    import("../features/admin/pages/admin-verifications-page.tsx").then((m) => m.AdminVerificationsPage),
  adminVerification: () =>
    import("../features/admin/pages/admin-verification-page.tsx").then((m) => m.AdminVerificationPage),
  adminCompanyApplication: () =>
    import("../features/admin/pages/admin-company-application-page.tsx").then((m) => m.AdminCompanyApplicationPage),
  adminChargebacks: () =>
    import("../features/admin/pages/admin-chargebacks-page.tsx").then((m) => m.AdminChargebacksPage),
  adminChargeback: () => import("../features/admin/pages/admin-chargeback-page.tsx").then((m) => m.AdminChargebackPage),
  adminSite: () => import("../features/admin/pages/admin-site-page.tsx").then((m) => m.AdminSitePage),
  adminApprovals: () => import("../features/admin/pages/admin-approvals-page.tsx").then((m) => m.AdminApprovalsPage),
  adminLedger: () => import("../features/admin/pages/admin-ledger-page.tsx").then((m) => m.AdminLedgerPage),
  moderationDisputes: () => import("../features/moderation/pages/disputes-page.tsx").then((m) => m.DisputesPage),
} satisfies Record<string, StaffPage>;

export type StaffPageName = keyof typeof staffPages;
