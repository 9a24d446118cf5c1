import type { ComponentType } from "react";
import type { PathName } from "../lib/paths.ts";

type SignedInPage = () => Promise<ComponentType<{ screen: PathName }>>;

/**
 * The loaders of the pages only a signed-in person (or staff) can use, apart from the route table:
 * routes.tsx loads this chunk with the first such page, and the server links it in the head of a
 * signed-in person's pages. Each `import()` carries the list of scripts its page needs, and none of
 * those belongs in a visitor's first load.
 */
export const signedInPages = {
  offerLiteEdit: () =>
    import("../features/offer-wizard/pages/offer-lite-edit-page.tsx").then((m) => m.OfferLiteEditPage),
  viewTrade: () => import("./pages/trade-page.tsx").then((m) => m.ViewTradePage),
  messenger: () => import("../features/messenger/pages/messenger-page.tsx").then((m) => m.MessengerPage),
  wallet: () => import("../features/wallet/pages/wallet-page.tsx").then((m) => m.WalletPage),
  walletSend: () => import("../features/wallet/pages/wallet-send-page.tsx").then((m) => m.WalletSendPage),
  bankAccounts: () => import("../features/bank-accounts/pages/bank-accounts-page.tsx").then((m) => m.BankAccountsPage),
  dashboard: () => import("./pages/dashboard-page.tsx").then((m) => m.DashboardPage),
  myOffers: () => import("../features/my-offers/pages/my-offers-page.tsx").then((m) => m.MyOffersPage),
  tradeHistory: () => import("../features/trade-history/pages/trade-history-page.tsx").then((m) => m.TradeHistoryPage),
  favoriteOffers: () => import("./pages/favorite-offers-page.tsx").then((m) => m.FavoriteOffersPage),
  kycVerification: () => import("./pages/account-verification-page.tsx").then((m) => m.AccountVerificationPage),
  companyVerification: () =>
    import("../features/corporate-account/pages/company-verification-page.tsx").then((m) => m.CompanyVerificationPage),
  accountSettings: () =>
    import("../features/account-settings/pages/account-settings-page.tsx").then((m) => m.AccountSettingsPage),
  accountSettingsNotifications: () =>
    import("../features/notifications/pages/notification-settings-page.tsx").then((m) => m.NotificationSettingsPage),
  localizationSettings: () =>
    import("../features/account-settings/pages/localization-settings-page.tsx").then((m) => m.LocalizationSettingsPage),
  security: () => import("../features/security/pages/security-page.tsx").then((m) => m.SecurityPage),
  devices: () => import("../features/devices/pages/devices-page.tsx").then((m) => m.DevicesPage),
  webhooks: () => import("../features/webhooks/pages/webhooks-page.tsx").then((m) => m.WebhooksPage),
  apiKeys: () => import("../features/api-keys/pages/api-keys-page.tsx").then((m) => m.ApiKeysPage),
  notifications: () =>
    import("../features/notifications/pages/notifications-page.tsx").then((m) => m.NotificationsPage),
  offerCreate: () => import("../features/offer-wizard/pages/offer-wizard-page.tsx").then((m) => m.OfferWizardPage),
  offerEdit: () => import("../features/offer-wizard/pages/offer-wizard-page.tsx").then((m) => m.OfferWizardPage),
  bankAccountCreate: () =>
    import("../features/bank-accounts/pages/bank-account-form-page.tsx").then((m) => m.BankAccountCreatePage),
  bankAccountEdit: () =>
    import("../features/bank-accounts/pages/bank-account-form-page.tsx").then((m) => m.BankAccountEditPage),
  recentTrades: () => import("../features/dashboard/pages/dashboard-pages.tsx").then((m) => m.RecentTradesPage),
  tradeStatistics: () => import("../features/dashboard/pages/dashboard-pages.tsx").then((m) => m.TradeStatisticsPage),
  trustedUsers: () => import("../features/contacts/pages/contacts-pages.tsx").then((m) => m.TrustedUsersPage),
  blockedUsers: () => import("../features/contacts/pages/contacts-pages.tsx").then((m) => m.BlockedUsersPage),
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
} satisfies Record<string, SignedInPage>;

export type SignedInPageName = keyof typeof signedInPages;
