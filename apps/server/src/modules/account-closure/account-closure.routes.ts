import { closeAccountRequestSchema, closeAccountSettingsSchema, envelopeSchema } from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, SESSION_COOKIE, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { closeAccount, getCloseAccountSettings } from "./account-closure.service.ts";

const tags = ["users"];

export function registerAccountClosureRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/close-account/settings",
    {
      schema: {
        tags,
        summary: "Reasons to close the account and what keeps it open",
        response: { 200: envelopeSchema(closeAccountSettingsSchema) },
      },
    },
    async (request) => envelope(await getCloseAccountSettings(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/close-account",
    {
      schema: {
        tags,
        summary: "Close the account (ends every session)",
        body: closeAccountRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      await closeAccount(deps.db, viewerOf(request), request.body);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return envelope(null);
    },
  );
}
