import { markPendingRequestSchema, providerCallbackAnswerSchema, submissionAnswerSchema } from "@souk/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, envelope, JSON_BODY_LIMIT_BYTES, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { markSumsubPending, receiveSumsubCallback } from "./verification.sumsub-callback.ts";
import { sumsubClientOf } from "./verification.sumsub-client.ts";

const tags = ["verification"];

/**
 * The provider's callback (public: the provider has no session). Its digest is over the body's
 * exact bytes, so this scope reads JSON as bytes and the handler parses it after the check.
 */
export async function registerSumsubCallbackRoute(app: SoukRoutes, deps: AppDeps): Promise<void> {
  await app.register(async (plain) => {
    plain.removeContentTypeParser("application/json");
    plain.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: JSON_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      "/rest/v3/kyc/verifications/sumsub/callback",
      {
        // No cookie is read: the signature is the credential.
        config: { csrf: false, keepsKeys: true, rateLimit: { max: 120, timeWindow: "1 minute" } },
        schema: {
          tags,
          summary: "The verification provider's signed callback (X-Payload-Digest over the raw body)",
          response: { 200: providerCallbackAnswerSchema },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return envelope(await receiveSumsubCallback(deps.db, deps.config, request.headers, rawBody));
      },
    );
  });
}

/** The user tells the server they finished the provider's flow. */
export function registerMarkPendingRoute(app: SoukRoutes, deps: AppDeps): void {
  const context = { db: deps.db, client: sumsubClientOf(deps.config) };
  app.post(
    "/rest/v3/kyc/verifications/sumsub/mark-pending",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Tell the server the user finished the provider's flow: it asks the provider to check",
        body: markPendingRequestSchema,
        response: { 200: submissionAnswerSchema },
      },
    },
    async (request) =>
      envelope(await markSumsubPending(context, viewerOf(request).userId, request.body.verificationReference)),
  );
}
