import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { forgetViewersOf } from "../../platform/index.ts";

export interface UserRow {
  id: bigint;
  external_id: string;
  username: string;
  email: string;
  password_hash: string;
  phone: string | null;
  avatar_url: string | null;
  first_name: string | null;
  last_name: string | null;
  country_iso: string | null;
  fiat_currency_id: number;
  locale: string;
  timezone: string | null;
  referral_code: string;
  fee_discount: string;
  roles: string[];
  is_banned: boolean;
  is_suspended: boolean;
  is_on_hold: boolean;
  is_frozen: boolean;
  is_restricted: boolean;
  is_compromised: boolean;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  id_verified_at: Date | null;
  address_verified_at: Date | null;
  video_verified_at: Date | null;
  fullname_birthday_verified_at: Date | null;
  company_verified_at: Date | null;
  is_corporate_verified: boolean;
  kyc_level: string;
  blocked_kyc_actions: string[];
  completed_tour_guides: string[];
  vendor_languages: string[];
  is_balance_hidden: boolean;
  full_name_visibility_type: string;
  accept_chat_messages: string;
  bio: string;
  notify_trade_messages_interval: number;
  site_theme: "light" | "dark" | null;
  registration_group: number;
  last_seen_at: Date | null;
  last_mobile_app_active_at: Date | null;
  /** Trade figures kept by the trades module (adjustTradeCounters). */
  completed_trades: number;
  total_partners: number;
  btc_traded_minor: bigint;
  confirmed_chargebacks: number;
  /** Kept by the contacts and feedback modules through adjustProfileCounts. */
  trusted_by_count: number;
  blocked_by_count: number;
  feedback_positive_count: number;
  feedback_negative_count: number;
  username_changed_at: Date | null;
  closed_at: Date | null;
  close_reason: string | null;
  close_comment: string | null;
  phone_consent_at: Date | null;
  /** Written by the corporate-accounts module when a company application is approved. */
  legal_entity_name: string | null;
  business_name: string | null;
  company_verification_postponed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Every column but these has a default in the database, so an insert may leave it out. */
type RequiredOnInsert = "username" | "email" | "password_hash" | "referral_code";
type UsersTables = {
  users: { [K in keyof UserRow]: K extends RequiredOnInsert ? UserRow[K] : Generated<UserRow[K]> };
};

function tables(db: Db) {
  return db.withTables<UsersTables>();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return tables(db).selectFrom("users").selectAll().where("id", "=", BigInt(id)).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return tables(db)
    .selectFrom("users")
    .selectAll()
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

/** A log-in names the account by e-mail or username. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = login.toLowerCase();
  return tables(db)
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", key), eb(sql`lower(email)`, "=", key)]))
    .executeTakeFirst();
}

export async function findTakenIdentity(db: Db, email: string, username: string) {
  return tables(db)
    .selectFrom("users")
    .select([
      sql<boolean>`lower(email) = ${email.toLowerCase()}`.as("emailTaken"),
      sql<boolean>`lower(username) = ${username.toLowerCase()}`.as("usernameTaken"),
    ])
    .where((eb) =>
      eb.or([eb(sql`lower(email)`, "=", email.toLowerCase()), eb(sql`lower(username)`, "=", username.toLowerCase())]),
    )
    .execute();
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  referralCode: string;
  roles: string[];
  emailVerified?: boolean;
  locale?: string;
  countryIso?: string | null;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return tables(db)
    .insertInto("users")
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      referral_code: user.referralCode,
      roles: user.roles,
      locale: user.locale ?? "en",
      country_iso: user.countryIso ?? null,
      email_verified_at: user.emailVerified ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SettingsPatch {
  bio?: string;
  notify_trade_messages_interval?: number;
  full_name_visibility_type?: string;
  fiat_currency_id?: number;
  site_theme?: "light" | "dark";
  is_balance_hidden?: boolean;
  accept_chat_messages?: string;
  locale?: string;
  timezone?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export async function updateUserSettings(db: Db, userId: number, patch: SettingsPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tables(db)
    .updateTable("users")
    .set({ ...patch, updated_at: sql`now()` })
    .where("id", "=", BigInt(userId))
    .execute();
}

/**
 * Renames the user unless they have renamed before (the once-only rule is the WHERE clause, so
 * two parallel changes cannot both pass). Returns false when the change was already used.
 */
export async function renameOnce(db: Db, userId: number, username: string): Promise<boolean> {
  const result = await tables(db)
    .updateTable("users")
    .set({ username, username_changed_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", BigInt(userId))
    .where("username_changed_at", "is", null)
    .executeTakeFirst();
  const renamed = Number(result.numUpdatedRows) === 1;
  // A refused rename changed nothing: the cached viewers stay.
  if (renamed) forgetViewersOf(db, userId);
  return renamed;
}

/** Adds a tour to the completed ones (once), keeping at most `max` names. */
export async function addCompletedTour(db: Db, userId: number, tourName: string, max: number): Promise<void> {
  await sql`UPDATE users SET completed_tour_guides = array_append(completed_tour_guides, ${tourName}::text)
    WHERE id = ${BigInt(userId)} AND NOT (${tourName}::text = ANY (completed_tour_guides))
      AND cardinality(completed_tour_guides) < ${max}`.execute(db);
}

export async function setUserRoles(db: Db, userId: number, roles: string[]): Promise<void> {
  await tables(db)
    .updateTable("users")
    .set({ roles, updated_at: sql`now()` })
    .where("id", "=", BigInt(userId))
    .execute();
  forgetViewersOf(db, userId);
}

/** Signed changes to the profile figures another module keeps (contacts, feedback). */
export interface ProfileCountsDelta {
  trustedBy?: number;
  blockedBy?: number;
  feedbackPositive?: number;
  feedbackNegative?: number;
}

const PROFILE_COUNT_COLUMNS = {
  trustedBy: "trusted_by_count",
  blockedBy: "blocked_by_count",
  feedbackPositive: "feedback_positive_count",
  feedbackNegative: "feedback_negative_count",
} as const;

export async function adjustProfileCounts(db: Db | Tx, userId: number, delta: ProfileCountsDelta): Promise<void> {
  const changes = Object.entries(PROFILE_COUNT_COLUMNS)
    .map(([key, column]) => ({ column, change: Math.trunc(delta[key as keyof ProfileCountsDelta] ?? 0) }))
    .filter(({ change }) => change !== 0)
    .map(({ column, change }) => sql`${sql.ref(column)} = ${sql.ref(column)} + ${change}::integer`);
  if (changes.length === 0) return;
  await sql`UPDATE users SET ${sql.join(changes)} WHERE id = ${BigInt(userId)}`.execute(db);
}

/** What the user has going on: switched-on offers of each side, any offer at all, open trades. */
export interface UserActivityFlags {
  hasActiveBuyOffers: boolean;
  hasActiveSellOffers: boolean;
  hasActiveTrades: boolean;
  hasOffers: boolean;
  /** A live (not revoked) API client of the api-clients module. */
  isApiKeyConnected: boolean;
}

/**
 * The account's activity flags in one statement. Offers, trades and API clients belong to their own modules,
 * which depend on this one; reading their tables here (by owner index) keeps the account answer
 * one round trip without an import cycle. "Active" offers are those the owner has switched on and
 * not deleted; active trades are those still open (funded, paid or in dispute).
 */
export async function findActivityFlags(db: Db, userId: number): Promise<UserActivityFlags> {
  const id = BigInt(userId);
  const result = await sql<UserActivityFlags>`
    SELECT
      EXISTS (SELECT 1 FROM offers WHERE user_id = ${id} AND type = 'buy' AND is_active AND deleted_at IS NULL)
        AS "hasActiveBuyOffers",
      EXISTS (SELECT 1 FROM offers WHERE user_id = ${id} AND type = 'sell' AND is_active AND deleted_at IS NULL)
        AS "hasActiveSellOffers",
      EXISTS (SELECT 1 FROM trades WHERE buyer_id = ${id} AND status IN ('active_funded', 'paid', 'dispute_open'))
        OR EXISTS (SELECT 1 FROM trades WHERE seller_id = ${id} AND status IN ('active_funded', 'paid', 'dispute_open'))
        AS "hasActiveTrades",
      EXISTS (SELECT 1 FROM offers WHERE user_id = ${id} AND deleted_at IS NULL) AS "hasOffers",
      EXISTS (SELECT 1 FROM api_clients WHERE user_id = ${id} AND revoked_at IS NULL) AS "isApiKeyConnected"`.execute(
    db,
  );
  return (
    result.rows[0] ?? {
      hasActiveBuyOffers: false,
      hasActiveSellOffers: false,
      hasActiveTrades: false,
      hasOffers: false,
      isApiKeyConnected: false,
    }
  );
}
