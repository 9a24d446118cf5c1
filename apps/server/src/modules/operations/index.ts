/**
 * The operations module's door: what the console's Overview reads about the running system
 * (ledger health, the job queue, delivery failures, maintenance), each part through the door of
 * the module that owns it (docs/decisions/145-operations-health.md).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerOperationsRoutes } from "./operations.routes.ts";

export const operationsModule: SoukModule = {
  name: "operations",
  privateRoutes: async (app, deps) => registerOperationsRoutes(app, deps),
};
