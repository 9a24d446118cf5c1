/**
 * The audit module's door: every staff action writes one row with `recordAudit` inside its own
 * transaction (docs/decisions/124-audit-log-append-only.md); supermods and admins read the log at
 * `GET /rest/v1/admin/audit`, operators with `audit:tail`.
 */
import type { SoukModule } from "../../platform/index.ts";
import { auditTailCommand } from "./audit.commands.ts";
import { registerAuditRoutes } from "./audit.routes.ts";

export { type AuditActor, listAudit, recordAudit } from "./audit.service.ts";

export const auditModule: SoukModule = {
  name: "audit",
  privateRoutes: async (app, deps) => registerAuditRoutes(app, deps),
  commands: [auditTailCommand],
};
