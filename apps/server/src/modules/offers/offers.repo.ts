import type { DutyHour } from "@souk/contracts";
import { type ColumnType, type Generated, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { availableBalanceSql } from "../ledger/index.ts";

/** The offers table as this module writes it (migration 0030). NUMERIC columns are strings. */
interface OffersTable {
  id: Generated<bigint>;
  id_hashed: string;
  user_id: bigint;
  type: "buy" | "sell";
  crypto_currency_id: number;
  fiat_currency_id: number;
  payment_method_id: number;
  payment_method_group_id: number;
  flow_type: string;
  margin: string;
  fixed_price: string | null;
  fixed_price_usd: string | null;
  range_type: string;
  fiat_limit_min: string;
  fiat_limit_max: string;
  predefined_amounts: string[];
  new_buyer_max_fiat_limit: string | null;
  payment_window_minutes: number;
  offer_terms: string;
  trade_details: string;
  label: string;
  tags: string[];
  require_min_past_trades: number;
  require_verified_id: boolean;
  require_full_name_visibility: boolean;
  show_only_trusted_user: boolean;
  is_anonymous_user_restricted: boolean;
  available_in: string[];
  /** jsonb: written as JSON text, read back parsed. */
  duty_hours: ColumnType<DutyHour[], string, string>;
  timezone: string;
  /** int4multirange, as text. */
  duty_utc_ranges: string | null;
  duty_utc_offset_minutes: number;
  is_third_party_treatment_enabled: boolean;
  is_gift_card_check_enabled: boolean;
  is_bin_code_enabled: boolean;
  bin_codes: string[];
  card_regions: string[];
  location_city: string | null;
  location_subdivision: string | null;
  location_country_iso: string | null;
  offer_cap_amount: string | null;
  offer_cap_active: boolean;
  offer_cap_used: Generated<string>;
  manual_escrow_fee_bps: number | null;
  is_active: boolean;
  is_enabled: Generated<boolean>;
  penalty_reason: Generated<string | null>;
  moderation_status: Generated<number>;
  moderation_message: Generated<string | null>;
  is_featured_by_moderator: Generated<boolean>;
  featured_until: Generated<Date | null>;
  version: Generated<number>;
  last_change_reason: Generated<string | null>;
  deleted_at: Generated<Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  is_listed: Generated<boolean>;
  /** The owner can fund the offer's minimum (migration 0066; written by refreshFunding only). */
  is_funded: Generated<boolean>;
}

/** Columns of other modules' tables this module reads (docs/decisions/002). */
type OffersTables = {
  offers: OffersTable;
  users: {
    id: bigint;
    username: string;
    avatar_url: string | null;
    country_iso: string | null;
    roles: string[];
    last_seen_at: Date | null;
    id_verified_at: Date | null;
    first_name: string | null;
    full_name_visibility_type: string;
    fee_discount: string;
    is_banned: boolean;
    is_suspended: boolean;
    is_frozen: boolean;
    is_on_hold: boolean;
    is_compromised: boolean;
  };
  trader_stats: {
    user_id: bigint;
    completed_trades: Generated<number>;
    completed_trades_30d: Generated<number>;
    release_time_median_seconds: Generated<number | null>;
    feedback_positive: Generated<number>;
    feedback_negative: Generated<number>;
    updated_at: Generated<Date>;
  };
  offer_reports: {
    id: Generated<bigint>;
    offer_id: bigint;
    reporter_user_id: bigint;
    reason: string;
    message: string;
    status: Generated<string>;
    created_at: Generated<Date>;
  };
  offer_favorites: { user_id: bigint; offer_id: bigint; created_at: Generated<Date> };
};

function tables(db: Db | Tx) {
  return db.withTables<OffersTables>();
}

export type OfferRow = Selectable<OffersTable>;
export type NewOfferRow = Omit<
  OfferRow,
  | "id"
  | "offer_cap_used"
  | "is_enabled"
  | "penalty_reason"
  | "moderation_status"
  | "moderation_message"
  | "is_featured_by_moderator"
  | "featured_until"
  | "version"
  | "last_change_reason"
  | "deleted_at"
  | "created_at"
  | "updated_at"
  | "is_listed"
  | "is_funded"
  | "duty_hours"
> & { duty_hours: string };
export type OfferPatch = Partial<Omit<NewOfferRow, "id_hashed" | "user_id">> & {
  last_change_reason?: string | null;
};

/** The owner's columns an offer answer shows, and whether the owner may be listed. */
interface OwnerColumns {
  owner_username: string;
  owner_avatar_url: string | null;
  owner_country_iso: string | null;
  owner_roles: string[];
  owner_last_seen_at: Date | null;
  owner_id_verified_at: Date | null;
  owner_fee_discount: string;
  owner_is_listable: boolean;
  stats_completed_trades_30d: number | null;
  stats_release_time_median_seconds: number | null;
  stats_feedback_positive: number | null;
  stats_feedback_negative: number | null;
  owner_feedback_positive: number;
  owner_feedback_negative: number;
  owner_done_trades: number | null;
  owner_volume_usd: number | null;
}

export type OfferRecord = OfferRow & OwnerColumns;

/**
 * What the owner's badge is worked out from, beside the roles: the feedback counts of the owner's
 * row and the done trades and USD volume the reputation job keeps (user_trade_stats, read only),
 * each a primary-key read of the rows a page shows (docs/decisions/147-direct-message-notifications-and-listing-badges.md).
 */
export const OWNER_BADGE_COLUMNS = sql`u.feedback_positive_count AS owner_feedback_positive,
  u.feedback_negative_count AS owner_feedback_negative,
  (SELECT r.done_trades FROM user_trade_stats r WHERE r.user_id = o.user_id) AS owner_done_trades,
  (SELECT r.volume_usd::float8 FROM user_trade_stats r WHERE r.user_id = o.user_id) AS owner_volume_usd`;

/** An owner's offers may be listed unless the owner is barred from trading. */
export const OWNER_IS_LISTABLE = sql<boolean>`NOT (u.is_banned OR u.is_suspended OR u.is_frozen OR u.is_on_hold OR u.is_compromised)`;

const OFFER_COLUMNS = sql.raw(
  [
    "o.id",
    "o.id_hashed",
    "o.user_id",
    "o.type",
    "o.crypto_currency_id",
    "o.fiat_currency_id",
    "o.payment_method_id",
    "o.payment_method_group_id",
    "o.flow_type",
    "o.margin",
    "o.fixed_price",
    "o.fixed_price_usd",
    "o.range_type",
    "o.fiat_limit_min",
    "o.fiat_limit_max",
    "o.predefined_amounts::text[] AS predefined_amounts",
    "o.new_buyer_max_fiat_limit",
    "o.payment_window_minutes",
    "o.offer_terms",
    "o.trade_details",
    "o.label",
    "o.tags",
    "o.require_min_past_trades",
    "o.require_verified_id",
    "o.require_full_name_visibility",
    "o.show_only_trusted_user",
    "o.is_anonymous_user_restricted",
    "o.available_in",
    "o.duty_hours",
    "o.timezone",
    "o.duty_utc_ranges::text AS duty_utc_ranges",
    "o.duty_utc_offset_minutes",
    "o.is_third_party_treatment_enabled",
    "o.is_gift_card_check_enabled",
    "o.is_bin_code_enabled",
    "o.bin_codes",
    "o.card_regions",
    "o.location_city",
    "o.location_subdivision",
    "o.location_country_iso",
    "o.offer_cap_amount",
    "o.offer_cap_active",
    "o.offer_cap_used",
    "o.manual_escrow_fee_bps",
    "o.is_active",
    "o.is_enabled",
    "o.penalty_reason",
    "o.moderation_status",
    "o.moderation_message",
    "o.is_featured_by_moderator",
    "o.featured_until",
    "o.version",
    "o.last_change_reason",
    "o.deleted_at",
    "o.created_at",
    "o.updated_at",
    "o.is_listed",
    "o.is_funded",
  ].join(", "),
);

/**
 * A trade start reads the offer without the owner's badge (it shows none): these stand in for the
 * two sub-selects of OWNER_BADGE_COLUMNS, so the hot path reads only the offer's and owner's rows.
 */
const NO_BADGE_COLUMNS = sql`u.feedback_positive_count AS owner_feedback_positive,
  u.feedback_negative_count AS owner_feedback_negative,
  NULL::int AS owner_done_trades, NULL::float8 AS owner_volume_usd`;

/** The columns of a record (offer, owner, owner's stats) in one select list, for raw SQL. */
const recordColumns = (badges: boolean) => sql`${OFFER_COLUMNS},
  u.username AS owner_username, u.avatar_url AS owner_avatar_url, u.country_iso AS owner_country_iso,
  u.roles AS owner_roles, u.last_seen_at AS owner_last_seen_at, u.id_verified_at AS owner_id_verified_at,
  u.fee_discount AS owner_fee_discount, ${OWNER_IS_LISTABLE} AS owner_is_listable, ${badges ? OWNER_BADGE_COLUMNS : NO_BADGE_COLUMNS},
  s.completed_trades_30d AS stats_completed_trades_30d,
  s.release_time_median_seconds AS stats_release_time_median_seconds,
  s.feedback_positive AS stats_feedback_positive, s.feedback_negative AS stats_feedback_negative`;
const RECORD_COLUMNS = recordColumns(true);
const UNBADGED_RECORD_COLUMNS = recordColumns(false);

export async function insertOffer(tx: Tx, row: NewOfferRow): Promise<{ id: bigint; idHashed: string } | null> {
  const inserted = await tables(tx)
    .insertInto("offers")
    .values(row)
    .onConflict((conflict) => conflict.column("id_hashed").doNothing())
    .returning(["id", "id_hashed"])
    .executeTakeFirst();
  return inserted ? { id: inserted.id, idHashed: inserted.id_hashed } : null;
}

/**
 * The offer and its owner; deleted offers are not found. FOR UPDATE when editing. `badges: false`
 * leaves the owner's badge figures null (a trade start does not show them).
 */
export async function findOfferRecord(
  db: Db | Tx,
  idHashed: string,
  options: { forUpdate?: boolean; badges?: boolean } = {},
): Promise<OfferRecord | undefined> {
  const result = await sql<OfferRecord>`
    SELECT ${options.badges === false ? UNBADGED_RECORD_COLUMNS : RECORD_COLUMNS}
    FROM offers o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN trader_stats s ON s.user_id = o.user_id
    WHERE o.id_hashed = ${idHashed} AND o.deleted_at IS NULL
    ${options.forUpdate ? sql`FOR UPDATE OF o` : sql``}`.execute(db);
  return result.rows[0];
}

export async function updateOffer(
  tx: Tx,
  id: bigint,
  patch: OfferPatch,
  options: { bumpVersion: boolean },
): Promise<void> {
  await tables(tx)
    .updateTable("offers")
    .set({
      ...patch,
      ...(options.bumpVersion ? { version: sql`version + 1` } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

export async function softDeleteOffer(tx: Tx, id: bigint): Promise<void> {
  await tables(tx)
    .updateTable("offers")
    .set({ deleted_at: sql`now()`, is_active: false, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function isFavorite(db: Db, userId: number, offerId: bigint): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("offer_favorites")
    .select("offer_id")
    .where("user_id", "=", BigInt(userId))
    .where("offer_id", "=", offerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(
  db: Db,
  report: { offerId: bigint; reporterId: number; reason: string; message: string },
): Promise<boolean> {
  const row = await tables(db)
    .insertInto("offer_reports")
    .values({
      offer_id: report.offerId,
      reporter_user_id: BigInt(report.reporterId),
      reason: report.reason,
      message: report.message,
    })
    .onConflict((conflict) =>
      // The partial index's predicate is written as a literal: see docs/decisions/076-hostile-input.md.
      conflict.columns(["offer_id", "reporter_user_id"]).where("status", "=", sql.lit("open")).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export interface ViewerFacts {
  countryIso: string | null;
  isIdVerified: boolean;
  hasVisibleFullName: boolean;
  completedTrades: number;
}

/** What the offer requirements are checked against for a logged-in viewer. */
export async function findViewerFacts(db: Db, userId: number): Promise<ViewerFacts | null> {
  const row = await tables(db)
    .selectFrom("users as u")
    .leftJoin("trader_stats as s", "s.user_id", "u.id")
    .select(["u.country_iso", "u.id_verified_at", "u.first_name", "u.full_name_visibility_type", "s.completed_trades"])
    .where("u.id", "=", BigInt(userId))
    .executeTakeFirst();
  if (!row) return null;
  return {
    countryIso: row.country_iso,
    isIdVerified: row.id_verified_at !== null,
    hasVisibleFullName: !!row.first_name?.trim() && row.full_name_visibility_type !== "hide_name",
    completedTrades: row.completed_trades ?? 0,
  };
}

export interface TraderStatsPatch {
  completedTrades?: number;
  completedTrades30d?: number;
  releaseTimeMedianSeconds?: number | null;
  feedbackPositive?: number;
  feedbackNegative?: number;
}

export async function upsertTraderStats(db: Db | Tx, userId: number, patch: TraderStatsPatch): Promise<void> {
  const values = {
    ...(patch.completedTrades === undefined ? {} : { completed_trades: patch.completedTrades }),
    ...(patch.completedTrades30d === undefined ? {} : { completed_trades_30d: patch.completedTrades30d }),
    ...(patch.releaseTimeMedianSeconds === undefined
      ? {}
      : { release_time_median_seconds: patch.releaseTimeMedianSeconds }),
    ...(patch.feedbackPositive === undefined ? {} : { feedback_positive: patch.feedbackPositive }),
    ...(patch.feedbackNegative === undefined ? {} : { feedback_negative: patch.feedbackNegative }),
  };
  await tables(db)
    .insertInto("trader_stats")
    .values({ user_id: BigInt(userId), ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** Sets the completed-trade count of several traders in one statement (rows locked in the given order). */
export async function setCompletedTradeCounts(
  db: Db | Tx,
  counts: readonly { userId: number; completedTrades: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  await sql`
    INSERT INTO trader_stats (user_id, completed_trades)
    SELECT user_id, completed_trades
    FROM unnest(${counts.map((c) => String(c.userId))}::bigint[], ${counts.map((c) => c.completedTrades)}::integer[])
      WITH ORDINALITY AS c(user_id, completed_trades, n)
    ORDER BY n
    ON CONFLICT (user_id) DO UPDATE SET completed_trades = EXCLUDED.completed_trades, updated_at = now()`.execute(db);
}

/** Adds traded fiat to an offer's cap usage; the generated is_listed column follows by itself. */
/** The cap after a trade counted against it, and what was used before (one statement). */
export interface CapUsage {
  id_hashed: string;
  user_id: bigint;
  fiat_limit_min: string;
  offer_cap_amount: string | null;
  offer_cap_active: boolean;
  offer_cap_used: string;
  used_before: string;
}

export async function addCapUsage(tx: Tx, offerId: bigint, fiatAmount: string): Promise<CapUsage | undefined> {
  const result = await sql<CapUsage>`
    UPDATE offers SET offer_cap_used = offer_cap_used + ${fiatAmount}::numeric, updated_at = now()
    WHERE id = ${offerId}
    RETURNING id_hashed, user_id, fiat_limit_min::text, offer_cap_amount::text, offer_cap_active,
      offer_cap_used::text, (offer_cap_used - ${fiatAmount}::numeric)::text AS used_before`.execute(tx);
  return result.rows[0];
}

export async function setPenalty(db: Db | Tx, offerId: bigint, reason: string | null): Promise<void> {
  await tables(db)
    .updateTable("offers")
    .set({ penalty_reason: reason, updated_at: sql`now()` })
    .where("id", "=", offerId)
    .execute();
}

export async function setFeaturedUntil(db: Db | Tx, offerId: bigint, until: Date | null): Promise<void> {
  await tables(db).updateTable("offers").set({ featured_until: until }).where("id", "=", offerId).execute();
}

/** Sets is_enabled on the owner's offers of the given sides where it differs; returns the offers changed. */
export async function setEnabledByType(
  db: Db | Tx,
  userId: number,
  types: readonly ("buy" | "sell")[],
  isEnabled: boolean,
): Promise<{ id_hashed: string }[]> {
  if (types.length === 0) return [];
  const result = await tables(db)
    .updateTable("offers")
    .set({ is_enabled: isEnabled, updated_at: sql`now()` })
    .where("user_id", "=", BigInt(userId))
    .where("type", "in", [...types])
    .where("is_enabled", "=", !isEnabled)
    .where("deleted_at", "is", null)
    .returning("id_hashed")
    .execute();
  return result;
}

export async function listOwnersWithOffersOfTypes(db: Db, types: readonly ("buy" | "sell")[]): Promise<number[]> {
  if (types.length === 0) return [];
  const rows = await tables(db)
    .selectFrom("offers")
    .select("user_id")
    .distinct()
    .where("type", "in", [...types])
    .where("deleted_at", "is", null)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

export interface OwnerOfferFilter {
  ownerId: number;
  type?: "buy" | "sell" | undefined;
  flowTypes?: readonly string[] | undefined;
  limit: number;
  offset: number;
}

/** The owner's offers (not deleted), newest first. */
export async function listOwnerOfferRecords(db: Db, filter: OwnerOfferFilter): Promise<OfferRecord[]> {
  const result = await sql<OfferRecord>`
    SELECT ${RECORD_COLUMNS}
    FROM offers o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN trader_stats s ON s.user_id = o.user_id
    WHERE o.user_id = ${filter.ownerId} AND o.deleted_at IS NULL
      ${filter.type ? sql`AND o.type = ${filter.type}` : sql``}
      ${filter.flowTypes && filter.flowTypes.length > 0 ? sql`AND o.flow_type = ANY(${[...filter.flowTypes]}::text[])` : sql``}
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  return result.rows;
}

export interface OwnerOfferCounts {
  total: number;
  buy: number;
  sell: number;
  activeBuy: number;
  activeSell: number;
}

export async function countOwnerOffers(
  db: Db,
  ownerId: number,
  flowTypes?: readonly string[] | undefined,
  type?: "buy" | "sell" | undefined,
): Promise<OwnerOfferCounts> {
  const result = await sql<{ total: bigint; buy: bigint; sell: bigint; active_buy: bigint; active_sell: bigint }>`
    SELECT
      count(*) FILTER (WHERE ${type ? sql`o.type = ${type}` : sql`true`}) AS total,
      count(*) FILTER (WHERE o.type = 'buy') AS buy,
      count(*) FILTER (WHERE o.type = 'sell') AS sell,
      count(*) FILTER (WHERE o.type = 'buy' AND o.is_active) AS active_buy,
      count(*) FILTER (WHERE o.type = 'sell' AND o.is_active) AS active_sell
    FROM offers o
    WHERE o.user_id = ${ownerId} AND o.deleted_at IS NULL
      ${flowTypes && flowTypes.length > 0 ? sql`AND o.flow_type = ANY(${[...flowTypes]}::text[])` : sql``}`.execute(db);
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0n),
    buy: Number(row?.buy ?? 0n),
    sell: Number(row?.sell ?? 0n),
    activeBuy: Number(row?.active_buy ?? 0n),
    activeSell: Number(row?.active_sell ?? 0n),
  };
}

/** Ids (serial and public) of the owner's offers, optionally of one side, locked for a bulk change. */
export async function lockOwnerOffers(
  tx: Tx,
  ownerId: number,
  type?: "buy" | "sell" | undefined,
): Promise<OfferRecord[]> {
  const result = await sql<OfferRecord>`
    SELECT ${RECORD_COLUMNS}
    FROM offers o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN trader_stats s ON s.user_id = o.user_id
    WHERE o.user_id = ${ownerId} AND o.deleted_at IS NULL ${type ? sql`AND o.type = ${type}` : sql``}
    ORDER BY o.id
    FOR UPDATE OF o`.execute(tx);
  return result.rows;
}

export async function ownerHasOffers(db: Db | Tx, ownerId: number): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("offers")
    .select("id")
    .where("user_id", "=", BigInt(ownerId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Offers with duty hours whose stored zone offset is not the zone's offset now (daylight saving). */
export async function listDutyZones(db: Db): Promise<{ timezone: string; offset: number }[]> {
  const result = await sql<{ timezone: string; duty_utc_offset_minutes: number }>`
    SELECT DISTINCT timezone, duty_utc_offset_minutes FROM offers
    WHERE duty_utc_ranges IS NOT NULL AND deleted_at IS NULL`.execute(db);
  return result.rows.map((row) => ({ timezone: row.timezone, offset: row.duty_utc_offset_minutes }));
}

export async function listDutyOffersOfZone(
  db: Db,
  zone: string,
  offset: number,
): Promise<{ id: bigint; duty_hours: DutyHour[] }[]> {
  const result = await sql<{ id: bigint; duty_hours: DutyHour[] }>`
    SELECT id, duty_hours FROM offers
    WHERE timezone = ${zone} AND duty_utc_offset_minutes = ${offset} AND duty_utc_ranges IS NOT NULL
      AND deleted_at IS NULL`.execute(db);
  return result.rows;
}

export async function setDutyRanges(db: Db, id: bigint, ranges: string | null, offset: number): Promise<void> {
  await tables(db)
    .updateTable("offers")
    .set({ duty_utc_ranges: ranges, duty_utc_offset_minutes: offset })
    .where("id", "=", id)
    .execute();
}

/** Brings the USD value of fixed prices in line with the given rates; returns the rows changed. */
export async function refreshFixedPricesUsd(db: Db, fiatIds: number[], perUsd: string[]): Promise<number> {
  const result = await sql`
    UPDATE offers o SET fixed_price_usd = round(o.fixed_price / fx.per_usd, 12)
    FROM unnest(${fiatIds}::int[], ${perUsd}::numeric[]) AS fx(id, per_usd)
    WHERE o.fiat_currency_id = fx.id AND o.fixed_price IS NOT NULL AND o.deleted_at IS NULL
      AND o.fixed_price_usd IS DISTINCT FROM round(o.fixed_price / fx.per_usd, 12)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Which sell offers a funding refresh looks at. */
export type FundingScope = { offerId: bigint } | { ownerId: number } | "all";

/**
 * Writes the funding state of sell offers (migration 0066) at the given rates and the owners'
 * available balances (read through the ledger's door):
 * - min_escrow_minor: the crypto for the minimum at the offer's price, rounded up to the smallest
 *   unit, plus the escrow fee, rounded up as the ledger charges it;
 * - is_funded: the balance covers min_escrow_minor;
 * - funded_fiat_max: the largest amount A whose escrow A + fee fits the balance, in fiat at the
 *   price rounded down to the fiat's decimals, and never above the offer's maximum (the same rule
 *   as fundableFiatMax in pricing.domain.ts).
 * The price is the fixed price, or the market price times the margin, rounded half up to the
 * fiat's decimals as pricing.domain.ts rounds it. Only rows that change are written.
 */
export async function refreshFunding(
  db: Db | Tx,
  rates: { cryptoIds: number[]; cryptoUsd: string[]; fiatIds: number[]; perUsd: string[]; defaultFeeBps: number },
  scope: FundingScope,
): Promise<{ changed: number; unfunded: SwitchedOffOffer[] }> {
  const where =
    scope === "all"
      ? sql``
      : "offerId" in scope
        ? sql`AND o.id = ${scope.offerId}`
        : sql`AND o.user_id = ${BigInt(scope.ownerId)}`;
  const result = await sql<SwitchedOffOffer & { is_switched_off: boolean }>`
    WITH cx AS (SELECT * FROM unnest(${rates.cryptoIds}::int[], ${rates.cryptoUsd}::numeric[]) AS t(id, usd)),
      fx AS (SELECT * FROM unnest(${rates.fiatIds}::int[], ${rates.perUsd}::numeric[]) AS t(id, per_usd)),
      priced AS (
        SELECT o.id, o.is_funded AS was_funded, o.fiat_limit_min, o.fiat_limit_max, c.decimals AS cd, f.decimals AS fd,
          COALESCE(o.manual_escrow_fee_bps, ${rates.defaultFeeBps}) AS bps,
          NULLIF(COALESCE(o.fixed_price, round(cx.usd * fx.per_usd * (100 + o.margin) / 100, f.decimals)), 0) AS price,
          ${availableBalanceSql(sql`o.user_id`, sql`o.crypto_currency_id`)} AS balance
        FROM offers o
        JOIN crypto_currencies c ON c.id = o.crypto_currency_id
        JOIN fiat_currencies f ON f.id = o.fiat_currency_id
        LEFT JOIN cx ON cx.id = o.crypto_currency_id
        LEFT JOIN fx ON fx.id = o.fiat_currency_id
        WHERE o.type = 'sell' AND o.deleted_at IS NULL ${where}),
      amounts AS (
        SELECT id, was_funded, fiat_limit_max, cd, fd, bps, price, balance,
          ceil(fiat_limit_min * (10::numeric ^ cd) / price) AS min_amount,
          floor(balance * 10000 / (10000 + bps)) AS a0
        FROM priced),
      funding AS (
        SELECT id, was_funded,
          CASE WHEN price IS NULL THEN NULL ELSE (min_amount + ceil(min_amount * bps / 10000))::bigint END AS need,
          CASE WHEN price IS NULL THEN NULL ELSE LEAST(fiat_limit_max,
            floor((a0 - CASE WHEN a0 + ceil(a0 * bps / 10000) > balance THEN 1 ELSE 0 END)
              * price / (10::numeric ^ cd) * (10::numeric ^ fd)) / (10::numeric ^ fd)) END AS fiat_max,
          balance
        FROM amounts),
      decided AS (SELECT id, was_funded, need, fiat_max, (need IS NULL OR balance >= need) AS funded FROM funding)
    UPDATE offers o SET min_escrow_minor = d.need, is_funded = d.funded, funded_fiat_max = d.fiat_max
    FROM decided d
    WHERE o.id = d.id AND (o.min_escrow_minor IS DISTINCT FROM d.need OR o.is_funded IS DISTINCT FROM d.funded
      OR o.funded_fiat_max IS DISTINCT FROM d.fiat_max)
    RETURNING o.id_hashed, o.user_id, (d.was_funded IS TRUE AND NOT d.funded) AS is_switched_off`.execute(db);
  const unfunded = result.rows.filter((row) => row.is_switched_off);
  return { changed: result.rows.length, unfunded: unfunded.map(({ id_hashed, user_id }) => ({ id_hashed, user_id })) };
}

/** An offer the system switched off, and its owner. */
export interface SwitchedOffOffer {
  id_hashed: string;
  user_id: bigint;
}
