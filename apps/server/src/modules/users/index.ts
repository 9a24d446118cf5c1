import type { SoukModule } from "../../platform/index.ts";
import { demoPresenceJob } from "./jobs/demo-presence.job.ts";
import { createUserCommand, grantRoleCommand } from "./users.commands.ts";
import { registerUsersPrivateRoutes, registerUsersPublicRoutes } from "./users.routes.ts";
import { seedDemoUsers } from "./users.seed.ts";

export { adjustTradeCounters, countConfirmedChargeback } from "./users.counters.ts";

export { DEMO_PASSWORD } from "./users.seed.ts";
export {
  adjustProfileCounts,
  createUser,
  findLoginCandidate,
  findUserByUsername,
  findUserIdByUsername,
  getCurrentUser,
  getFeeDiscount,
  getPublicProfile,
  grantRoles,
  updateSettings,
} from "./users.service.ts";

export const usersModule: SoukModule = {
  name: "users",
  publicRoutes: registerUsersPublicRoutes,
  privateRoutes: registerUsersPrivateRoutes,
  commands: [createUserCommand, grantRoleCommand],
  jobs: [demoPresenceJob],
  seedDemo: seedDemoUsers,
};
