/**
 * The feedback module's door: feedback after trades, and the figures other modules show
 * (profiles, the offer page's feedback block). It reads trades through their door and never
 * imports offers (offers may import this door).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerFeedbackPrivateRoutes, registerFeedbackPublicRoutes } from "./feedback.routes.ts";
import { seedDemoFeedback } from "./feedback.seed.ts";

export {
  feedbackCounts,
  giveFeedback,
  listFeedbackForUser,
  listFeedbackForUsername,
  replyToFeedback,
} from "./feedback.service.ts";

export const feedbackModule: SoukModule = {
  name: "feedback",
  publicRoutes: registerFeedbackPublicRoutes,
  privateRoutes: registerFeedbackPrivateRoutes,
  seedDemo: seedDemoFeedback,
};
