import type { Db } from "../../db/pool.ts";

export { syncAllOfferBondStates } from "./bond-held-offers.service.ts";

import { DEFAULT_ESCROW_FEE_BPS } from "@souk/contracts";
import { afterCommit, type Tx } from "../../db/pool.ts";
import { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import { dutyUtcRanges, zoneOffsetMinutes } from "./offers.domain.ts";
import * as repo from "./offers.repo.ts";
import { announceSwitchedOff, inTransaction } from "./switched-off-notices.ts";

/**
 * The listing orders and filters by two stored keys that depend on the clock and the rates: the
 * duty hours in UTC (a zone's offset moves with daylight saving) and the USD value of fixed
 * prices (fiat rates move). Both are written with each offer; these bring them up to date.
 */

/** Recomputes the UTC duty ranges of offers whose zone's offset is not the stored one. */
export async function refreshDutyRanges(db: Db, at: Date): Promise<number> {
  let changed = 0;
  for (const zone of await repo.listDutyZones(db)) {
    const offset = zoneOffsetMinutes(zone.timezone, at);
    if (offset === zone.offset) continue;
    for (const offer of await repo.listDutyOffersOfZone(db, zone.timezone, zone.offset)) {
      await repo.setDutyRanges(db, offer.id, dutyUtcRanges(offer.duty_hours, offset), offset);
      changed += 1;
    }
  }
  if (changed > 0) forgetCachedListings();
  return changed;
}

/** Recomputes the USD value of fixed prices at the current rates. */
export async function refreshFixedPricesUsd(db: Db): Promise<number> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const fiat = catalog.fiatList.filter((item) => market.fiatPerUsd[item.code] !== undefined);
  const changed = await repo.refreshFixedPricesUsd(
    db,
    fiat.map((item) => item.id),
    fiat.map((item) => market.fiatPerUsd[item.code] as string),
  );
  if (changed > 0) forgetCachedListings();
  return changed;
}

/**
 * The funding state of sell offers (migration 0066: what the owner must hold, whether they do, and
 * the maximum their balance funds) at the given rates: one offer after it was written, one owner's
 * offers after their wallet moved, or every offer (the minute's job). Cached marketplace pages are
 * forgotten after the commit when anything changed.
 */
export async function refreshFunding(
  db: Db | Tx,
  reference: { catalog: Catalog; market: Market },
  scope: repo.FundingScope,
): Promise<number> {
  const { catalog, market } = reference;
  const cryptos = [...catalog.cryptoById.values()].filter((item) => market.cryptoUsd[item.code] !== undefined);
  const fiats = catalog.fiatList.filter((item) => market.fiatPerUsd[item.code] !== undefined);
  const { changed } = await inTransaction(db, async (tx) => {
    const result = await repo.refreshFunding(
      tx,
      {
        cryptoIds: cryptos.map((item) => item.id),
        cryptoUsd: cryptos.map((item) => market.cryptoUsd[item.code] as string),
        fiatIds: fiats.map((item) => item.id),
        perUsd: fiats.map((item) => market.fiatPerUsd[item.code] as string),
        defaultFeeBps: DEFAULT_ESCROW_FEE_BPS,
      },
      scope,
    );
    // A sell offer its owner's balance no longer funds is off the marketplace: the owner hears why.
    await announceSwitchedOff(tx, result.unfunded, "balance");
    return result;
  });
  if (changed > 0) afterCommit(db, forgetCachedListings);
  return changed;
}

/** Every sell offer's funding state now (the minute's job; also the benchmark's seed). */
export async function refreshAllFunding(db: Db): Promise<number> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  return refreshFunding(db, { catalog, market }, "all");
}

/** One owner's sell offers, after their wallet moved (a deposit, a send, a bond). */
export async function refreshOwnerFunding(db: Db, ownerId: number): Promise<number> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  return refreshFunding(db, { catalog, market }, { ownerId });
}
