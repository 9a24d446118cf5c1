import type { Db } from "../../db/pool.ts";

export { syncAllOfferBondStates } from "./bond.service.ts";

import { DEFAULT_ESCROW_FEE_BPS } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";
import { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import { dutyUtcRanges, zoneOffsetMinutes } from "./offers.domain.ts";
import * as repo from "./offers.repo.ts";

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
 * What each sell offer's owner must hold to fund its minimum (min_escrow_minor), at the given
 * rates: for one offer after it was written, or for all of them as rates move.
 */
export async function refreshMinEscrow(
  db: Db | Tx,
  reference: { catalog: Catalog; market: Market },
  offerId?: bigint,
): Promise<number> {
  const { catalog, market } = reference;
  const cryptos = [...catalog.cryptoById.values()].filter((item) => market.cryptoUsd[item.code] !== undefined);
  const fiats = catalog.fiatList.filter((item) => market.fiatPerUsd[item.code] !== undefined);
  const changed = await repo.refreshMinEscrow(
    db,
    {
      cryptoIds: cryptos.map((item) => item.id),
      cryptoUsd: cryptos.map((item) => market.cryptoUsd[item.code] as string),
      fiatIds: fiats.map((item) => item.id),
      perUsd: fiats.map((item) => market.fiatPerUsd[item.code] as string),
      defaultFeeBps: DEFAULT_ESCROW_FEE_BPS,
    },
    offerId,
  );
  if (changed > 0 && offerId === undefined) forgetCachedListings();
  return changed;
}

/** Every sell offer's min_escrow_minor at the current rates (the listing-keys job). */
export async function refreshAllMinEscrow(db: Db): Promise<number> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  return refreshMinEscrow(db, { catalog, market });
}
