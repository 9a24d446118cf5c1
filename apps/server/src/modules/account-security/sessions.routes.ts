import { accountSessionsResponseSchema, endedSessionsResponseSchema } from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { endOtherSessions, endSession, listSessions } from "./sessions.service.ts";

const tags = ["users"];

export function registerSessionsRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/sessions",
    {
      schema: {
        tags,
        summary: "The account's signed-in sessions (device, address, last activity, the current one)",
        response: { 200: accountSessionsResponseSchema },
      },
    },
    async (request) => envelope(await listSessions(deps.db, viewerOf(request))),
  );

  app.delete(
    "/rest/v1/users/sessions/:id",
    {
      schema: {
        tags,
        summary: "End one other session of the account (the current one is ended by logging out)",
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: endedSessionsResponseSchema },
      },
    },
    async (request) => envelope({ ended: await endSession(deps.db, viewerOf(request), request.params.id) }),
  );

  app.delete(
    "/rest/v1/users/sessions",
    {
      schema: {
        tags,
        summary: "End every session of the account but the current one",
        response: { 200: endedSessionsResponseSchema },
      },
    },
    async (request) => envelope({ ended: await endOtherSessions(deps.db, viewerOf(request)) }),
  );
}
