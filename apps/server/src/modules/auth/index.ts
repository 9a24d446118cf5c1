import type { SoukModule } from "../../platform/index.ts";
import { registerAuthPrivateRoutes, registerAuthPublicRoutes } from "./auth.routes.ts";
import { forgetStaleThrottlesJob } from "./jobs/forget-stale-throttles.job.ts";
import { pruneExpiredCodesJob } from "./jobs/prune-expired-codes.job.ts";

export const authModule: SoukModule = {
  name: "auth",
  publicRoutes: registerAuthPublicRoutes,
  privateRoutes: registerAuthPrivateRoutes,
  jobs: [forgetStaleThrottlesJob, pruneExpiredCodesJob],
};
