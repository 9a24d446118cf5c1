import type { JobDefinition } from "../../platform/index.ts";
import { refreshReputation } from "./reputation.service.ts";

/** Medals and trading figures from the trades, every hour and when a worker starts. */
export const reputationJob: JobDefinition = {
  name: "reputation.refresh",
  schedule: "17 * * * *",
  isQueuedAtStart: true,
  async handler(_data, context) {
    const { users } = await refreshReputation(context.db);
    context.log.info({ users }, "reputation refreshed");
  },
};
