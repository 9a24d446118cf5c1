/**
 * The two-factor module's door (docs/product.md#two-factor): enrolment, per-event settings, the
 * guard of releases and sends, and the second step of a log-in (decisions 105 to 107).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerTwoFactorRoutes } from "./two-factor.routes.ts";

export { requireSecondFactor } from "./two-factor.guard.ts";
export {
  beginSecondFactorLogin,
  completeSecondFactorLogin,
  completeSecondFactorLoginWith,
  PENDING_LOGIN_TTL_MS,
  pendingLoginUser,
  pruneExpiredTwoFactorCodes,
} from "./two-factor.login.ts";
export { issueSecondFactorProof } from "./two-factor.proofs.ts";
export { hasTwoFactorOn, resetTwoFactorByStaff, twoFactorFlagsOf, usesSmsFactor } from "./two-factor.service.ts";
export { totpCode } from "./two-factor.totp.ts";

export const twoFactorModule: SoukModule = {
  name: "two-factor",
  privateRoutes: registerTwoFactorRoutes,
};
