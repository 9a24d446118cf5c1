import { envelopeSchema, ledgerVerifyReportSchema } from "@souk/contracts";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { verifyAndRecord } from "./ledger.verify-runs.ts";

export function registerLedgerPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/ledger/verify",
    {
      onRequest: requireRole("admin"),
      schema: {
        tags: ["admin", "ledger"],
        summary: "Check the ledger invariants (I1-I5) now",
        response: { 200: envelopeSchema(ledgerVerifyReportSchema) },
      },
    },
    async () => envelope(await verifyAndRecord(deps.db, deps.ledgerChecks, "admin")),
  );
}
