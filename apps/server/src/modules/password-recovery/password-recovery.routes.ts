import { envelopeSchema, passwordChangeRequestSchema, passwordSchema } from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { changePassword } from "./password-change.service.ts";
import { forgotPassword, resetPassword } from "./password-recovery.service.ts";

const tags = ["auth"];
const done = envelopeSchema(z.null());

export function registerPasswordRecoveryRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/auth/password/forgot",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Mail a password reset link (the same answer whether or not the address has an account)",
        body: z.object({ email: z.string().trim().max(254) }),
        response: { 200: done },
      },
    },
    async (request) => {
      await forgotPassword(deps.db, deps.jobs, deps.config, request.body.email);
      return envelope(null);
    },
  );

  app.post(
    "/rest/v1/auth/password/reset",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Set a new password with a reset link's token; every session ends",
        body: z.object({ token: z.string().min(1).max(200), password: passwordSchema }),
        response: { 200: done },
      },
    },
    async (request) => {
      await resetPassword(deps.db, request.body.token, request.body.password);
      return envelope(null);
    },
  );
}

export function registerPasswordChangeRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/users/password",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["users"],
        summary: "Change the password (the second factor's code when one is on); ends the other sessions",
        body: passwordChangeRequestSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await changePassword(deps.db, viewer, request.body);
      return envelope(null);
    },
  );
}
