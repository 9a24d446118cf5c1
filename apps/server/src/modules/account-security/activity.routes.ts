import { accountActivityQuerySchema, accountActivityResponseSchema } from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { listActivity } from "./activity.service.ts";

export function registerActivityRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/activity",
    {
      schema: {
        tags: ["users"],
        summary:
          "The account activity log: log-ins, failed log-ins, password and e-mail changes, money out, API keys (paged, newest first)",
        querystring: accountActivityQuerySchema,
        response: { 200: accountActivityResponseSchema },
      },
    },
    async (request) => {
      const { items, meta } = await listActivity(deps.db, viewerOf(request).userId, request.query);
      return envelope(items, meta);
    },
  );
}
