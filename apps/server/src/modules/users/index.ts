import type { SoukModule } from "../../platform/index.ts";
import { createUserCommand, grantRoleCommand } from "./users.commands.ts";
import { registerUsersPrivateRoutes, registerUsersPublicRoutes } from "./users.routes.ts";
import { seedDemoUsers } from "./users.seed.ts";

export { visibleFullName } from "./users.domain.ts";
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./users.seed.ts";
export {
  type CreateUserInput,
  createUser,
  findLoginCandidate,
  findUserIdByUsername,
  getCurrentUser,
  getPublicProfile,
  grantRoles,
  type LoginCandidate,
} from "./users.service.ts";

export const usersModule: SoukModule = {
  name: "users",
  publicRoutes: registerUsersPublicRoutes,
  privateRoutes: registerUsersPrivateRoutes,
  commands: [createUserCommand, grantRoleCommand],
  seedDemo: seedDemoUsers,
};
