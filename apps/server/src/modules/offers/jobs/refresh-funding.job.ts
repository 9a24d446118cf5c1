import type { JobDefinition } from "../../../platform/index.ts";
import { refreshAllFunding } from "../maintenance.service.ts";

/**
 * Every minute: each sell offer's funding state follows its owner's balance and the rates (trades
 * hold and settle escrow without calling the offers module). Idempotent: a run that finds nothing
 * changed writes nothing.
 */
export const refreshFundingJob: JobDefinition = {
  name: "offers.refresh-funding",
  schedule: "* * * * *",
  async handler(_data, context) {
    const changed = await refreshAllFunding(context.db);
    if (changed > 0) context.log.info({ changed }, "offer funding refreshed");
  },
};
