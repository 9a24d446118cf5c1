/**
 * The verification module's door (docs/decisions/116-verification-levels-and-limits.md): the levels
 * and their limits, the ID and address submissions, the provider adapter that decides them
 * (the built-in `manual` one is the moderators' review queue, docs/decisions/117-manual-review-queue.md),
 * and what a decision changes; the SumSub-shaped provider (docs/decisions/118-sumsub-provider.md),
 * video verification (docs/decisions/119-video-verification.md) and the documents' retention.
 */
import type { SoukModule } from "../../platform/index.ts";
import { purgeVerificationDocumentsJob } from "./jobs/purge-documents.job.ts";
import { registerVerificationRoutes } from "./verification.routes.ts";
import { registerSumsubCallbackRoute } from "./verification.sumsub-routes.ts";

export { refreshKycLevel } from "./verification.decide.ts";
export { listSubmissionsOfUser } from "./verification.review.ts";
export { unusedTradingVolume } from "./verification.service.ts";
export { sumTradedVolumesUsd } from "./verification.volume.ts";

export const verificationModule: SoukModule = {
  name: "verification",
  publicRoutes: registerSumsubCallbackRoute,
  privateRoutes: registerVerificationRoutes,
  jobs: [purgeVerificationDocumentsJob],
};
