import type { JobDefinition } from "../../../platform/index.ts";
import { forgetStaleThrottles } from "../auth.repo.ts";

/**
 * Hourly: throttle rows whose window ended long ago are removed, so logins that name nothing
 * (guessed names) do not pile up. Idempotent and safe on several workers at once.
 */
export const forgetStaleThrottlesJob: JobDefinition = {
  name: "auth.forget-stale-throttles",
  schedule: "17 * * * *",
  async handler(_data, context) {
    const forgotten = await forgetStaleThrottles(context.db, context.config.LOGIN_WINDOW_MINUTES);
    if (forgotten > 0) context.log.info({ forgotten }, "stale log-in throttles removed");
  },
};
