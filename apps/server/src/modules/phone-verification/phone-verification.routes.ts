import {
  confirmPhoneRequestSchema,
  envelopeSchema,
  phoneSettingsSchema,
  resetPhoneRequestSchema,
  sendPhoneCodeRequestSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { confirmPhone, getPhoneSettings, resetPhone, sendPhoneCode } from "./phone-verification.service.ts";

const tags = ["users"];
const answer = { 200: envelopeSchema(phoneSettingsSchema) };

export function registerPhoneVerificationRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/phone-settings",
    { schema: { tags, summary: "The phone on the account and the code countdown", response: answer } },
    async (request) => envelope(await getPhoneSettings(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/send-phone-code",
    {
      schema: {
        tags,
        summary: "Send a 6-digit code to a phone number",
        body: sendPhoneCodeRequestSchema,
        response: answer,
      },
    },
    async (request) => envelope(await sendPhoneCode(deps.db, deps.jobs, viewerOf(request).userId, request.body)),
  );

  app.post(
    "/rest/v1/users/confirm-phone",
    {
      schema: {
        tags,
        summary: "Verify the phone with the code it received",
        body: confirmPhoneRequestSchema,
        response: answer,
      },
    },
    async (request) => envelope(await confirmPhone(deps.db, viewerOf(request).userId, request.body.phoneCode)),
  );

  app.post(
    "/rest/v1/users/reset-phone",
    {
      schema: {
        tags,
        summary: "Remove the phone from the account (the second factor's code when one is on)",
        body: resetPhoneRequestSchema.optional(),
        response: answer,
      },
    },
    async (request) => envelope(await resetPhone(deps.db, viewerOf(request).userId, request.body?.code)),
  );
}
