/**
 * The account security module's door: the account's sessions, listed and ended (decision 110),
 * the account activity log (decision 111), the devices a user logs in from (decision 091) and the
 * approval of log-ins from new devices (decision 092). Other modules write the log through
 * `recordActivity`, in the transaction of their action.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerActivityRoutes } from "./activity.routes.ts";
import { registerLoginApprovalAnswerRoute, registerSecuritySettingsRoutes } from "./login-approvals.routes.ts";
import { registerSessionsRoutes } from "./sessions.routes.ts";

export { listActivity, recordActivity } from "./activity.service.ts";
export { rememberFirstDevice, settleLogInDevice } from "./devices.service.ts";
export { askApprovalIfNeeded, claimApprovedLogIn } from "./login-approvals.service.ts";
export { describeDevice } from "./sessions.domain.ts";
export { listSessionsForStaff } from "./sessions.service.ts";

export const accountSecurityModule: SoukModule = {
  name: "account-security",
  publicRoutes: registerLoginApprovalAnswerRoute,
  privateRoutes(app, deps) {
    registerSessionsRoutes(app, deps);
    registerActivityRoutes(app, deps);
    registerSecuritySettingsRoutes(app, deps);
  },
};
