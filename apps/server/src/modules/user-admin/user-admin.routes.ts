import {
  adminUserDetailsSchema,
  adminUsernameParamsSchema,
  adminUserSchema,
  adminUserSummarySchema,
  adminUsersQuerySchema,
  blockKycActionRequestSchema,
  envelopeSchema,
  grantRoleRequestSchema,
  liftRestrictionParamsSchema,
  liftRestrictionRequestSchema,
  pageMetaSchema,
  restrictRequestSchema,
  revokeRoleParamsSchema,
  revokeRoleRequestSchema,
  unblockKycActionParamsSchema,
  unblockKycActionRequestSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { type AppDeps, envelope, requireRole, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { getAdminUserDetails } from "./user-admin.details.ts";
import { registerUserRead, usersStaff } from "./user-admin.route.ts";
import {
  changeBlockedKycAction,
  changeRole,
  getAdminUser,
  liftUserRestriction,
  restrictUser,
  searchUsers,
  staffCaller,
} from "./user-admin.service.ts";

const callerOf = (request: FastifyRequest) => staffCaller(viewerOf(request), request.ip);

/** Users in the operator console: supermods and admins restrict; admins grant and revoke roles. */
export function registerUserAdminRoutes(app: SoukRoutes, deps: AppDeps): void {
  const tags = ["admin"];
  const adminUser = { 200: envelopeSchema(adminUserSchema) };

  app.get(
    "/rest/v1/admin/users",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Search accounts by username, e-mail, id or external id",
        querystring: adminUsersQuerySchema,
        response: { 200: envelopeSchema(z.array(adminUserSummarySchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await searchUsers(deps.readDb, request.query);
      return envelope(items, meta);
    },
  );

  registerUserRead(
    app,
    { section: "", summary: "One account: roles, restrictions, staff actions", data: adminUserSchema },
    (username) => getAdminUser(deps.db, username),
  );
  registerUserRead(
    app,
    {
      section: "/details",
      summary: "One account's balances, latest trades, offers and sessions (with their addresses)",
      data: adminUserDetailsSchema,
    },
    (username) => getAdminUserDetails(deps.readDb, username),
  );

  app.post(
    "/rest/v1/admin/users/:username/restrictions",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Ban, suspend, freeze, hold, restrict or mark compromised, with a reason and optional expiry",
        params: adminUsernameParamsSchema,
        body: restrictRequestSchema,
        response: adminUser,
      },
    },
    async (request) => {
      await restrictUser(deps.db, callerOf(request), request.params.username, request.body);
      return envelope(await getAdminUser(deps.db, request.params.username));
    },
  );

  app.post(
    "/rest/v1/admin/users/:username/restrictions/:kind/lift",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Lift one restriction",
        params: liftRestrictionParamsSchema,
        body: liftRestrictionRequestSchema.nullish(),
        response: adminUser,
      },
    },
    async (request) => {
      const { username, kind } = request.params;
      await liftUserRestriction(deps.db, callerOf(request), username, kind, request.body?.reason ?? "");
      return envelope(await getAdminUser(deps.db, username));
    },
  );

  app.post(
    "/rest/v1/admin/users/:username/roles",
    {
      onRequest: requireRole("admin"),
      schema: {
        tags,
        summary: "Grant a staff role (admins)",
        params: adminUsernameParamsSchema,
        body: grantRoleRequestSchema,
        response: adminUser,
      },
    },
    async (request) => {
      await changeRole(deps.db, callerOf(request), request.params.username, { ...request.body, change: "grant" });
      return envelope(await getAdminUser(deps.db, request.params.username));
    },
  );

  app.post(
    "/rest/v1/admin/users/:username/roles/:role/revoke",
    {
      onRequest: requireRole("admin"),
      schema: {
        tags,
        summary: "Revoke a staff role (admins)",
        params: revokeRoleParamsSchema,
        body: revokeRoleRequestSchema,
        response: adminUser,
      },
    },
    async (request) => {
      const { username, role } = request.params;
      await changeRole(deps.db, callerOf(request), username, { role, reason: request.body.reason, change: "revoke" });
      return envelope(await getAdminUser(deps.db, username));
    },
  );

  app.post(
    "/rest/v1/admin/users/:username/blocked-actions",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Block one KYC action of the account (start-trade-buy, use-wallet, ...), with a reason",
        params: adminUsernameParamsSchema,
        body: blockKycActionRequestSchema,
        response: adminUser,
      },
    },
    async (request) => {
      const { username } = request.params;
      await changeBlockedKycAction(deps.db, callerOf(request), username, { ...request.body, change: "block" });
      return envelope(await getAdminUser(deps.db, username));
    },
  );

  app.post(
    "/rest/v1/admin/users/:username/blocked-actions/:action/lift",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Allow a blocked KYC action again, with a reason",
        params: unblockKycActionParamsSchema,
        body: unblockKycActionRequestSchema,
        response: adminUser,
      },
    },
    async (request) => {
      const { username, action } = request.params;
      await changeBlockedKycAction(deps.db, callerOf(request), username, {
        action,
        reason: request.body.reason,
        change: "unblock",
      });
      return envelope(await getAdminUser(deps.db, username));
    },
  );
}
