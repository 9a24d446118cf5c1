import type { BondStatus } from "@souk/contracts";
import { afterCommit, type Db, type Tx } from "../../db/pool.ts";
import { getBondStatus } from "../wallet/index.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import * as repo from "./offers.repo.ts";
import { announceSwitchedOff, inTransaction } from "./switched-off-notices.ts";

/**
 * The vendor bond is the wallet's (wallet/bond.service.ts keeps the money and says whether it is
 * sufficient: getBondStatus, through the wallet's door); this file is only what the bond does to
 * offers. The bond backs offers on which the vendor owes the fiat: BUY offers,
 * where the taker's crypto goes into escrow first and the vendor pays afterwards. On a sell offer
 * the vendor's own crypto is the escrow, so no bond is asked. While the bond is insufficient the
 * vendor's buy offers are disabled (isEnabled false, whatever isActive says).
 */
const BOND_REQUIRED_TYPES: readonly ("buy" | "sell")[] = ["buy"];

export function needsBond(type: "buy" | "sell"): boolean {
  return BOND_REQUIRED_TYPES.includes(type);
}

/**
 * Brings the owner's offers in line with their bond: buy offers enabled exactly when the bond is
 * sufficient. Writes only rows that change. Returns the status it applied.
 */
export async function syncOfferBondState(db: Db | Tx, ownerId: number): Promise<BondStatus> {
  const status = await getBondStatus(db as Db, ownerId);
  const changed = await applyBondState(db, ownerId, !status.isBondInsufficient);
  // After the commit: a page cached between now and the commit would show the old state for seconds.
  if (changed > 0) afterCommit(db, forgetCachedListings);
  return status;
}

/** Switches the owner's bond-held offers on or off; switched off, the owner hears why, in the same transaction. */
function applyBondState(db: Db | Tx, ownerId: number, isEnabled: boolean): Promise<number> {
  return inTransaction(db, async (tx) => {
    const changed = await repo.setEnabledByType(tx, ownerId, BOND_REQUIRED_TYPES, isEnabled);
    if (!isEnabled)
      await announceSwitchedOff(
        tx,
        changed.map((row) => ({ ...row, user_id: ownerId })),
        "bond",
      );
    return changed.length;
  });
}

/** Every vendor with buy offers, in line with their bond (the wallet cannot call offers: it is below them). */
export async function syncAllOfferBondStates(db: Db): Promise<number> {
  let changed = 0;
  for (const ownerId of await repo.listOwnersWithOffersOfTypes(db, BOND_REQUIRED_TYPES)) {
    const status = await getBondStatus(db as Db, ownerId);
    changed += await applyBondState(db, ownerId, !status.isBondInsufficient);
  }
  if (changed > 0) forgetCachedListings();
  return changed;
}
