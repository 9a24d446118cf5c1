/**
 * The e-mail verification module's door: 6-digit codes sent through the mail module, verified,
 * resent with a cooldown, and the unverified address changed (decision 101).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerEmailVerificationRoutes } from "./email-verification.routes.ts";

export { pruneExpiredEmailCodes, sendEmailCode } from "./email-verification.service.ts";

export const emailVerificationModule: SoukModule = {
  name: "email-verification",
  privateRoutes: registerEmailVerificationRoutes,
};
