import type { JobDefinition } from "../../../platform/index.ts";
import {
  refreshAllMinEscrow,
  refreshDutyRanges,
  refreshFixedPricesUsd,
  syncAllOfferBondStates,
} from "../maintenance.service.ts";

/**
 * Every ten minutes: offers in a zone that changed its offset (daylight saving) get their UTC duty
 * ranges recomputed, fixed prices their USD value at the current rates, sell offers what their owner
 * must hold to fund their minimum (min_escrow_minor), and buy offers follow their vendor's bond
 * (deposited or taken back in the wallet). Idempotent: a second run finds everything current and
 * writes nothing.
 */
export const refreshListingKeysJob: JobDefinition = {
  name: "offers.refresh-listing-keys",
  schedule: "*/10 * * * *",
  async handler(_data, context) {
    const duty = await refreshDutyRanges(context.db, new Date());
    const prices = await refreshFixedPricesUsd(context.db);
    const minEscrow = await refreshAllMinEscrow(context.db);
    const bonds = await syncAllOfferBondStates(context.db);
    if (duty + prices + minEscrow + bonds > 0)
      context.log.info({ duty, prices, minEscrow, bonds }, "offer listing keys refreshed");
  },
};
