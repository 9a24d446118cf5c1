import {
  adminConfirmDepositRequestSchema,
  adminDepositRequestSchema,
  broadcastReportSchema,
  depositIdParamsSchema,
  envelopeSchema,
  walletDepositSchema,
} from "@souk/contracts";
import {
  type AppDeps,
  envelope,
  OWNER_FUNDS_CHANGED_JOB,
  requireRole,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import { confirmDeposit, recordDeposit } from "./deposits.service.ts";
import { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

/** Operator routes of the dev chain: what the CLI does, for admins in a browser or a test. */
export function registerWalletAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  const adminOnly = requireRole("admin");

  app.post(
    "/rest/v1/admin/wallet/deposits",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "wallet"],
        summary: "Record a dev-chain deposit for a user (credited once confirmed)",
        body: adminDepositRequestSchema,
        response: { 200: envelopeSchema(walletDepositSchema) },
      },
    },
    async (request) => {
      const auditActor = { kind: "user", userId: viewerOf(request).userId } as const;
      const deposit = await recordDeposit(deps.db, { ...request.body, source: "admin", auditActor });
      deps.jobs.sendAfterCommit(deps.db, { name: OWNER_FUNDS_CHANGED_JOB, data: { username: deposit.username } });
      return envelope(deposit);
    },
  );

  app.post(
    "/rest/v1/admin/wallet/deposits/:id/confirm",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "wallet"],
        summary: "Raise a deposit's confirmations (by one, or to a count); credits it at the threshold",
        params: depositIdParamsSchema,
        body: adminConfirmDepositRequestSchema.nullish(),
        response: { 200: envelopeSchema(walletDepositSchema) },
      },
    },
    async (request) => {
      const deposit = await confirmDeposit(deps.db, request.params.id, request.body?.confirmations ?? null, undefined, {
        kind: "user",
        userId: viewerOf(request).userId,
      });
      deps.jobs.sendAfterCommit(deps.db, { name: OWNER_FUNDS_CHANGED_JOB, data: { username: deposit.username } });
      return envelope(deposit);
    },
  );

  app.post(
    "/rest/v1/admin/wallet/withdrawals/broadcast",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "wallet"],
        summary: "Broadcast waiting withdrawals now (the job does it every minute)",
        response: { 200: envelopeSchema(broadcastReportSchema) },
      },
    },
    async () => envelope(await broadcastPendingWithdrawals(deps.db)),
  );
}
