import { auditEntrySchema, auditQuerySchema, envelopeSchema, pageMetaSchema } from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { listAudit } from "./audit.service.ts";

/** The audit log for supermods and admins: read-only, as the log itself. */
export function registerAuditRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/audit",
    {
      onRequest: requireRole("supermod", "admin"),
      schema: {
        tags: ["admin"],
        summary: "Staff actions, newest first: who, when, what, on whom and why",
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(z.array(auditEntrySchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listAudit(deps.readDb, request.query);
      return envelope(items, meta);
    },
  );
}
