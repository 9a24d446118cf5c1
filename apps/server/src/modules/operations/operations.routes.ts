import { adminHealthSchema, envelopeSchema } from "@souk/contracts";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { getAdminHealth } from "./operations.health.ts";

/** The Overview's health read, for every staff role (they all see the Overview). */
export function registerOperationsRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/health",
    {
      onRequest: requireRole("moderator", "supermod", "admin"),
      schema: {
        tags: ["admin"],
        summary: "Ledger health, job queue, mail and webhook failures of the last 24 hours, maintenance",
        response: { 200: envelopeSchema(adminHealthSchema) },
      },
    },
    async () => envelope(await getAdminHealth(deps.db)),
  );
}
