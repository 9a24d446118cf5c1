import {
  emailChangeConfirmSchema,
  emailChangeDoneResponseSchema,
  emailChangePendingResponseSchema,
  emailChangeRequestSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { confirmEmailChange, requestEmailChange } from "./email-change.service.ts";

const tags = ["users"];

export function registerEmailChangeRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/users/email",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "Ask to change the e-mail address (password, and the second factor's code when one is on): " +
          "a code goes to the new address, a notice to the old one",
        body: emailChangeRequestSchema,
        response: { 200: emailChangePendingResponseSchema },
      },
    },
    async (request) => envelope(await requestEmailChange(deps.db, deps.jobs, viewerOf(request).userId, request.body)),
  );

  app.post(
    "/rest/v1/users/email/confirm",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Confirm the new e-mail address with the 6-digit code it received",
        body: emailChangeConfirmSchema,
        response: { 200: emailChangeDoneResponseSchema },
      },
    },
    async (request) =>
      envelope(
        await confirmEmailChange(deps.db, viewerOf(request).userId, request.body.code, {
          ip: request.ip ?? null,
          userAgent: request.headers["user-agent"] ?? null,
        }),
      ),
  );
}
