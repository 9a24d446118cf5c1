import { custodyOverviewSchema, envelopeSchema } from "@souk/contracts";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { getCustodyOverview } from "./evm/evm.overview.ts";

/** The operator overview of custody on real chains: the last reconciliation and open alerts. */
export function registerCustodyAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/custody",
    {
      onRequest: requireRole("admin"),
      schema: {
        tags: ["admin", "wallet"],
        summary: "Custody overview: the last reconciliation of chain against ledger, and open alerts",
        response: { 200: envelopeSchema(custodyOverviewSchema) },
      },
    },
    async () => envelope(await getCustodyOverview(deps.db)),
  );
}
