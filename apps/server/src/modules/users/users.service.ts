import { randomBytes } from "node:crypto";
import {
  type CurrentUser,
  type PublicProfile,
  TOUR_GUIDES_MAX,
  type UserRole,
  type UserSettingsRequest,
} from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { inputError } from "../../platform/index.ts";
import { getCountryByIso, getFiatCurrencyByCode, getFiatCurrencyById } from "../reference/index.ts";
import { profileReputation } from "../reputation/index.ts";
import { twoFactorFlagsOf } from "../two-factor/index.ts";
import { unusedTradingVolume as unusedTradingVolumeOf } from "../verification/index.ts";
import { toCurrentUser, toPublicProfile } from "./users.domain.ts";
import { userNotFound } from "./users.errors.ts";
import * as repo from "./users.repo.ts";
import { checkBio, checkNotifyInterval, isKnownTimezone } from "./users.settings.ts";

export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw userNotFound();
  const [country, fiat, activity, twoFactor] = await Promise.all([
    row.country_iso ? getCountryByIso(db, row.country_iso, row.locale) : Promise.resolve(null),
    getFiatCurrencyById(db, row.fiat_currency_id),
    repo.findActivityFlags(db, userId),
    twoFactorFlagsOf(db, userId),
  ]);
  const fiatCurrencyCode = fiat?.code ?? "USD";
  const unusedTradingVolume = await unusedTradingVolumeOf(db, userId, fiatCurrencyCode);
  return toCurrentUser(row, { country, fiatCurrencyCode, activity, twoFactor, unusedTradingVolume });
}

/** The user's escrow fee discount, a fraction ("0" when none). */
export async function getFeeDiscount(db: Db | Tx, userId: number): Promise<string> {
  return (await repo.findUserById(db, userId))?.fee_discount ?? "0";
}

export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  const row = await repo.findUserByUsername(db, username);
  // Banned accounts have no public profile.
  if (!row || row.is_banned) throw userNotFound();
  const [country, reputation] = await Promise.all([
    row.country_iso ? getCountryByIso(db, row.country_iso) : null,
    profileReputation(db, Number(row.id), {
      roles: row.roles,
      feedbackPositive: row.feedback_positive_count,
      feedbackNegative: row.feedback_negative_count,
    }),
  ]);
  return toPublicProfile(row, country?.name ?? null, reputation);
}

export async function updateSettings(db: Db, userId: number, input: UserSettingsRequest): Promise<CurrentUser> {
  const errors: Record<string, string[]> = {};
  const patch: repo.SettingsPatch = {};
  if (input.bio !== undefined) {
    const bioErrors = checkBio(input.bio);
    if (bioErrors.length > 0) errors.bio = bioErrors;
    else patch.bio = input.bio;
  }
  if (input.notifyTradeMessagesInterval !== undefined) {
    const interval = checkNotifyInterval(input.notifyTradeMessagesInterval);
    if (interval.ok) patch.notify_trade_messages_interval = interval.minutes;
    else errors.notifyTradeMessagesInterval = interval.errors;
  }
  if (input.fiatCurrencyCode !== undefined || input.fiatCurrencyId !== undefined) {
    const fiat =
      input.fiatCurrencyId !== undefined
        ? await getFiatCurrencyById(db, input.fiatCurrencyId)
        : await getFiatCurrencyByCode(db, (input.fiatCurrencyCode ?? "").toUpperCase());
    if (fiat) patch.fiat_currency_id = fiat.id;
    else errors.fiatCurrencyCode = ["fiat_currency_unknown"];
  }
  if (input.timezone !== undefined) {
    if (input.timezone === null || isKnownTimezone(input.timezone)) patch.timezone = input.timezone;
    else errors.timezone = ["timezone_unknown"];
  }
  if (Object.keys(errors).length > 0) throw inputError(errors);
  if (input.firstName !== undefined) patch.first_name = input.firstName || null;
  if (input.lastName !== undefined) patch.last_name = input.lastName || null;
  if (input.fullNameVisibilityType) patch.full_name_visibility_type = input.fullNameVisibilityType;
  if (input.siteTheme) patch.site_theme = input.siteTheme;
  if (input.isBalanceHidden !== undefined) patch.is_balance_hidden = input.isBalanceHidden;
  if (input.acceptChatMessages) patch.accept_chat_messages = input.acceptChatMessages;
  if (input.locale) patch.locale = input.locale;
  await repo.updateUserSettings(db, userId, patch);
  return getCurrentUser(db, userId);
}

const usernameTaken = () => inputError({ username: ["username_taken"] }, "That username is already registered.");

/** POST users/set-username: the sign-up rules, a name no one else has, and only once. */
export async function setUsername(db: Db, userId: number, username: string): Promise<CurrentUser> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw userNotFound();
  if (row.username_changed_at !== null)
    throw inputError({ username: ["username_change_used"] }, "The username can be changed only once.");
  const holder = await repo.findUserByUsername(db, username);
  if (holder && Number(holder.id) !== userId) throw usernameTaken();
  try {
    if (!(await repo.renameOnce(db, userId, username)))
      throw inputError({ username: ["username_change_used"] }, "The username can be changed only once.");
  } catch (error) {
    // Another account took the name between the check and the write (users_username_key).
    if ((error as { code?: string }).code === "23505") throw usernameTaken();
    throw error;
  }
  return getCurrentUser(db, userId);
}

/** POST users/tour/completed: the tour joins the completed ones (repeating it changes nothing). */
export async function completeTour(db: Db, userId: number, tourName: string): Promise<CurrentUser> {
  await repo.addCompletedTour(db, userId, tourName, TOUR_GUIDES_MAX);
  return getCurrentUser(db, userId);
}

function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase();
}

export interface CreateUserInput {
  username: string;
  email: string;
  passwordHash: string;
  roles?: UserRole[];
  emailVerified?: boolean;
  countryIso?: string | null;
}

/** Inserts a user; unique violations surface as the spec-style input errors. */
export async function createUser(db: Db, input: CreateUserInput): Promise<{ id: number; username: string }> {
  const taken = await repo.findTakenIdentity(db, input.email, input.username);
  const errors: Record<string, string[]> = {};
  if (taken.some((row) => row.emailTaken)) errors.email = ["email_taken"];
  if (taken.some((row) => row.usernameTaken)) errors.username = ["username_taken"];
  if (Object.keys(errors).length > 0) throw inputError(errors, "That e-mail or username is already registered.");
  const roles = input.roles && input.roles.length > 0 ? input.roles : ["user"];
  try {
    const row = await repo.insertUser(db, {
      username: input.username,
      email: input.email,
      passwordHash: input.passwordHash,
      referralCode: newReferralCode(),
      roles: roles.includes("user") ? roles : ["user", ...roles],
      emailVerified: input.emailVerified ?? false,
      countryIso: input.countryIso ?? null,
    });
    return { id: Number(row.id), username: row.username };
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same error.
    if ((error as { code?: string }).code === "23505") {
      const constraint = String((error as { constraint?: string }).constraint ?? "");
      throw inputError(constraint.includes("email") ? { email: ["email_taken"] } : { username: ["username_taken"] });
    }
    throw error;
  }
}

export interface LoginCandidate {
  id: number;
  username: string;
  passwordHash: string;
  isBanned: boolean;
  isClosed: boolean;
}

export async function findLoginCandidate(db: Db, login: string): Promise<LoginCandidate | null> {
  const row = await repo.findUserByLogin(db, login);
  return row
    ? {
        id: Number(row.id),
        username: row.username,
        passwordHash: row.password_hash,
        isBanned: row.is_banned,
        isClosed: row.closed_at !== null,
      }
    : null;
}

/** The account a username names (without regard to case), as other modules need it: id, spelling, ban. */
export async function findUserByUsername(
  db: Db,
  username: string,
): Promise<{ id: bigint; username: string; is_banned: boolean } | undefined> {
  const row = await repo.findUserByUsername(db, username);
  return row && { id: row.id, username: row.username, is_banned: row.is_banned };
}

export async function findUserIdByUsername(db: Db, username: string): Promise<number | null> {
  const row = await repo.findUserByUsername(db, username);
  return row ? Number(row.id) : null;
}

export async function grantRoles(db: Db, userId: number, roles: UserRole[]): Promise<void> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw userNotFound();
  await repo.setUserRoles(db, userId, [...new Set([...row.roles, ...roles])]);
}

/**
 * Moves the profile figures other modules keep (trusted-by and blocked-by counts, feedback
 * counts) by signed steps, in the caller's transaction so they change with the fact they count.
 */
export async function adjustProfileCounts(db: Db | Tx, userId: number, delta: repo.ProfileCountsDelta): Promise<void> {
  await repo.adjustProfileCounts(db, userId, delta);
}
