import {
  loginApprovalAnswerRequestSchema,
  loginApprovalAnswerResponseSchema,
  securitySettingsResponseSchema,
  securitySettingsSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { answerApproval, getSecuritySettings, saveSecuritySettings } from "./login-approvals.service.ts";

const tags = ["users"];

export function registerSecuritySettingsRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/security-settings",
    {
      schema: {
        tags,
        summary: "The account's security settings (approval of log-ins from new devices)",
        response: { 200: securitySettingsResponseSchema },
      },
    },
    async (request) => envelope(await getSecuritySettings(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/security-settings",
    {
      schema: {
        tags,
        summary: "Save the account's security settings",
        body: securitySettingsSchema,
        response: { 200: securitySettingsResponseSchema },
      },
    },
    async (request) => envelope(await saveSecuritySettings(deps.db, viewerOf(request).userId, request.body)),
  );
}

/** The mailed link's answer: whoever holds the link's token answers, logged in or not. */
export function registerLoginApprovalAnswerRoute(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/auth/login-approvals/answer",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Approve or deny a log-in from a new device with the mailed link's token",
        body: loginApprovalAnswerRequestSchema,
        response: { 200: loginApprovalAnswerResponseSchema },
      },
    },
    async (request) => envelope(await answerApproval(deps.db, request.body.token, request.body.answer)),
  );
}
