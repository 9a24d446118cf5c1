import { z } from "zod";
import { ACCEPT_CHAT_MESSAGES, FULL_NAME_VISIBILITY_TYPES, USER_ROLES } from "./enums.ts";

export const countryRefSchema = z.object({
  iso: z.string(),
  code: z.string(),
  name: z.string(),
  nameLocalized: z.string(),
});

/**
 * Current user (docs/product.md#users-and-the-current-user): every field, with honest defaults for
 * what is not built yet.
 */
export const currentUserSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userFullName: z.string().nullable(),
  country: countryRefSchema.nullable(),
  currency: z.string(),
  currencyId: z.number().int(),
  locationCurrency: z.string().nullable(),
  locale: z.string(),
  urlLocale: z.string(),
  timezone: z.string().nullable(),
  referralCode: z.string(),
  completedTrades: z.number().int(),
  feeDiscount: z.string(),
  isVendor: z.boolean(),
  vendorLanguages: z.array(z.string()),
  kycLevelCheck: z.object({ level: z.number(), unusedTradingVolumeInFiatCurrency: z.string().nullable() }),
  blockedKycActions: z.array(z.string()),
  completedTourGuides: z.array(z.string()),
  isBalanceHidden: z.boolean(),
  fullNameVisibilityType: z.enum(FULL_NAME_VISIBILITY_TYPES),
  hasActiveBuyOffers: z.boolean(),
  hasActiveSellOffers: z.boolean(),
  hasActiveTrades: z.boolean(),
  hasOffers: z.boolean(),
  twoFactor: z.object({ release: z.boolean(), login: z.boolean(), sendout: z.boolean() }),
  verification: z.object({
    id: z.boolean(),
    address: z.boolean(),
    phone: z.boolean(),
    email: z.boolean(),
    video: z.boolean(),
    fullnameBirthday: z.boolean(),
    basic: z.boolean(),
    company: z.boolean(),
    corporateAccount: z.boolean(),
    isFullyVerified: z.boolean(),
  }),
  roles: z.array(z.enum(USER_ROLES)),
  isBanned: z.boolean(),
  isSuspended: z.boolean(),
  isOnHold: z.boolean(),
  isFrozen: z.boolean(),
  isRestricted: z.boolean(),
  isCompromised: z.boolean(),
  isDemoAccount: z.boolean(),
  isApiKeyConnected: z.boolean(),
  isMerchant: z.boolean(),
  isCorporate: z.boolean(),
  /** admin, supermod or moderator: the spec's one combined flag. */
  isStaff: z.boolean(),
  lastMobileAppActive: z.number().int().nullable(),
  acceptChatMessages: z.enum(ACCEPT_CHAT_MESSAGES),
  fiatCurrencyCode: z.string(),
  fiatCurrencyId: z.number().int(),
  siteTheme: z.enum(["light", "dark"]).nullable(),
  /** User settings (docs/product.md#settings): every saved field comes back. */
  bio: z.string(),
  notifyTradeMessagesInterval: z.number().int(),
  /** The username may be changed once; false after that change. */
  canChangeUsername: z.boolean(),
  isAccountClosed: z.boolean(),
  /** The special balance notice to show (docs/product.md#closing-an-account), null when none. */
  specialBalanceNotice: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Profile (public) (docs/product.md#public-profile): the fields that exist so far. */
/** The params of the /rest/v1/users/{username}/... routes (profile, active offers, feedback). */
export const usernameParamsSchema = z.object({ username: z.string().trim().min(1).max(64) });

export const publicProfileSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  fullName: z.string().nullable(),
  ipLocation: z.string().nullable(),
  /** Epoch seconds. */
  lastSeen: z.number().int().nullable(),
  phone: z.boolean(),
  feedback: z.object({ positive: z.number().int(), negative: z.number().int() }),
  verification: z.object({ id: z.boolean(), email: z.boolean() }),
  /** Epoch seconds. */
  registered: z.number().int(),
  totalPartners: z.number().int(),
  totalTrades: z.number().int(),
  btcTraded: z.string(),
  trustedCount: z.number().int(),
  blockedCount: z.number().int(),
  /** Chargebacks confirmed on trades where this user bought (docs/decisions/141-chargeback-decisions.md). */
  confirmedChargebacks: z.number().int(),
  tradeVolume: z.array(z.object({ name: z.string(), value: z.string() })),
  isVendor: z.boolean(),
  badge: z.string(),
  bio: z.string(),
  /** The account was closed by its owner. */
  isAccountClosed: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const BIO_MAX_LENGTH = 1_000;
export const BIO_MAX_LINES = 12;
export const NOTIFY_TRADE_MESSAGES_INTERVAL_MAX = 1_440;
export const NAME_MAX_LENGTH = 64;

/**
 * POST /rest/v1/users/settings. Bio and interval rules (docs/product.md#settings) are checked by the
 * server, which answers with the spec's message keys per field (bio_max, bio_contact_error,
 * bio_limit, notification_digits_error, notification_error).
 */
export const userSettingsRequestSchema = z
  .object({
    bio: z.string().max(20_000).optional(),
    notifyTradeMessagesInterval: z.union([z.string().max(20), z.number()]).optional(),
    fullNameVisibilityType: z.enum(FULL_NAME_VISIBILITY_TYPES).optional(),
    fiatCurrencyCode: z.string().trim().min(3).max(5).optional(),
    fiatCurrencyId: z.number().int().positive().optional(),
    siteTheme: z.enum(["light", "dark"]).optional(),
    isBalanceHidden: z.boolean().optional(),
    acceptChatMessages: z.enum(ACCEPT_CHAT_MESSAGES).optional(),
    locale: z.enum(["en", "fr"]).optional(),
    /** An IANA time zone name (Europe/Paris); null clears it. */
    timezone: z.string().trim().min(1).max(64).nullable().optional(),
    firstName: z.string().trim().max(NAME_MAX_LENGTH).nullable().optional(),
    lastName: z.string().trim().max(NAME_MAX_LENGTH).nullable().optional(),
  })
  .strict();
export type UserSettingsRequest = z.infer<typeof userSettingsRequestSchema>;

// ---- avatars (docs/decisions/026-upload-checks.md, "Avatars") ---------------------------------

/** POST users/process-avatar: one image (png, jpeg, webp) in a multipart body, checked by content. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The shorter side of the uploaded image, in pixels, at least. */
export const AVATAR_MIN_SIDE = 64;
/** The longer side may be at most this many times the shorter. */
export const AVATAR_MAX_PROPORTION = 4;
/** What is stored and served: a square WebP of this side. */
export const AVATAR_SIDE = 256;
/** The field name the web app gives the file part. */
export const AVATAR_FILE_FIELD = "file";
/**
 * Why an avatar was refused, under `details.files`: the upload checks' reasons, plus
 * avatar_too_small and avatar_proportions for an image of the wrong shape.
 */
export const AVATAR_REFUSALS = [
  "attachment_required",
  "attachment_limit_count",
  "attachment_limit_size",
  "attachment_image_broken",
  "attachment_type_not_allowed",
  "avatar_too_small",
  "avatar_proportions",
] as const;
export type AvatarRefusal = (typeof AVATAR_REFUSALS)[number];
export const avatarParamsSchema = z.object({ id: z.uuid() });
