/**
 * The reputation module's door: medals, badges and the trading figures of the public profile,
 * worked out by a job from the trades (docs/decisions/139-medals-badges-and-trade-volume.md). It
 * reads the trades table and never writes it, so nothing is added to a trade's own path.
 */
import type { SoukModule } from "../../platform/index.ts";
import { reputationJob } from "./reputation.job.ts";
import { registerReputationPublicRoutes } from "./reputation.routes.ts";
import { refreshReputation } from "./reputation.service.ts";

export { type BadgeFacts, badgeOf } from "./reputation.badges.ts";
export { profileReputation, refreshReputation } from "./reputation.service.ts";

export const reputationModule: SoukModule = {
  name: "reputation",
  publicRoutes: registerReputationPublicRoutes,
  jobs: [reputationJob],
  // The demo's profiles show their medals and volumes at once, not after the first hourly pass.
  seedDemo: async (context) => {
    await refreshReputation(context.db);
  },
};
