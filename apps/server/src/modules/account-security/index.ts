/**
 * The account security module's door: the account's sessions, listed and ended (decision 110),
 * and the account activity log (decision 111). Other modules write the log through
 * `recordActivity`, in the transaction of their action.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerActivityRoutes } from "./activity.routes.ts";
import { registerSessionsRoutes } from "./sessions.routes.ts";

export { recordActivity } from "./activity.service.ts";
export { describeDevice } from "./sessions.domain.ts";

export const accountSecurityModule: SoukModule = {
  name: "account-security",
  privateRoutes(app, deps) {
    registerSessionsRoutes(app, deps);
    registerActivityRoutes(app, deps);
  },
};
