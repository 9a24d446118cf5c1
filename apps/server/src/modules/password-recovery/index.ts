/** The password recovery module's door: forgotten password links and resets (decision 102). */
import type { SoukModule } from "../../platform/index.ts";
import { registerPasswordRecoveryRoutes } from "./password-recovery.routes.ts";

export const passwordRecoveryModule: SoukModule = {
  name: "password-recovery",
  publicRoutes: registerPasswordRecoveryRoutes,
};
