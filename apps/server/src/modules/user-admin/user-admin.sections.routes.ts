import {
  accountActivityQuerySchema,
  accountActivityResponseSchema,
  adminUsernameParamsSchema,
  adminUserRelationsSchema,
  adminUserVerificationsSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes } from "../../platform/index.ts";
import { registerUserRead, usersStaff } from "./user-admin.route.ts";
import { getUserActivity, getUserRelations, getUserVerifications } from "./user-admin.sections.ts";

/** The user page's activity, relations and verification sections: supermods and admins, as the page. */
export function registerUserSectionRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/admin/users/:username/activity",
    {
      onRequest: usersStaff,
      schema: {
        tags: ["admin"],
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
  registerUserRead(
    app,
    {
      section: "/relations",
      summary: "Whom one account trusts and blocks, and who trusts and blocks it: totals and the newest",
      data: adminUserRelationsSchema,
    },
    (username) => getUserRelations(deps.readDb, username),
  );
  registerUserRead(
    app,
    {
      section: "/verifications",
      summary: "One account's verification submissions, newest first, with their documents",
      data: adminUserVerificationsSchema,
    },
    (username) => getUserVerifications(deps.readDb, username),
  );
}
