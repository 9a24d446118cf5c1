import { OFFER_TAG_SLUGS } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import { OWNER_BADGE_COLUMNS, OWNER_IS_LISTABLE } from "./offers.repo.ts";
import { executePrepared } from "./prepared-query.ts";

/**
 * The marketplace query. Its shape is chosen for speed at 100,000+ offers:
 *
 * - "Cheapest first" is "lowest price relative to the market first". For margin offers that is
 *   "lowest margin first" whatever the currencies, so they are read in the order of a partial
 *   index on margin and only `offset + limit` rows are touched. Fixed-price offers are a second
 *   stream ordered by fixed price (one index when the crypto and fiat currencies are known); the
 *   two streams are merged on the ratio to the market price.
 * - Pinned offers (funded bids) come first under the default sort, as a third, tiny stream.
 * - The page's offers are then joined to their owners, stats and the viewer's favourites: one
 *   statement, no query per offer, and a capped count in the same round trip.
 */

export interface ListingFilter {
  /** Minutes since Monday 00:00 UTC now (minuteOfWeekUtc): offers off duty are left out. */
  minuteOfWeekUtc: number;
  /** The OWNER's side; both when undefined (a profile's offers). */
  ownerType?: "buy" | "sell" | undefined;
  cryptoId?: number | undefined;
  fiatId?: number | undefined;
  paymentMethodId?: number | undefined;
  groupId?: number | undefined;
  flowTypes?: readonly string[] | undefined;
  /** Offers whose limits include this amount of their own fiat. */
  fiatAmount?: string | undefined;
  /** Offers whose limits include this many USD converted to their fiat. */
  fiatAmountUsd?: string | undefined;
  availableInCountry?: string | undefined;
  locationCountry?: string | undefined;
  tags?: string[] | undefined;
  binCode?: string | undefined;
  cardRegion?: string | undefined;
  isVerifiedOffersOnly?: boolean | undefined;
  isVerifiedOwnersOnly?: boolean | undefined;
  onlineWithinMinutes?: number | undefined;
  ownerCountry?: string | undefined;
  ownerId?: number | undefined;
  /** Keep offers whose requirements this viewer meets. */
  acceptableFor?: AcceptableFor | undefined;
  /** The logged-in viewer: offers of owners they block, or who block them, are left out. */
  viewerId?: number | undefined;
  excludeOfferId?: bigint | undefined;
}

export interface AcceptableFor {
  isAnonymous: boolean;
  completedTrades: number;
  isIdVerified: boolean;
  hasVisibleFullName: boolean;
  countryIso: string | null;
}

export interface ListingOrder {
  kind: "price" | "release_time";
  direction: "asc" | "desc";
  /** Pinned offers (funded bids of the market) first; needs the crypto and fiat currencies. */
  withPinned: boolean;
}

/** Market prices for the sort: USD per coin by crypto id and fiat per USD by fiat id. */
export interface ListingRates {
  cryptoUsd: Map<number, string>;
  fiatPerUsd: Map<number, string>;
  /** USD per coin by bid currency code, with the code's decimals, to rank bids. */
  bidCurrencies: { code: string; usd: string; decimals: number }[];
}

export interface ListingRow {
  id: bigint;
  id_hashed: string;
  user_id: bigint;
  type: "buy" | "sell";
  crypto_currency_id: number;
  fiat_currency_id: number;
  payment_method_id: number;
  flow_type: string;
  margin: string;
  fixed_price: string | null;
  range_type: string;
  fiat_limit_min: string;
  fiat_limit_max: string;
  predefined_amounts: string[];
  payment_window_minutes: number;
  label: string;
  tags: string[];
  require_min_past_trades: number;
  require_verified_id: boolean;
  require_full_name_visibility: boolean;
  show_only_trusted_user: boolean;
  is_anonymous_user_restricted: boolean;
  bin_codes: string[];
  card_regions: string[];
  location_city: string | null;
  location_subdivision: string | null;
  location_country_iso: string | null;
  is_featured_by_moderator: boolean;
  featured_until: Date | null;
  is_listed: boolean;
  owner_username: string;
  owner_avatar_url: string | null;
  owner_country_iso: string | null;
  owner_roles: string[];
  owner_last_seen_at: Date | null;
  owner_id_verified_at: Date | null;
  owner_is_listable: boolean;
  owner_feedback_positive: number;
  owner_feedback_negative: number;
  owner_done_trades: number | null;
  owner_volume_usd: number | null;
  stats_completed_trades_30d: number | null;
  stats_release_time_median_seconds: number | null;
  stats_feedback_positive: number | null;
  stats_feedback_negative: number | null;
  pinned_position: number | null;
  is_favorite: boolean;
  is_funded: boolean;
  /** The most a sell offer's owner can fund, capped at its maximum (migration 0066); null when unknown. */
  funded_fiat_max: string | null;
}

const LISTING_COLUMNS = sql`o.id, o.id_hashed, o.user_id, o.type, o.crypto_currency_id, o.fiat_currency_id,
  o.payment_method_id, o.flow_type, o.margin, o.fixed_price, o.range_type, o.fiat_limit_min, o.fiat_limit_max,
  o.predefined_amounts::text[] AS predefined_amounts, o.payment_window_minutes, o.label, o.tags,
  o.require_min_past_trades, o.require_verified_id, o.require_full_name_visibility, o.show_only_trusted_user,
  o.is_anonymous_user_restricted, o.bin_codes, o.card_regions, o.location_city, o.location_subdivision,
  o.location_country_iso, o.is_featured_by_moderator, o.featured_until, o.is_listed,
  u.username AS owner_username, u.avatar_url AS owner_avatar_url, u.country_iso AS owner_country_iso,
  u.roles AS owner_roles, u.last_seen_at AS owner_last_seen_at, u.id_verified_at AS owner_id_verified_at,
  ${OWNER_IS_LISTABLE} AS owner_is_listable, ${OWNER_BADGE_COLUMNS},
  s.completed_trades_30d AS stats_completed_trades_30d,
  s.release_time_median_seconds AS stats_release_time_median_seconds,
  s.feedback_positive AS stats_feedback_positive, s.feedback_negative AS stats_feedback_negative,
  o.is_funded, o.funded_fiat_max::text AS funded_fiat_max`;

/** The WHERE conditions every stream shares (alias o for offers, u for the owner). */
function conditions(filter: ListingFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    // Literally the partial indexes' predicate, so the planner can use them.
    sql`o.is_listed`,
    OWNER_IS_LISTABLE,
    // On duty now: NULL ranges mean always (see dutyUtcRanges in offers.domain.ts).
    sql`(o.duty_utc_ranges IS NULL OR o.duty_utc_ranges @> ${filter.minuteOfWeekUtc}::int)`,
  ];
  if (filter.ownerType !== undefined) parts.push(sql`o.type = ${filter.ownerType}`);
  // A sell offer its owner cannot fund at its minimum is left out (is_funded, migration 0066: a
  // stored column, since looking up each candidate's owner balance here doubled the query's cost).
  parts.push(sql`o.is_funded`);
  if (filter.cryptoId !== undefined) parts.push(sql`o.crypto_currency_id = ${filter.cryptoId}`);
  if (filter.fiatId !== undefined) parts.push(sql`o.fiat_currency_id = ${filter.fiatId}`);
  if (filter.paymentMethodId !== undefined) parts.push(sql`o.payment_method_id = ${filter.paymentMethodId}`);
  if (filter.groupId !== undefined) parts.push(sql`o.payment_method_group_id = ${filter.groupId}`);
  if (filter.flowTypes && filter.flowTypes.length > 0) {
    parts.push(sql`o.flow_type = ANY(${[...filter.flowTypes]}::text[])`);
  }
  // Each filter is written only when used: with a filter switched off by a NULL parameter instead,
  // a reusable plan cannot estimate how many rows match and sorts thousands (measured: 200 ms).
  if (filter.fiatAmount !== undefined) {
    parts.push(
      sql`o.fiat_limit_min <= ${filter.fiatAmount}::numeric AND o.fiat_limit_max >= ${filter.fiatAmount}::numeric`,
    );
  }
  if (filter.fiatAmountUsd !== undefined) {
    // The USD amount in the offer's own fiat, at the market rate passed in (fx.per_usd).
    parts.push(sql`o.fiat_limit_min <= ${filter.fiatAmountUsd}::numeric * fx.per_usd
      AND o.fiat_limit_max >= ${filter.fiatAmountUsd}::numeric * fx.per_usd`);
  }
  if (filter.availableInCountry !== undefined) {
    parts.push(sql`(cardinality(o.available_in) = 0 OR ${filter.availableInCountry} = ANY(o.available_in))`);
  }
  if (filter.locationCountry !== undefined) parts.push(sql`o.location_country_iso = ${filter.locationCountry}`);
  if (filter.tags && filter.tags.length > 0) {
    // Written into the text (known tag slugs only) so the plan is estimated from the tags' statistics;
    // as a parameter a reusable plan takes a tag for a rarity and sorts thousands of rows.
    const known = filter.tags.filter((tag) => OFFER_TAG_SLUGS.includes(tag));
    parts.push(sql`o.tags @> ARRAY[${sql.join(known.map((tag) => sql.lit(tag)))}]::text[]`);
  }
  if (filter.binCode !== undefined) parts.push(sql`${filter.binCode} = ANY(o.bin_codes)`);
  if (filter.cardRegion !== undefined) parts.push(sql`${filter.cardRegion} = ANY(o.card_regions)`);
  if (filter.isVerifiedOffersOnly) parts.push(sql`o.require_verified_id`);
  if (filter.isVerifiedOwnersOnly) parts.push(sql`u.id_verified_at IS NOT NULL`);
  if (filter.onlineWithinMinutes !== undefined) {
    parts.push(sql`u.last_seen_at > now() - make_interval(mins => ${filter.onlineWithinMinutes})`);
  }
  if (filter.ownerCountry !== undefined) parts.push(sql`u.country_iso = ${filter.ownerCountry}`);
  if (filter.ownerId !== undefined) parts.push(sql`o.user_id = ${filter.ownerId}`);
  if (filter.excludeOfferId !== undefined) parts.push(sql`o.id <> ${String(filter.excludeOfferId)}::bigint`);
  if (filter.viewerId !== undefined) {
    // Relations belong to the contacts module (user_relations); read here so the page stays one query.
    parts.push(sql`NOT EXISTS (SELECT 1 FROM user_relations r WHERE r.state = 'blocked'
      AND ((r.owner_user_id = ${filter.viewerId} AND r.other_user_id = o.user_id)
        OR (r.owner_user_id = o.user_id AND r.other_user_id = ${filter.viewerId})))`);
  }
  const viewer = filter.acceptableFor;
  if (viewer) {
    parts.push(sql`o.require_min_past_trades <= ${viewer.completedTrades}`);
    parts.push(
      filter.viewerId === undefined
        ? sql`NOT o.show_only_trusted_user`
        : sql`(NOT o.show_only_trusted_user OR EXISTS (SELECT 1 FROM user_relations t WHERE t.state = 'trusted'
            AND t.owner_user_id = o.user_id AND t.other_user_id = ${filter.viewerId}))`,
    );
    if (!viewer.isIdVerified) parts.push(sql`NOT o.require_verified_id`);
    if (!viewer.hasVisibleFullName) parts.push(sql`NOT o.require_full_name_visibility`);
    if (viewer.isAnonymous) parts.push(sql`NOT o.is_anonymous_user_restricted`);
    parts.push(
      viewer.countryIso === null
        ? sql`cardinality(o.available_in) = 0`
        : sql`(cardinality(o.available_in) = 0 OR ${viewer.countryIso} = ANY(o.available_in))`,
    );
  }
  return sql.join(parts, sql` AND `);
}

function ratesCte(rates: ListingRates) {
  const cryptoIds = [...rates.cryptoUsd.keys()];
  const fiatIds = [...rates.fiatPerUsd.keys()];
  return sql`
    cx AS (SELECT * FROM unnest(${cryptoIds}::int[], ${cryptoIds.map((id) => rates.cryptoUsd.get(id))}::numeric[]) AS t(id, usd)),
    fx AS (SELECT * FROM unnest(${fiatIds}::int[], ${fiatIds.map((id) => rates.fiatPerUsd.get(id))}::numeric[]) AS t(id, per_usd))`;
}

/**
 * How a stream uses the market rates: not at all (one known market), only to keep offers that
 * have rates (an id filter, cheap), or joined for their values (prices across markets).
 */
type RateUse = "none" | "filter" | "join";

/** The FROM of a stream: offers and owner, and when needed the owner's stats and the rates. */
function streamFrom(needsStats: boolean, rateUse: RateUse) {
  return sql`FROM offers o
    JOIN users u ON u.id = o.user_id
    ${needsStats ? sql`LEFT JOIN trader_stats s ON s.user_id = o.user_id` : sql``}
    ${rateUse === "join" ? sql`JOIN cx ON cx.id = o.crypto_currency_id JOIN fx ON fx.id = o.fiat_currency_id` : sql``}`;
}

/** Conditions a stream adds for its rate use. */
function rateCondition(rateUse: RateUse, rates: ListingRates) {
  return rateUse === "filter"
    ? sql`AND o.crypto_currency_id = ANY(${[...rates.cryptoUsd.keys()]}::int[])
        AND o.fiat_currency_id = ANY(${[...rates.fiatPerUsd.keys()]}::int[])`
    : sql``;
}

const STREAM_DEPTHS = [16, 32, 64, 128, 256, 512, 1024];

/** Rows each stream reads for a page ending at `rows`, rounded up to a few sizes. */
function streamDepth(rows: number): number {
  return STREAM_DEPTHS.find((depth) => depth >= rows) ?? rows;
}

export interface ListingQuery {
  filter: ListingFilter;
  order: ListingOrder;
  rates: ListingRates;
  limit: number;
  offset: number;
  viewerId: number | null;
}

export interface ListingResult {
  rows: ListingRow[];
  /** More offers match after this page. */
  hasMore: boolean;
}

/**
 * One page of the marketplace. There is deliberately no total: counting every match of a broad
 * filter costs more than the page itself, so the answer says whether more follow instead.
 */
export async function queryListing(db: Db, query: ListingQuery): Promise<ListingResult> {
  const { filter, order, rates } = query;
  const where = conditions(filter);
  const dir = order.direction === "asc" ? sql`ASC` : sql`DESC`;
  // Each stream reads the rows up to the end of the page, and one more to tell whether more follow.
  // The count is written into the text, rounded up to a few sizes: the plan is costed for it,
  // and pages of similar depth share one prepared statement. The page's own limit and offset are
  // parameters (they only cut the merged rows).
  const depth = sql.lit(streamDepth(query.offset + query.limit + 1));
  const cryptoUsd = filter.cryptoId !== undefined ? rates.cryptoUsd.get(filter.cryptoId) : undefined;
  const fiatPerUsd = filter.fiatId !== undefined ? rates.fiatPerUsd.get(filter.fiatId) : undefined;
  const knownMarket = cryptoUsd !== undefined && fiatPerUsd !== undefined;
  // Only offers with rates can be priced. With one known market they all have them; otherwise the
  // rates filter them, or are joined when a value is needed (USD amounts, prices across markets).
  const baseUse: RateUse = filter.fiatAmountUsd !== undefined ? "join" : knownMarket ? "none" : "filter";
  const withPinned = order.withPinned && knownMarket && order.kind === "price" && filter.ownerType !== undefined;
  // The pinned positions: offers a moderator made sticky first (the earliest first), then the
  // highest funded bids (docs/decisions/130-offer-moderation.md); three in all.
  const pinnedCte = withPinned
    ? sql`pinned AS (
        SELECT p.offer_id, row_number() OVER (ORDER BY p.rank, p.value DESC, p.since, p.tie) AS position
        FROM (
          SELECT s.id AS offer_id, 0 AS rank, 0::numeric AS value, s.stickied_at AS since, s.id AS tie
          FROM offers s
          WHERE s.is_stickied_by_moderator AND s.crypto_currency_id = ${filter.cryptoId} AND s.type = ${filter.ownerType}
            AND s.fiat_currency_id = ${filter.fiatId} AND s.is_listed
          UNION ALL
          SELECT b.offer_id, 1, b.amount_minor * bc.usd / bc.unit, b.created_at, b.id
          FROM offer_bids b
          JOIN unnest(${rates.bidCurrencies.map((c) => c.code)}::text[], ${rates.bidCurrencies.map((c) => c.usd)}::numeric[],
                      ${rates.bidCurrencies.map((c) => `1${"0".repeat(c.decimals)}`)}::numeric[]) AS bc(code, usd, unit)
            ON bc.code = b.bid_currency_code
          JOIN offers bo ON bo.id = b.offer_id AND NOT bo.is_stickied_by_moderator
          WHERE b.status = 'FUNDED' AND b.crypto_currency_id = ${filter.cryptoId} AND b.type = ${filter.ownerType}
            AND b.fiat_currency_id = ${filter.fiatId} AND b.starts_at <= now() AND b.ends_at > now()
        ) p
        ORDER BY position
        LIMIT 3)`
    : sql``;
  const notPinned = withPinned ? sql`AND o.id NOT IN (SELECT offer_id FROM pinned)` : sql``;

  let streams: RawBuilder<unknown>;
  if (order.kind === "release_time") {
    // Release time lives on the owner's stats: one stream, sorted whole (a rarer sort).
    streams = sql`(SELECT o.id, 1 AS branch, s.release_time_median_seconds::numeric AS k1,
        CASE WHEN o.fixed_price IS NULL THEN 100 + o.margin ELSE o.fixed_price * 100 / (cx.usd * fx.per_usd) END AS k2,
        NULL::int AS pin
      ${streamFrom(true, "join")}
      WHERE ${where}
      ORDER BY k1 ${dir} NULLS LAST, k2 ${dir}, o.id ${dir}
      LIMIT ${depth})`;
  } else {
    // k1 is the price as a percentage of the market price, comparable across all offers.
    const marginStream = sql`(SELECT o.id, 1 AS branch, 100 + o.margin AS k1, 0::numeric AS k2, NULL::int AS pin
      ${streamFrom(false, baseUse)}
      WHERE ${where} AND o.fixed_price IS NULL ${rateCondition(baseUse, rates)} ${notPinned}
      ORDER BY o.margin ${dir}, o.id ${dir}
      LIMIT ${depth})`;
    let fixedStream: RawBuilder<unknown>;
    if (knownMarket) {
      fixedStream = sql`(SELECT o.id, 1 AS branch, o.fixed_price * 100 / (${cryptoUsd}::numeric * ${fiatPerUsd}::numeric) AS k1,
          0::numeric AS k2, NULL::int AS pin
        ${streamFrom(false, baseUse)}
        WHERE ${where} AND o.fixed_price IS NOT NULL ${rateCondition(baseUse, rates)} ${notPinned}
        ORDER BY o.fixed_price ${dir}, o.id ${dir}
        LIMIT ${depth})`;
    } else if (cryptoUsd !== undefined) {
      // One coin, any currency: the USD value of fixed prices (refreshed when rates move) orders them.
      fixedStream = sql`(SELECT o.id, 1 AS branch, o.fixed_price_usd * 100 / ${cryptoUsd}::numeric AS k1,
          0::numeric AS k2, NULL::int AS pin
        ${streamFrom(false, baseUse)}
        WHERE ${where} AND o.fixed_price IS NOT NULL ${rateCondition(baseUse, rates)}
        ORDER BY o.fixed_price_usd ${dir}, o.id ${dir}
        LIMIT ${depth})`;
    } else {
      fixedStream = sql`(SELECT o.id, 1 AS branch, o.fixed_price * 100 / (cx.usd * fx.per_usd) AS k1, 0::numeric AS k2,
          NULL::int AS pin
        ${streamFrom(false, "join")}
        WHERE ${where} AND o.fixed_price IS NOT NULL
        ORDER BY k1 ${dir}, o.id ${dir}
        LIMIT ${depth})`;
    }
    const pinnedStream = withPinned
      ? sql`(SELECT o.id, 0 AS branch, pinned.position::numeric AS k1, 0::numeric AS k2, pinned.position::int AS pin
          ${streamFrom(false, baseUse)}
          JOIN pinned ON pinned.offer_id = o.id
          WHERE ${where} ${rateCondition(baseUse, rates)}) UNION ALL `
      : sql``;
    streams = sql`${pinnedStream}${marginStream} UNION ALL ${fixedStream}`;
  }

  // Pinned offers keep their position order whatever the direction of the price sort.
  const pageOrder = sql`branch, CASE WHEN branch = 0 THEN k1 END ASC, k1 ${dir} NULLS LAST, k2 ${dir}, id ${dir}`;
  // The rate tables travel as parameters only when a stream joins them.
  const usesRates = baseUse === "join" || order.kind === "release_time" || (!knownMarket && cryptoUsd === undefined);
  const ctes = [
    ...(usesRates ? [ratesCte(rates)] : []),
    ...(withPinned ? [pinnedCte] : []),
    sql`candidates AS (${streams})`,
  ];
  const rows = await executePrepared(
    db,
    sql<ListingRow & { branch: number }>`
    WITH ${sql.join(ctes, sql`, `)},
    page AS (SELECT * FROM candidates ORDER BY ${pageOrder} LIMIT ${query.limit + 1} OFFSET ${query.offset})
    SELECT ${LISTING_COLUMNS}, page.pin AS pinned_position, page.branch, page.k1, page.k2,
      ${query.viewerId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM offer_favorites f WHERE f.user_id = ${query.viewerId} AND f.offer_id = o.id)`} AS is_favorite
    FROM page
    JOIN offers o ON o.id = page.id
    JOIN users u ON u.id = o.user_id
    LEFT JOIN trader_stats s ON s.user_id = o.user_id
    ORDER BY page.branch, CASE WHEN page.branch = 0 THEN page.k1 END ASC, page.k1 ${dir} NULLS LAST, page.k2 ${dir}, o.id ${dir}`,
  );
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** Listing rows of given offers, in the given order, whatever their state (favourites). */
export async function queryListingRowsByIds(db: Db, ids: bigint[], viewerId: number | null): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<ListingRow>`
    SELECT ${LISTING_COLUMNS}, NULL::int AS pinned_position,
      ${viewerId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM offer_favorites f WHERE f.user_id = ${viewerId} AND f.offer_id = o.id)`} AS is_favorite
    FROM offers o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN trader_stats s ON s.user_id = o.user_id
    WHERE o.id = ANY(${ids.map(String)}::bigint[])`.execute(db);
  const byId = new Map(result.rows.map((row) => [String(row.id), row]));
  return ids.flatMap((id) => byId.get(String(id)) ?? []);
}

/**
 * What makes a marketplace page personal for a logged-in viewer, in one small query: whether any
 * block stands between them and anyone (either way), and the offers they have favourited.
 */
export async function findListingOverlay(
  db: Db,
  viewerId: number,
): Promise<{ hasBlocks: boolean; favoriteIdsHashed: Set<string> }> {
  // Relations belong to the contacts module and favourites to this one; read together here so the
  // personal part of a cached page costs one round trip.
  const result = await sql<{ has_blocks: boolean; favorite_ids: string[] }>`
    SELECT
      EXISTS (SELECT 1 FROM user_relations r WHERE r.state = 'blocked' AND r.owner_user_id = ${viewerId})
        OR EXISTS (SELECT 1 FROM user_relations r WHERE r.state = 'blocked' AND r.other_user_id = ${viewerId})
        AS has_blocks,
      -- One primary-key lookup per favourite, whatever the planner thinks of the tables' sizes.
      ARRAY(SELECT (SELECT o.id_hashed FROM offers o WHERE o.id = f.offer_id)
        FROM offer_favorites f WHERE f.user_id = ${viewerId}) AS favorite_ids`.execute(db);
  const row = result.rows[0];
  return { hasBlocks: row?.has_blocks ?? false, favoriteIdsHashed: new Set(row?.favorite_ids ?? []) };
}
