import type { JobDefinition } from "../../../platform/index.ts";
import { refreshDutyRanges, refreshFixedPricesUsd, syncAllOfferBondStates } from "../maintenance.service.ts";

/**
 * Every ten minutes: offers in a zone that changed its offset (daylight saving) get their UTC duty
 * ranges recomputed, fixed prices their USD value at the current rates, and buy offers follow their
 * vendor's bond (deposited or taken back in the wallet). Idempotent: a second run finds everything
 * current and writes nothing.
 */
export const refreshListingKeysJob: JobDefinition = {
  name: "offers.refresh-listing-keys",
  schedule: "*/10 * * * *",
  async handler(_data, context) {
    const duty = await refreshDutyRanges(context.db, new Date());
    const prices = await refreshFixedPricesUsd(context.db);
    const bonds = await syncAllOfferBondStates(context.db);
    if (duty + prices + bonds > 0) context.log.info({ duty, prices, bonds }, "offer listing keys refreshed");
  },
};
