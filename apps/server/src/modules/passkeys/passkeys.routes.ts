import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  envelopeSchema,
  passkeyAssertionRequestSchema,
  passkeyIdParamsSchema,
  passkeyOptionsResponseSchema,
  passkeyProofResponseSchema,
  passkeyPurposeRequestSchema,
  passkeyRegistrationRequestSchema,
  passkeyRenameRequestSchema,
  passkeyResponseSchema,
  passkeysResponseSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { issueSecondFactorProof } from "../two-factor/index.ts";
import { startAssertion, verifyAssertion } from "./passkeys.assertion.ts";
import { listUserPasskeys, removeUserPasskey, renameUserPasskey } from "./passkeys.manage.ts";
import { type ClientSeen, finishRegistration, startRegistration } from "./passkeys.registration.ts";

const tags = ["passkeys"];
/** Each ceremony step is cheap to refuse; this caps how fast one caller may try. */
const ceremonyLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/** The browser's options as the envelope carries them (plain JSON of the WebAuthn call). */
const asJson = (options: object) => options as Record<string, unknown>;

const clientSeen = (request: FastifyRequest): ClientSeen => ({
  ip: request.ip ?? null,
  userAgent: request.headers["user-agent"] ?? null,
});

export function registerPasskeyPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/auth/passkey/options",
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: "Start a log-in with a passkey: options for the browser, any passkey of this site",
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async () => envelope(asJson(await startAssertion(deps.db, deps.config, "login", null))),
  );
}

export function registerPasskeyPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  const { db, config } = deps;
  app.get(
    "/rest/v1/users/passkeys",
    { schema: { tags, summary: "The account's passkeys", response: { 200: passkeysResponseSchema } } },
    async (request) => envelope(await listUserPasskeys(db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/passkeys/registration/options",
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: "Start adding a passkey: options for the browser",
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => envelope(asJson(await startRegistration(db, config, viewerOf(request).userId))),
  );

  app.post(
    "/rest/v1/users/passkeys/registration/verify",
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: "Add the passkey the browser created (with the second factor's code when one is on)",
        body: passkeyRegistrationRequestSchema,
        response: { 201: passkeyResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, ...rest } = request.body;
      const input = { ...rest, response: response as unknown as RegistrationResponseJSON };
      const passkey = await finishRegistration(db, config, viewerOf(request).userId, input, clientSeen(request));
      reply.code(201);
      return envelope(passkey);
    },
  );

  app.put(
    "/rest/v1/users/passkeys/:id",
    {
      schema: {
        tags,
        summary: "Rename one of the account's passkeys",
        params: passkeyIdParamsSchema,
        body: passkeyRenameRequestSchema,
        response: { 200: passkeyResponseSchema },
      },
    },
    async (request) =>
      envelope(await renameUserPasskey(db, viewerOf(request).userId, request.params.id, request.body.name)),
  );

  app.delete(
    "/rest/v1/users/passkeys/:id",
    {
      schema: {
        tags,
        summary: "Remove one of the account's passkeys",
        params: passkeyIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeUserPasskey(db, viewerOf(request).userId, request.params.id, clientSeen(request));
      return envelope(null);
    },
  );

  app.post(
    "/rest/v1/users/passkeys/assertion/options",
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: "Start a passkey check as the second factor of a release, a send or an account change",
        body: passkeyPurposeRequestSchema,
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) =>
      envelope(asJson(await startAssertion(db, config, request.body.purpose, viewerOf(request).userId))),
  );

  app.post(
    "/rest/v1/users/passkeys/assertion/verify",
    {
      config: ceremonyLimit,
      schema: {
        tags,
        summary: "Check the passkey; answers a one-time code for that action's code field (two minutes)",
        body: passkeyAssertionRequestSchema,
        response: { 200: passkeyProofResponseSchema },
      },
    },
    async (request) => {
      const { purpose, response } = request.body;
      const proof = await verifyAssertion(
        db,
        config,
        {
          purpose,
          userId: viewerOf(request).userId,
          response: response as unknown as AuthenticationResponseJSON,
          client: clientSeen(request),
        },
        (tx, userId) => issueSecondFactorProof(tx, userId, purpose),
      );
      return envelope({ code: proof.code, expiresAt: proof.expiresAt.toISOString() });
    },
  );
}
