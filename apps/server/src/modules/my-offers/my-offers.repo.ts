import type { BidStatus } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** This module's tables (migrations 0032 and 0033). */
type MyOffersTables = {
  offer_promotions: {
    id: Generated<bigint>;
    user_id: bigint;
    offer_id: bigint;
    starts_at: Generated<Date>;
    ends_at: Date;
    created_at: Generated<Date>;
  };
  offer_bids: {
    id: Generated<bigint>;
    offer_id: bigint;
    user_id: bigint;
    crypto_currency_id: number;
    type: "buy" | "sell";
    fiat_currency_id: number;
    bid_currency_code: string;
    amount_minor: bigint;
    starts_at: Date;
    ends_at: Date;
    status: Generated<string>;
    hold_reference: Generated<string | null>;
    idempotency_key: Generated<string | null>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<MyOffersTables>();
}

/** Serializes one vendor's promotions and bids (two requests at once cannot both pass a check). */
export async function lockVendor(tx: Tx, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(724115101, ${userId})`.execute(tx);
}

export async function countPromotionsSince(db: Db | Tx, userId: number, since: Date): Promise<number> {
  const row = await tables(db)
    .selectFrom("offer_promotions")
    .select((eb) => eb.fn.countAll<bigint>().as("count"))
    .where("user_id", "=", BigInt(userId))
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0n);
}

export async function insertPromotion(tx: Tx, userId: number, offerId: bigint, endsAt: Date): Promise<void> {
  await tables(tx)
    .insertInto("offer_promotions")
    .values({ user_id: BigInt(userId), offer_id: offerId, ends_at: endsAt })
    .execute();
}

export type BidRow = {
  id: bigint;
  offer_id: bigint;
  user_id: bigint;
  crypto_currency_id: number;
  type: "buy" | "sell";
  fiat_currency_id: number;
  bid_currency_code: string;
  amount_minor: bigint;
  starts_at: Date;
  ends_at: Date;
  status: string;
  created_at: Date;
};

const BID_COLUMNS = [
  "id",
  "offer_id",
  "user_id",
  "crypto_currency_id",
  "type",
  "fiat_currency_id",
  "bid_currency_code",
  "amount_minor",
  "starts_at",
  "ends_at",
  "status",
  "created_at",
] as const;

/** Live bids (NEW or FUNDED) of offers. */
export async function listLiveBids(db: Db, offerIds: bigint[]): Promise<BidRow[]> {
  if (offerIds.length === 0) return [];
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("offer_id", "in", offerIds)
    .where("status", "in", ["NEW", "FUNDED"])
    .execute();
}

export async function listBidHistory(db: Db, offerId: bigint, limit: number): Promise<BidRow[]> {
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("offer_id", "=", offerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type BidMarket = { cryptoId: number; type: "buy" | "sell"; fiatId: number };

/** The funded bids of one market, for the callers to narrow by period. */
function selectMarketFundedBids(db: Db | Tx, market: BidMarket) {
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("status", "=", "FUNDED")
    .where("crypto_currency_id", "=", market.cryptoId)
    .where("type", "=", market.type)
    .where("fiat_currency_id", "=", market.fiatId);
}

/** Funded bids of a market whose period covers a moment. */
export async function listMarketFundedBids(db: Db, market: BidMarket, at: Date): Promise<BidRow[]> {
  return selectMarketFundedBids(db, market).where("starts_at", "<=", at).where("ends_at", ">", at).execute();
}

/**
 * Serializes the bids of one market (crypto currency, owner side, fiat currency): placing a bid
 * reads the market's funded bids to decide who is outbid, so two placements must not interleave.
 * Taken after lockVendor, never before.
 */
export async function lockMarket(tx: Tx, market: BidMarket): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(724115102, hashtext(${`${market.cryptoId}:${market.type}:${market.fiatId}`}))`.execute(
    tx,
  );
}

/** Funded bids of a market whose period has not ended by a moment (they may still hold positions). */
export async function listMarketFundedBidsFrom(tx: Tx, market: BidMarket, from: Date): Promise<BidRow[]> {
  return selectMarketFundedBids(tx, market).where("ends_at", ">", from).execute();
}

export async function findBidByIdempotencyKey(db: Db, userId: number, key: string): Promise<BidRow | undefined> {
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("user_id", "=", BigInt(userId))
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** Funded bids whose period ended by a moment, oldest end first (the completion job's work). */
export async function listDueFundedBids(db: Db, at: Date, limit: number): Promise<BidRow[]> {
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("status", "=", "FUNDED")
    .where("ends_at", "<=", at)
    .orderBy("ends_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Moves a bid from one of `from` to `to`, only if it is still there: the status change that goes
 * with a ledger effect, in the same transaction. Returns false when another request got there
 * first (then the caller moves no money).
 */
export async function transitionBid(
  tx: Tx,
  bidId: bigint,
  from: readonly BidStatus[],
  to: BidStatus,
  extra: { holdReference?: string; endedBy?: Date } = {},
): Promise<boolean> {
  let query = tables(tx)
    .updateTable("offer_bids")
    .set({
      status: to,
      updated_at: sql`now()`,
      ...(extra.holdReference === undefined ? {} : { hold_reference: extra.holdReference }),
    })
    .where("id", "=", bidId)
    .where("status", "in", [...from]);
  if (extra.endedBy !== undefined) query = query.where("ends_at", "<=", extra.endedBy);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertBid(
  tx: Tx,
  bid: Omit<BidRow, "id" | "status" | "created_at"> & { status?: BidStatus; idempotency_key?: string | null },
): Promise<BidRow> {
  return tables(tx).insertInto("offer_bids").values(bid).returning(BID_COLUMNS).executeTakeFirstOrThrow();
}
