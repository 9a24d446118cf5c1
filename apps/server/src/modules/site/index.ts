/**
 * The site module's door: maintenance mode, admin alerts and feature flags that admins change at
 * run time (docs/decisions/126-site-switches.md), each change audited. Trades and offers ask
 * `refuseDuringMaintenance` before a new trade or a new or switched-on offer; it reads a cache.
 */
import type { SoukModule } from "../../platform/index.ts";
import { flagsSetCommand, maintenanceCommand } from "./site.commands.ts";
import { registerSiteAdminRoutes, registerSitePublicRoutes } from "./site.routes.ts";

export { getMaintenanceState } from "./site.service.ts";
export { maintenanceRefusal, refuseDuringMaintenance } from "./site.state.ts";

export const siteModule: SoukModule = {
  name: "site",
  publicRoutes: async (app, deps) => registerSitePublicRoutes(app, deps),
  privateRoutes: async (app, deps) => registerSiteAdminRoutes(app, deps),
  commands: [maintenanceCommand, flagsSetCommand],
};
