import { type OfferSwitchOffReason, PAGE_PATHS } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { announceAccountEvent } from "../../realtime/index.ts";

/**
 * The owner of an offer the system switched off hears why (the bond fell short, the balance no
 * longer funds it, the cap is reached), in the transaction that switched it off
 * (docs/decisions/112-one-event-catalogue.md). Once per offer and change: the key carries the
 * moment, so an offer switched off again later is told again.
 */
export async function announceSwitchedOff(
  tx: Db | Tx,
  offers: readonly { id_hashed: string; user_id: bigint | number }[],
  reason: OfferSwitchOffReason,
): Promise<void> {
  const at = Date.now();
  for (const offer of offers) {
    await announceAccountEvent(tx, Number(offer.user_id), {
      event: "offer.switched_off",
      subjectId: offer.id_hashed,
      dedupeKey: `offer.switched_off:${offer.id_hashed}:${reason}:${at}`,
      link: PAGE_PATHS.offerEdit.replace(":id", offer.id_hashed),
      reason,
    });
  }
}

/** Runs `work` in the caller's transaction, or in a new one: a switch and its notice commit together. */
export function inTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Tx) : withTx(db as Db, work);
}
