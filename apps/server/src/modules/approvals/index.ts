/**
 * The approvals module's door: staff actions that wait for a second admin (four eyes). Other
 * modules open a request in their own transaction (`openApprovalRequest`) and register what runs
 * on approval or rejection as an `ApprovalAction` (docs/decisions/143-staff-approvals.md).
 */
import type { JobDefinition, SoukModule } from "../../platform/index.ts";
import { registerApprovalRoutes } from "./approvals.routes.ts";
import { expireOverdueApprovals } from "./approvals.service.ts";
import { ledgerReversalAction } from "./ledger-reversal.ts";
import { twoFactorResetAction } from "./two-factor-reset.ts";

export { openApprovalRequest } from "./approvals.service.ts";

const expireJob: JobDefinition = {
  name: "approvals.expire",
  schedule: "*/5 * * * *",
  async handler(_data, context) {
    const expired = await expireOverdueApprovals(context.db, context.approvalActions ?? []);
    if (expired > 0) context.log.info({ expired }, "approval requests expired");
  },
};

export const approvalsModule: SoukModule = {
  name: "approvals",
  privateRoutes: async (app, deps) => registerApprovalRoutes(app, deps),
  jobs: [expireJob],
  approvalActions: [ledgerReversalAction, twoFactorResetAction],
};
