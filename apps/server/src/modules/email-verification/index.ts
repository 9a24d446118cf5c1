/**
 * The e-mail verification module's door: 6-digit codes sent through the mail module, verified,
 * resent with a cooldown, and the unverified address changed (decision 101); a signed-in user's
 * change of a verified address, confirmed by a code mailed to the new one (decision 083).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerEmailChangeRoutes } from "./email-change.routes.ts";
import { registerEmailVerificationRoutes } from "./email-verification.routes.ts";

export { pruneExpiredEmailChanges } from "./email-change.service.ts";
export { pruneExpiredEmailCodes, sendEmailCode } from "./email-verification.service.ts";

export const emailVerificationModule: SoukModule = {
  name: "email-verification",
  privateRoutes(app, deps) {
    registerEmailVerificationRoutes(app, deps);
    registerEmailChangeRoutes(app, deps);
  },
};
