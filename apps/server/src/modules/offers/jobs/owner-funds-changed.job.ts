import { type JobDefinition, OWNER_FUNDS_CHANGED_JOB } from "../../../platform/index.ts";
import { findUserIdByUsername } from "../../users/index.ts";
import { syncOfferBondState } from "../bond-held-offers.service.ts";
import { refreshOwnerFunding } from "../maintenance.service.ts";

/**
 * A vendor's wallet moved: a deposit, a send, a bond deposited or taken back (the wallet sends this
 * after the commit, with `ownerId` or `username`). Their buy offers follow the bond and their sell offers their balance at once,
 * and the marketplace with them, instead of at the next scheduled run. Idempotent: it brings the
 * offers in line with the wallet as it stands.
 */
export const ownerFundsChangedJob: JobDefinition = {
  name: OWNER_FUNDS_CHANGED_JOB,
  async handler(data, context) {
    // By id, or by username where the wallet's answer names the user (a deposit, a recipient).
    const ownerId =
      typeof data.username === "string" ? await findUserIdByUsername(context.db, data.username) : Number(data.ownerId);
    if (ownerId === null || !Number.isSafeInteger(ownerId) || ownerId <= 0) return;
    await syncOfferBondState(context.db, ownerId);
    await refreshOwnerFunding(context.db, ownerId);
  },
};
