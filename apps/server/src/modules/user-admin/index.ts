/**
 * The user-admin module's door: staff search accounts, restrict them (with a reason and an optional
 * expiry that the `user-admin.lift-expired` job honours) and grant or revoke staff roles
 * (docs/decisions/125-user-restrictions.md). Every action writes one audit row in its transaction.
 */
import type { JobDefinition, SoukModule } from "../../platform/index.ts";
import { restrictCommand, unrestrictCommand } from "./user-admin.commands.ts";
import { registerUserAdminRoutes } from "./user-admin.routes.ts";
import { registerUserSectionRoutes } from "./user-admin.sections.routes.ts";
import { liftExpiredRestrictions } from "./user-admin.service.ts";

const liftExpiredJob: JobDefinition = {
  name: "user-admin.lift-expired",
  schedule: "* * * * *",
  async handler(_data, context) {
    const lifted = await liftExpiredRestrictions(context.db);
    if (lifted > 0) context.log.info({ lifted }, "expired restrictions lifted");
  },
};

export const userAdminModule: SoukModule = {
  name: "user-admin",
  privateRoutes: async (app, deps) => {
    registerUserAdminRoutes(app, deps);
    registerUserSectionRoutes(app, deps);
  },
  jobs: [liftExpiredJob],
  commands: [restrictCommand, unrestrictCommand],
};
