import { envelopeSchema } from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { changeUnconfirmedEmail, resendEmailCode, verifyEmailCode } from "./email-verification.service.ts";

const tags = ["user-verification"];
const done = envelopeSchema(z.null());
const codeBody = z.object({ code: z.string().regex(/^\d{6}$/, "email_code.format") });
const emailBody = z.object({ email: z.string().trim().email().max(254) });

export function registerEmailVerificationRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/user-verification/email/resend-code",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags, summary: "Send a new e-mail verification code (one a minute)", response: { 200: done } },
    },
    async (request) => {
      await resendEmailCode(deps.db, deps.jobs, viewerOf(request).userId);
      return envelope(null);
    },
  );

  app.post(
    "/rest/v1/user-verification/email/verify-code",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Verify the e-mail address with the 6-digit code it received",
        body: codeBody,
        response: { 200: done },
      },
    },
    async (request) => {
      await verifyEmailCode(deps.db, viewerOf(request).userId, request.body.code);
      return envelope(null);
    },
  );

  app.post(
    "/rest/v1/user-verification/email/change-unconfirmed",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Change a not yet verified e-mail address and send it a code",
        body: emailBody,
        response: { 200: done },
      },
    },
    async (request) => {
      await changeUnconfirmedEmail(deps.db, deps.jobs, viewerOf(request).userId, request.body.email);
      return envelope(null);
    },
  );
}
