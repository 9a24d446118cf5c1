import {
  accountActivityQuerySchema,
  accountActivityResponseSchema,
  adminUsernameParamsSchema,
  adminUserRelationsSchema,
  adminUserVerificationsSchema,
  envelopeSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";
import { getUserActivity, getUserRelations, getUserVerifications } from "./user-admin.sections.ts";

/** The user page's activity, relations and verification sections: supermods and admins, as the page. */
export function registerUserSectionRoutes(app: SoukRoutes, deps: AppDeps): void {
  const usersStaff = requireRole("supermod", "admin");
  const tags = ["admin"];

  app.get(
    "/rest/v1/admin/users/:username/activity",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "One account's activity log (log-ins, password and e-mail changes, money out), newest first, paged",
        params: adminUsernameParamsSchema,
        querystring: accountActivityQuerySchema,
        response: { 200: accountActivityResponseSchema },
      },
    },
    async (request) => {
      const { items, meta } = await getUserActivity(deps.readDb, request.params.username, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/admin/users/:username/relations",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "Whom one account trusts and blocks, and who trusts and blocks it: totals and the newest",
        params: adminUsernameParamsSchema,
        response: { 200: envelopeSchema(adminUserRelationsSchema) },
      },
    },
    async (request) => envelope(await getUserRelations(deps.readDb, request.params.username)),
  );

  app.get(
    "/rest/v1/admin/users/:username/verifications",
    {
      onRequest: usersStaff,
      schema: {
        tags,
        summary: "One account's verification submissions, newest first, with their documents",
        params: adminUsernameParamsSchema,
        response: { 200: envelopeSchema(adminUserVerificationsSchema) },
      },
    },
    async (request) => envelope(await getUserVerifications(deps.readDb, request.params.username)),
  );
}
