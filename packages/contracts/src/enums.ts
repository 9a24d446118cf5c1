/** Vocabulary of the spec, one constant list per word family; the server and the web both use these. */
export const USER_ROLES = [
  "user",
  "vendor",
  "merchant",
  "corporate",
  "moderator",
  "supermod",
  "admin",
  "demo",
] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const STAFF_ROLES = ["moderator", "supermod", "admin"] as const satisfies readonly UserRole[];

export const RESTRICTION_FLAGS = ["banned", "suspended", "onHold", "frozen", "restricted", "compromised"] as const;
export type RestrictionFlag = (typeof RESTRICTION_FLAGS)[number];

export const BLOCKED_KYC_ACTIONS = [
  "create-offer",
  "view-trade",
  "start-trade-buy",
  "start-trade-sell",
  "use-wallet",
  "activate-offer",
] as const;
export type BlockedKycAction = (typeof BLOCKED_KYC_ACTIONS)[number];

export const FULL_NAME_VISIBILITY_TYPES = [
  "first_name_and_initial",
  "full_name",
  "hide_name",
  "legal_entity_name",
  "business_name",
] as const;
export const ACCEPT_CHAT_MESSAGES = ["YES", "TRUSTED_ONLY", "TRUSTED_AND_TRADE_PARTNERS", "NO"] as const;
export type AcceptChatMessages = (typeof ACCEPT_CHAT_MESSAGES)[number];
export const VERIFICATION_LEVELS = ["L0", "L1", "L1+", "L2", "L2+POA", "L3", "L4"] as const;
export const ACCOUNT_LEVELS = { demo: -1, none: 0, first: 1, firstPlus: 1.5, second: 2, third: 3 } as const;
export const TWO_FACTOR_TYPES = ["sms", "email", "ga", "none"] as const;
export const BADGES = [
  "no_badge",
  "vendor",
  "power_trader",
  "expert_trader",
  "operator",
  "ceo",
  "ambassador",
  "peer",
  "champion",
] as const;
export const TOAST_TYPES = ["info", "success", "error", "warning", "light"] as const;
export const SITE_THEMES = ["light", "dark"] as const;
export type SiteTheme = (typeof SITE_THEMES)[number];

export const TRADE_STATUSES = [
  "active_funded",
  "pending",
  "expired",
  "cancelled",
  "cancelled_buyer",
  "cancelled_system",
  "cancelled_seller",
  "dispute_open",
  "paid",
  "released",
  "not_funded",
  "funds_processing",
  "funds_processed",
  "dispute_awarded",
  "dispute_won_seller",
  "dispute_won_buyer",
  "feedback_updated",
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const OFFER_TYPES = ["buy", "sell"] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
