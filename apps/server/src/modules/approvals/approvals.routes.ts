import {
  adminUsernameParamsSchema,
  approvalApproveSchema,
  approvalIdParamsSchema,
  approvalRejectSchema,
  approvalSchema,
  approvalsQuerySchema,
  envelopeSchema,
  pageMetaSchema,
  reversalRequestSchema,
  transferIdParamsSchema,
  twoFactorResetRequestSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { type AppDeps, envelope, requireRole, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { type ApprovalCaller, approveRequest, listApprovals, rejectRequest } from "./approvals.service.ts";
import { proposeReversal } from "./ledger-reversal.ts";
import { proposeTwoFactorReset } from "./two-factor-reset.ts";

const callerOf = (request: FastifyRequest): ApprovalCaller => ({ userId: viewerOf(request).userId, ip: request.ip });

/** Staff approvals: admins list, approve and reject; admins propose ledger corrections. */
export function registerApprovalRoutes(app: SoukRoutes, deps: AppDeps): void {
  const adminOnly = requireRole("admin");
  const tags = ["admin"];
  const oneApproval = { 200: envelopeSchema(approvalSchema) };

  app.get(
    "/rest/v1/admin/approvals",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Requests waiting for (or decided by) an admin's approval, newest first",
        querystring: approvalsQuerySchema,
        response: { 200: envelopeSchema(z.array(approvalSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listApprovals(deps.readDb, request.query);
      return envelope(items, meta);
    },
  );

  app.post(
    "/rest/v1/admin/approvals/:id/approve",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Approve a request (not one's own); the last approval needed runs the action",
        params: approvalIdParamsSchema,
        body: approvalApproveSchema.nullish(),
        response: oneApproval,
      },
    },
    async (request) =>
      envelope(
        await approveRequest(
          deps.db,
          { actions: deps.approvalActions, jobs: deps.jobs },
          callerOf(request),
          request.params.id,
          request.body?.reason ?? "",
        ),
      ),
  );

  app.post(
    "/rest/v1/admin/approvals/:id/reject",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Reject a request with a reason; what it held (a withdrawal's funds) goes back",
        params: approvalIdParamsSchema,
        body: approvalRejectSchema,
        response: oneApproval,
      },
    },
    async (request) =>
      envelope(
        await rejectRequest(
          deps.db,
          { actions: deps.approvalActions, jobs: deps.jobs },
          callerOf(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  app.post(
    "/rest/v1/admin/ledger/transfers/:id/reversal",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Propose a correction: the transfer's reversal, run once another admin approves",
        params: transferIdParamsSchema,
        body: reversalRequestSchema,
        response: oneApproval,
      },
    },
    async (request) =>
      envelope(await proposeReversal(deps.db, callerOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    "/rest/v1/admin/users/:username/two-factor-reset",
    {
      onRequest: requireRole("supermod", "admin"),
      schema: {
        tags,
        summary: "Propose turning off the account's second factor; another admin approves",
        params: adminUsernameParamsSchema,
        body: twoFactorResetRequestSchema,
        response: oneApproval,
      },
    },
    async (request) =>
      envelope(await proposeTwoFactorReset(deps.db, callerOf(request), request.params.username, request.body.reason)),
  );
}
