import {
  type CurrentUser,
  FULL_NAME_VISIBILITY_TYPES,
  type PublicProfile,
  STAFF_ROLES,
  USER_ROLES,
  type UserRole,
} from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { UserActivityFlags, UserRow } from "./users.repo.ts";

/** btcTraded is shown in BTC with all eight decimals. */
const BTC_DECIMALS = 8;

interface CountryLookup {
  iso: string;
  code: string;
  name: string;
  nameLocalized: string;
}

export interface CurrentUserLookups {
  country: CountryLookup | null;
  fiatCurrencyCode: string;
  activity: UserActivityFlags;
  /** Which events ask for the second factor now (all false while no factor is on). */
  twoFactor: { login: boolean; release: boolean; sendout: boolean };
  /** What is left of the level's 30-day limit in the user's currency (null: no limit or no rate). */
  unusedTradingVolume: string | null;
}

function knownRoles(roles: string[]): UserRole[] {
  return roles.filter((role): role is UserRole => (USER_ROLES as readonly string[]).includes(role));
}

function fullNameVisibility(value: string): CurrentUser["fullNameVisibilityType"] {
  return (FULL_NAME_VISIBILITY_TYPES as readonly string[]).includes(value)
    ? (value as CurrentUser["fullNameVisibilityType"])
    : "first_name_and_initial";
}

/**
 * The name others see, following the owner's full-name visibility choice. A verified corporate
 * account may show its company's legal entity or business name (docs/product.md#corporate-accounts);
 * without a verified company those choices show the full name.
 */
function visibleFullName(
  row: Pick<
    UserRow,
    | "first_name"
    | "last_name"
    | "full_name_visibility_type"
    | "is_corporate_verified"
    | "legal_entity_name"
    | "business_name"
  >,
): string | null {
  const company =
    row.full_name_visibility_type === "legal_entity_name"
      ? row.legal_entity_name
      : row.full_name_visibility_type === "business_name"
        ? row.business_name
        : null;
  if (row.is_corporate_verified && company) return company;
  const first = row.first_name?.trim();
  const last = row.last_name?.trim();
  if (!first) return null;
  switch (row.full_name_visibility_type) {
    case "hide_name":
      return null;
    case "full_name":
    case "legal_entity_name":
    case "business_name":
      return last ? `${first} ${last}` : first;
    default:
      return last ? `${first} ${last.charAt(0)}.` : first;
  }
}

/**
 * The special balance notice (docs/product.md#closing-an-account): 1 for a closed account, 0 for a
 * frozen one (its balance cannot be used), none otherwise. Notice 2 (payment support) has no
 * source yet.
 */
export function specialBalanceNotice(row: Pick<UserRow, "closed_at" | "is_frozen">): 0 | 1 | 2 | null {
  if (row.closed_at !== null) return 1;
  if (row.is_frozen) return 0;
  return null;
}

function epochSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/**
 * The current-user answer (docs/product.md#users-and-the-current-user). Fields whose features are
 * not built yet carry
 * honest defaults (false, zero, empty) rather than invented values.
 */
export function toCurrentUser(row: UserRow, lookups: CurrentUserLookups): CurrentUser {
  const roles = knownRoles(row.roles);
  const verification = {
    id: row.id_verified_at !== null,
    address: row.address_verified_at !== null,
    phone: row.phone_verified_at !== null,
    email: row.email_verified_at !== null,
    video: row.video_verified_at !== null,
    fullnameBirthday: row.fullname_birthday_verified_at !== null,
    basic: row.email_verified_at !== null && row.phone_verified_at !== null,
    company: row.company_verified_at !== null,
    corporateAccount: row.is_corporate_verified,
  };
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return {
    id: Number(row.id),
    externalId: row.external_id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    avatarUrl: row.avatar_url,
    firstName: row.first_name,
    lastName: row.last_name,
    userFullName: fullName || null,
    country: lookups.country,
    currency: lookups.fiatCurrencyCode,
    currencyId: row.fiat_currency_id,
    locationCurrency: null,
    locale: row.locale,
    urlLocale: row.locale === "en" ? "" : row.locale,
    timezone: row.timezone,
    referralCode: row.referral_code,
    completedTrades: row.completed_trades,
    feeDiscount: row.fee_discount,
    isVendor: roles.includes("vendor"),
    vendorLanguages: row.vendor_languages,
    kycLevelCheck: {
      level: Number(row.kyc_level),
      unusedTradingVolumeInFiatCurrency: lookups.unusedTradingVolume,
    },
    blockedKycActions: row.blocked_kyc_actions,
    completedTourGuides: row.completed_tour_guides,
    isBalanceHidden: row.is_balance_hidden,
    fullNameVisibilityType: fullNameVisibility(row.full_name_visibility_type),
    ...lookups.activity,
    twoFactor: lookups.twoFactor,
    verification: {
      ...verification,
      // Full identity counts as verified only when id, e-mail, address and phone all are.
      isFullyVerified: verification.id && verification.email && verification.address && verification.phone,
    },
    roles,
    isBanned: row.is_banned,
    isSuspended: row.is_suspended,
    isOnHold: row.is_on_hold,
    isFrozen: row.is_frozen,
    isRestricted: row.is_restricted,
    isCompromised: row.is_compromised,
    isDemoAccount: roles.includes("demo"),
    isMerchant: roles.includes("merchant"),
    isCorporate: roles.includes("corporate"),
    isStaff: roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role)),
    lastMobileAppActive: epochSeconds(row.last_mobile_app_active_at),
    acceptChatMessages: row.accept_chat_messages as CurrentUser["acceptChatMessages"],
    fiatCurrencyCode: lookups.fiatCurrencyCode,
    fiatCurrencyId: row.fiat_currency_id,
    siteTheme: row.site_theme,
    bio: row.bio,
    notifyTradeMessagesInterval: row.notify_trade_messages_interval,
    canChangeUsername: row.username_changed_at === null && row.closed_at === null,
    isAccountClosed: row.closed_at !== null,
    specialBalanceNotice: specialBalanceNotice(row),
    createdAt: row.created_at.toISOString(),
  };
}

/** Profile (public) (docs/product.md#public-profile), with the fields that exist so far. */
export function toPublicProfile(
  row: UserRow,
  countryName: string | null,
  reputation: Pick<PublicProfile, "tradeVolume" | "badge">,
): PublicProfile {
  const roles = knownRoles(row.roles);
  return {
    username: row.username,
    avatarUrl: row.avatar_url,
    fullName: visibleFullName(row),
    ipLocation: countryName,
    lastSeen: epochSeconds(row.last_seen_at),
    phone: row.phone_verified_at !== null,
    feedback: { positive: row.feedback_positive_count, negative: row.feedback_negative_count },
    verification: { id: row.id_verified_at !== null, email: row.email_verified_at !== null },
    registered: epochSeconds(row.created_at) ?? 0,
    totalPartners: row.total_partners,
    totalTrades: row.completed_trades,
    btcTraded: formatAmount(row.btc_traded_minor, BTC_DECIMALS),
    // How many users trust or block this one ("Trusted by N", "Blocked by N").
    trustedCount: row.trusted_by_count,
    blockedCount: row.blocked_by_count,
    confirmedChargebacks: row.confirmed_chargebacks,
    tradeVolume: reputation.tradeVolume,
    isVendor: roles.includes("vendor"),
    badge: reputation.badge,
    bio: row.closed_at === null ? row.bio : "",
    isAccountClosed: row.closed_at !== null,
  };
}
