import { FAVORITES_PAGE_SIZE, type FavoriteOffer, type FavoritesQuery, pageMeta } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { describeOffers, isFavorite, resolveVisibleOfferId } from "../offers/index.ts";
import { FAVORITES_MAX, ownerSideOf, sortByPrice } from "./favorites.domain.ts";
import { tooManyFavorites } from "./favorites.errors.ts";
import * as repo from "./favorites.repo.ts";

/** POST /rest/v1/favorites/offers/{id}: only an offer the viewer may see; saving twice is harmless. */
export async function addFavoriteOffer(db: Db, viewer: Viewer, idHashed: string): Promise<void> {
  const offerId = await resolveVisibleOfferId(db, viewer, idHashed);
  if (await isFavorite(db, viewer.userId, offerId)) return;
  const counts = await repo.countFavorites(db, viewer.userId);
  if (counts.ownerBuys + counts.ownerSells >= FAVORITES_MAX) throw tooManyFavorites();
  await repo.addFavorite(db, viewer.userId, offerId);
}

/** DELETE /rest/v1/favorites/offers/{id}: removing one that is not saved is harmless. */
export async function removeFavoriteOffer(db: Db, viewer: Viewer, idHashed: string): Promise<void> {
  const offerId = await resolveVisibleOfferId(db, viewer, idHashed);
  await repo.removeFavorite(db, viewer.userId, offerId);
}

export interface FavoritesPage {
  items: FavoriteOffer[];
  meta: {
    total: number;
    currentPage: number;
    perPage: number;
    lastPage: number;
    buyCount: number;
    sellCount: number;
    currentType: "buy" | "sell" | null;
  };
}

/** GET /rest/v1/favorites/offers: type is the visitor's side, as in the marketplace. */
export async function listFavoriteOffers(db: Db, viewer: Viewer, query: FavoritesQuery): Promise<FavoritesPage> {
  const counts = await repo.countFavorites(db, viewer.userId);
  const buyCount = counts.ownerSells;
  const sellCount = counts.ownerBuys;
  const total = query.type === undefined ? buyCount + sellCount : query.type === "buy" ? buyCount : sellCount;
  const perPage = FAVORITES_PAGE_SIZE;
  const offset = (query.page - 1) * perPage;
  const ownerType = query.type === undefined ? undefined : ownerSideOf(query.type);
  let items: FavoriteOffer[];
  if (query.sort === "price_asc" || query.sort === "price_desc") {
    // A price order needs today's prices: all favourites (at most FAVORITES_MAX) are priced, then paged.
    const refs = await repo.listFavoriteRefs(db, viewer.userId, {
      ownerType,
      newestFirst: true,
      limit: FAVORITES_MAX,
      offset: 0,
    });
    const all = await describe(db, viewer, refs);
    items = sortByPrice(all, query.sort === "price_asc" ? "asc" : "desc").slice(offset, offset + perPage);
  } else {
    const refs = await repo.listFavoriteRefs(db, viewer.userId, {
      ownerType,
      newestFirst: query.sort !== "oldest",
      limit: perPage,
      offset,
    });
    items = await describe(db, viewer, refs);
  }
  const meta = pageMeta(total, query.page, perPage);
  return { items, meta: { ...meta, buyCount, sellCount, currentType: query.type ?? null } };
}

async function describe(db: Db, viewer: Viewer, refs: repo.FavoriteRef[]): Promise<FavoriteOffer[]> {
  const summaries = await describeOffers(
    db,
    viewer.userId,
    refs.map((ref) => ref.offerId),
  );
  return refs.flatMap((ref) => {
    const summary = summaries.get(String(ref.offerId));
    return summary ? [{ ...summary, favoritedAt: ref.favoritedAt.toISOString() }] : [];
  });
}
