/**
 * The password module's door: forgotten password links and resets (decision 102), and the
 * signed-in password change (decision 108).
 */
import type { SoukModule } from "../../platform/index.ts";

export { pruneExpiredResetTokens } from "./password-recovery.service.ts";

import { registerPasswordChangeRoutes, registerPasswordRecoveryRoutes } from "./password-recovery.routes.ts";

export const passwordRecoveryModule: SoukModule = {
  name: "password-recovery",
  publicRoutes: registerPasswordRecoveryRoutes,
  privateRoutes: registerPasswordChangeRoutes,
};
