import type { SoukModule } from "../../platform/index.ts";
import { demoPresenceJob } from "./jobs/demo-presence.job.ts";
import { createUserCommand, grantRoleCommand } from "./users.commands.ts";
import { registerUsersPrivateRoutes, registerUsersPublicRoutes } from "./users.routes.ts";
import { seedDemoUsers } from "./users.seed.ts";

export { adjustTradeCounters, type TradeCounters, type TradeCountersDelta } from "./users.counters.ts";
export { visibleFullName } from "./users.domain.ts";
export type { ProfileCountsDelta } from "./users.repo.ts";
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./users.seed.ts";
export {
  adjustProfileCounts,
  type CreateUserInput,
  createUser,
  findLoginCandidate,
  findUserByUsername,
  findUserIdByUsername,
  getCurrentUser,
  getFeeDiscount,
  getPublicProfile,
  grantRoles,
  type LoginCandidate,
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
