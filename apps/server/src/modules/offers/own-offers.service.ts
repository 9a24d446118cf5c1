import type { Offer } from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { assertMayTransact, DomainError, isPublicId, type Viewer } from "../../platform/index.ts";
import { needsBond, syncOfferBondState } from "./bond-held-offers.service.ts";
import { getCatalog, getMarket } from "./catalog.service.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import { toOffer } from "./offer-shape.domain.ts";
import { offerNotFound } from "./offers.errors.ts";
import * as repo from "./offers.repo.ts";

/** What the owner's tools (my offers) read and change, through the offers door. */

export interface OwnOffer {
  offerId: bigint;
  offer: Offer;
}

async function shapeAll(db: Db, records: repo.OfferRecord[]): Promise<OwnOffer[]> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const now = new Date();
  return records.flatMap((record) => {
    const offer = toOffer(record, { catalog, market, now });
    return offer ? [{ offerId: record.id, offer }] : [];
  });
}

/** The owner's offers (deleted ones left out), newest first. */
export async function listOwnOffers(db: Db, filter: repo.OwnerOfferFilter): Promise<OwnOffer[]> {
  return shapeAll(db, await repo.listOwnerOfferRecords(db, filter));
}

export async function countOwnOffers(
  db: Db,
  ownerId: number,
  flowTypes?: readonly string[],
  type?: "buy" | "sell",
): Promise<repo.OwnerOfferCounts> {
  return repo.countOwnerOffers(db, ownerId, flowTypes, type);
}

/** One of the viewer's own offers; a stranger's or a missing one is the same 404. */
export async function getOwnOffer(db: Db, viewer: Viewer, idHashed: string): Promise<OwnOffer> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  const record = await repo.findOfferRecord(db, idHashed);
  if (!record || Number(record.user_id) !== viewer.userId) throw offerNotFound();
  const [shaped] = await shapeAll(db, [record]);
  if (!shaped)
    throw new DomainError("ERROR_NO_MARKET_RATE", "conflict", "There is no market rate to price this offer with.");
  return shaped;
}

export interface ToggleResult {
  idHashed: string;
  isActive: boolean;
  isEnabled: boolean;
  /** Why this offer could not be switched on (message keys); empty when it was. */
  errors: string[];
}

/**
 * Switches all the owner's offers (of one side, or both) on or off. Switching on needs the
 * activate-offer action; offers the system holds off (penalty, rejected) stay off with a reason.
 */
export async function setOwnOffersActive(
  db: Db,
  viewer: Viewer,
  isActive: boolean,
  type?: "buy" | "sell",
): Promise<ToggleResult[]> {
  assertMayTransact(viewer, isActive ? "activate-offer" : undefined);
  const results = await withTx(db, async (tx) => {
    const records = await repo.lockOwnerOffers(tx, viewer.userId, type);
    const results: ToggleResult[] = [];
    for (const record of records) {
      const blockers = isActive ? activationBlockers(record) : [];
      if (blockers.length === 0 && record.is_active !== isActive) {
        await repo.updateOffer(tx, record.id, { is_active: isActive }, { bumpVersion: false });
      }
      results.push({
        idHashed: record.id_hashed,
        isActive: blockers.length === 0 ? isActive : record.is_active,
        isEnabled: record.is_enabled,
        errors: blockers,
      });
    }
    // A buy offer switched on still waits for the bond: isEnabled tells (the spec keeps it apart).
    const bond = await syncOfferBondState(tx, viewer.userId);
    return results.map((result, index) => {
      const record = records[index];
      const isHeldByBond = record !== undefined && needsBond(record.type) && bond.isBondInsufficient;
      return { ...result, isEnabled: !isHeldByBond };
    });
  });
  forgetCachedListings();
  return results;
}

/** What keeps an offer from being switched on by its owner. */
function activationBlockers(record: Pick<repo.OfferRow, "penalty_reason" | "moderation_status">): string[] {
  const blockers: string[] = [];
  if (record.penalty_reason) blockers.push(record.penalty_reason);
  if (record.moderation_status !== 1) blockers.push("offer_not_approved");
  return blockers;
}

/** Clears the system's penalty so the owner can switch the offer on again. */
export async function resetOwnOfferPenalty(db: Db, viewer: Viewer, idHashed: string): Promise<void> {
  assertMayTransact(viewer);
  await withTx(db, async (tx) => {
    if (!isPublicId(idHashed)) throw offerNotFound();
    const record = await repo.findOfferRecord(tx, idHashed, { forUpdate: true });
    if (!record || Number(record.user_id) !== viewer.userId) throw offerNotFound();
    await repo.setPenalty(tx, record.id, null);
  });
  forgetCachedListings();
}

/** Highlights an offer until a moment (promotion). */
export async function setOfferFeaturedUntil(db: Db, offerId: bigint, until: Date | null): Promise<void> {
  await repo.setFeaturedUntil(db, offerId, until);
  forgetCachedListings();
}
