import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** This module's tables (migration 0032). */
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

/** Funded bids of a market whose period covers a moment. */
export async function listMarketFundedBids(
  db: Db,
  market: { cryptoId: number; type: "buy" | "sell"; fiatId: number },
  at: Date,
): Promise<BidRow[]> {
  return tables(db)
    .selectFrom("offer_bids")
    .select(BID_COLUMNS)
    .where("status", "=", "FUNDED")
    .where("crypto_currency_id", "=", market.cryptoId)
    .where("type", "=", market.type)
    .where("fiat_currency_id", "=", market.fiatId)
    .where("starts_at", "<=", at)
    .where("ends_at", ">", at)
    .execute();
}

export async function cancelLiveBid(tx: Tx, offerId: bigint): Promise<number> {
  const result = await tables(tx)
    .updateTable("offer_bids")
    .set({ status: "CANCELLED", updated_at: sql`now()` })
    .where("offer_id", "=", offerId)
    .where("status", "in", ["NEW", "FUNDED"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertBid(tx: Tx, bid: Omit<BidRow, "id" | "status" | "created_at">): Promise<BidRow> {
  return tables(tx).insertInto("offer_bids").values(bid).returning(BID_COLUMNS).executeTakeFirstOrThrow();
}
