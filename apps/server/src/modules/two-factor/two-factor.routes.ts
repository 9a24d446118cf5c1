import {
  envelopeSchema,
  twoFactorCodeRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorEnrolmentResponseSchema,
  twoFactorOptionRequestSchema,
  twoFactorSettingsRequestSchema,
  twoFactorStatusResponseSchema,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  chooseTwoFactorOption,
  deactivateTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  saveTwoFactorSettings,
  sendTwoFactorCode,
} from "./two-factor.service.ts";

const tags = ["two-factor"];
/** Code checks are throttled per factor (five wrong in fifteen minutes); this caps the calls. */
const codeLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

export function registerTwoFactorRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/two-factor",
    {
      schema: {
        tags,
        summary: "The second factor: type, state, per-event settings",
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => envelope(await getTwoFactorStatus(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/two-factor/option",
    {
      config: codeLimit,
      schema: {
        tags,
        summary: "Start enrolment of a second factor (ga answers the secret, its otpauth address and a QR code)",
        body: twoFactorOptionRequestSchema,
        response: { 200: twoFactorEnrolmentResponseSchema },
      },
    },
    async (request) =>
      envelope(await chooseTwoFactorOption(deps.db, deps.jobs, viewerOf(request).userId, request.body.type)),
  );

  app.post(
    "/rest/v1/users/two-factor/send-code",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "E-mail a code of the e-mail factor (one a minute)",
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await sendTwoFactorCode(deps.db, deps.jobs, viewerOf(request).userId);
      return envelope(null);
    },
  );

  app.post(
    "/rest/v1/users/two-factor/enable",
    {
      config: codeLimit,
      schema: {
        tags,
        summary: "Turn the enrolled factor on with its first code; answers ten one-time recovery codes, once",
        body: twoFactorCodeRequestSchema,
        response: { 200: twoFactorEnableResponseSchema },
      },
    },
    async (request) => envelope(await enableTwoFactor(deps.db, viewerOf(request).userId, request.body.code)),
  );

  app.post(
    "/rest/v1/users/two-factor/deactivate",
    {
      config: codeLimit,
      schema: {
        tags,
        summary: "Turn the second factor off with one of its codes or a recovery code",
        body: twoFactorCodeRequestSchema,
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => {
      const userId = viewerOf(request).userId;
      await deactivateTwoFactor(deps.db, userId, request.body.code);
      return envelope(await getTwoFactorStatus(deps.db, userId));
    },
  );

  app.post(
    "/rest/v1/users/two-factor/settings",
    {
      config: codeLimit,
      schema: {
        tags,
        summary: "Which events ask for the second factor (turning one off while it is on takes a code)",
        body: twoFactorSettingsRequestSchema,
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => envelope(await saveTwoFactorSettings(deps.db, viewerOf(request).userId, request.body)),
  );
}
