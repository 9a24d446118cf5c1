import type { JobDefinition } from "../../../platform/index.ts";
import { completeDueBids } from "../bids.service.ts";

/**
 * Every minute: complete every funded bid whose period has ended, collecting its hold as platform
 * revenue. Idempotent and safe on several workers at once: each bid's conditional UPDATE lets one
 * of them win, and the ledger's settle key allows one settlement per bid
 * (docs/reliability.md#i11-timed-transitions-are-safe-to-repeat).
 * A bid pins nothing once its period has ended whether or not this has run yet: the listing and
 * pinned-info read only periods that cover the present.
 */
export const completeBidsJob: JobDefinition = {
  name: "my-offers.complete-bids",
  schedule: "* * * * *",
  async handler(_data, context) {
    const result = await completeDueBids(context.db);
    if (result.completed > 0) context.log.info(result, "bids completed");
  },
};
