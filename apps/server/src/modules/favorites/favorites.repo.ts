import { type Generated, sql } from "kysely";
import type { Db } from "../../db/pool.ts";

/** offer_favorites is this module's (migration 0031); of offers it reads the side and deletion. */
type FavoritesTables = {
  offer_favorites: { user_id: bigint; offer_id: bigint; created_at: Generated<Date> };
  offers: { id: bigint; type: "buy" | "sell"; deleted_at: Date | null };
};

function tables(db: Db) {
  return db.withTables<FavoritesTables>();
}

export async function addFavorite(db: Db, userId: number, offerId: bigint): Promise<void> {
  await tables(db)
    .insertInto("offer_favorites")
    .values({ user_id: BigInt(userId), offer_id: offerId })
    .onConflict((conflict) => conflict.columns(["user_id", "offer_id"]).doNothing())
    .execute();
}

export async function removeFavorite(db: Db, userId: number, offerId: bigint): Promise<void> {
  await tables(db)
    .deleteFrom("offer_favorites")
    .where("user_id", "=", BigInt(userId))
    .where("offer_id", "=", offerId)
    .execute();
}

/** Favourites of offers that still exist, by the owner's side. */
export async function countFavorites(db: Db, userId: number): Promise<{ ownerSells: number; ownerBuys: number }> {
  const result = await sql<{ sells: bigint; buys: bigint }>`
    SELECT count(*) FILTER (WHERE o.type = 'sell') AS sells, count(*) FILTER (WHERE o.type = 'buy') AS buys
    FROM offer_favorites f JOIN offers o ON o.id = f.offer_id
    WHERE f.user_id = ${userId} AND o.deleted_at IS NULL`.execute(db);
  const row = result.rows[0];
  return { ownerSells: Number(row?.sells ?? 0n), ownerBuys: Number(row?.buys ?? 0n) };
}

export interface FavoriteRef {
  offerId: bigint;
  favoritedAt: Date;
}

/** Favourites (of existing offers, of one owner side or both), newest or oldest first. */
export async function listFavoriteRefs(
  db: Db,
  userId: number,
  options: { ownerType?: "buy" | "sell" | undefined; newestFirst: boolean; limit: number; offset: number },
): Promise<FavoriteRef[]> {
  let query = tables(db)
    .selectFrom("offer_favorites as f")
    .innerJoin("offers as o", "o.id", "f.offer_id")
    .select(["f.offer_id", "f.created_at"])
    .where("f.user_id", "=", BigInt(userId))
    .where("o.deleted_at", "is", null);
  if (options.ownerType) query = query.where("o.type", "=", options.ownerType);
  const direction = options.newestFirst ? "desc" : "asc";
  const rows = await query
    .orderBy("f.created_at", direction)
    .orderBy("f.offer_id", direction)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((row) => ({ offerId: row.offer_id, favoritedAt: row.created_at }));
}
