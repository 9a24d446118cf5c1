import { BOND_CHANGED_JOB, type JobDefinition } from "../../../platform/index.ts";
import { syncOfferBondState } from "../bond.service.ts";

/**
 * A vendor deposited or took back their bond (the wallet sends this after the commit): their buy
 * offers follow at once, and the marketplace with them, instead of at the next listing-keys run.
 * Idempotent: it brings the offers in line with the bond as it stands.
 */
export const syncBondStateJob: JobDefinition = {
  name: BOND_CHANGED_JOB,
  async handler(data, context) {
    const ownerId = Number(data.ownerId);
    if (Number.isSafeInteger(ownerId) && ownerId > 0) await syncOfferBondState(context.db, ownerId);
  },
};
