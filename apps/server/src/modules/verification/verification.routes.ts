import {
  documentCountrySchema,
  envelopeSchema,
  errorBodySchema,
  idVerificationStartSchema,
  kycCheckAnswerSchema,
  kycCheckQuerySchema,
  LIMITATION_PAGES,
  type LimitationPage,
  leftAttemptSchema,
  levelLimitationsSchema,
  levelsInfoSchema,
  rejectRequestSchema,
  reviewItemSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  STAFF_ROLES,
  submissionAnswerSchema,
  supportedCountrySchema,
  VERIFICATION_FILE_MAX_BYTES,
  VERIFICATION_TYPES,
  VERIFICATION_VIDEO_MAX_BYTES,
  verificationDocumentParamsSchema,
  verificationIdParamsSchema,
} from "@souk/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AppDeps,
  acceptMultipart,
  envelope,
  fileStorageFor,
  readMultipart,
  replyWithStoredFile,
  requireRole,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import { manualProvider } from "./verification.manual-provider.ts";
import { providerFor } from "./verification.providers.ts";
import {
  decideAsModerator,
  getReviewItem,
  listReviewQueue,
  readDocumentForReviewer,
  readOwnThumbnail,
} from "./verification.review.ts";
import {
  getDocumentCountry,
  getKycCheck,
  getLeftAttempts,
  getLevelLimitations,
  getLevelsInfo,
  getSupportedCountries,
} from "./verification.service.ts";
import { startAddressVerification, startIdVerification, uploadIdDocuments } from "./verification.submit.ts";
import { registerMarkPendingRoute } from "./verification.sumsub-routes.ts";
import { uploadVideo } from "./verification.video.ts";

const tags = ["verification"];
const fiatQuery = kycCheckQuerySchema;
const fileAnswer = { 200: z.any(), 404: errorBodySchema };

function registerReads(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/kyc-check",
    {
      schema: {
        tags,
        summary: "The user's level, its limits in the fiat, what is left of them, and their submissions",
        querystring: fiatQuery,
        response: { 200: kycCheckAnswerSchema },
      },
    },
    async (request) =>
      envelope(await getKycCheck(deps.db, viewerOf(request).userId, request.query.fiatCurrencyCode ?? undefined)),
  );
  app.get(
    "/rest/v1/limits/levels-info",
    {
      schema: {
        tags,
        summary: "Every level: what it needs and its limits",
        querystring: fiatQuery,
        response: { 200: envelopeSchema(levelsInfoSchema) },
      },
    },
    async (request) => envelope(await getLevelsInfo(deps.db, request.query.fiatCurrencyCode ?? undefined)),
  );
  for (const page of Object.keys(LIMITATION_PAGES) as LimitationPage[]) {
    app.get(
      `/rest/v1/limits/${page}-level-limitations`,
      {
        schema: {
          tags,
          summary: `The levels of the ${page} account level and their limits`,
          querystring: fiatQuery,
          response: { 200: envelopeSchema(levelLimitationsSchema) },
        },
      },
      async (request) =>
        envelope(await getLevelLimitations(deps.db, page, request.query.fiatCurrencyCode ?? undefined)),
    );
  }
  app.get(
    "/rest/v1/verification/left-attempt/:type",
    {
      schema: {
        tags,
        summary: "How many tries of a verification are left (video: three in all)",
        params: z.object({ type: z.enum(VERIFICATION_TYPES) }),
        response: { 200: envelopeSchema(leftAttemptSchema) },
      },
    },
    async (request) => envelope(await getLeftAttempts(deps.db, viewerOf(request).userId, request.params.type)),
  );
  app.get(
    "/rest/v1/verification/supported-countries",
    {
      schema: {
        tags,
        summary: "Countries whose documents are accepted",
        response: { 200: envelopeSchema(z.array(supportedCountrySchema)) },
      },
    },
    async () => envelope(await getSupportedCountries(deps.db)),
  );
  app.get(
    "/rest/v1/verification/document-country",
    {
      schema: {
        tags,
        summary: "The user's country, to preselect, and the accepted ID document types",
        response: { 200: envelopeSchema(documentCountrySchema) },
      },
    },
    async (request) => envelope(await getDocumentCountry(deps.db, viewerOf(request).userId)),
  );
}

function registerOwnerFiles(app: SoukRoutes, deps: AppDeps): void {
  const storage = fileStorageFor(deps.config);
  app.get(
    "/rest/v1/verification/documents/:documentId",
    {
      schema: {
        tags,
        summary: "A small copy of one of the user's own verification images",
        params: verificationDocumentParamsSchema.pick({ documentId: true }),
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      replyWithStoredFile(
        reply,
        await readOwnThumbnail(deps.db, storage, viewerOf(request).userId, request.params.documentId),
      ),
  );
  app.post(
    "/account/verification/start/id",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Start an ID verification; it waits as pending until its front, back and selfie are in",
        body: idVerificationStartSchema,
        response: { 200: submissionAnswerSchema },
      },
    },
    async (request) => envelope(await startIdVerification(deps.db, viewerOf(request).userId, request.body)),
  );
}

const UPLOAD_LIMITS = { fileBytes: VERIFICATION_FILE_MAX_BYTES, files: 3, fields: 12, fieldBytes: 400 };

async function registerUploads(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const storage = fileStorageFor(deps.config);
  const context = { db: deps.db, storage, provider: providerFor(deps.config, storage) };
  await app.register(async (plain) => {
    // Multipart parsing lives in this scope only: the rest of the calls take JSON.
    await acceptMultipart(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      "/account/verification/id/:id/documents",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          tags,
          summary: "Send the ID's images (multipart fields front, back, selfie: png, jpeg or webp)",
          params: verificationIdParamsSchema,
          consumes: ["multipart/form-data"],
          response: { 200: submissionAnswerSchema },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, UPLOAD_LIMITS);
        return envelope(await uploadIdDocuments(context, viewerOf(request).userId, request.params.id, upload.files));
      },
    );
    scope.post(
      "/account/verification/start/document",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          tags,
          summary: "Start a proof of address: the address fields and one file named proof (image or PDF)",
          consumes: ["multipart/form-data"],
          response: { 200: submissionAnswerSchema },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, { ...UPLOAD_LIMITS, files: 1 });
        return envelope(await startAddressVerification(context, viewerOf(request).userId, upload));
      },
    );
    scope.post(
      "/account/verification/video/upload",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          tags,
          summary: "Send a video verification (one file named video: mp4, mov or webm) while tries are left",
          consumes: ["multipart/form-data"],
          response: { 200: submissionAnswerSchema },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, {
          ...UPLOAD_LIMITS,
          fileBytes: VERIFICATION_VIDEO_MAX_BYTES,
          files: 1,
        });
        return envelope(await uploadVideo(context, viewerOf(request).userId, upload.files));
      },
    );
  });
}

function registerReviewQueue(app: SoukRoutes, deps: AppDeps): void {
  const storage = fileStorageFor(deps.config);
  const staffOnly = requireRole(...STAFF_ROLES);
  const itemAnswer = { 200: envelopeSchema(reviewItemSchema) };
  app.get(
    "/rest/v1/admin/verifications",
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: "The review queue: submissions of a status (uploaded by default), oldest first",
        querystring: reviewQueueQuerySchema,
        response: { 200: envelopeSchema(reviewQueueSchema) },
      },
    },
    async (request) => envelope(await listReviewQueue(deps.db, request.query.status)),
  );
  app.get(
    "/rest/v1/admin/verifications/:id",
    {
      onRequest: staffOnly,
      schema: { tags, summary: "One submission", params: verificationIdParamsSchema, response: itemAnswer },
    },
    async (request) => envelope(await getReviewItem(deps.db, request.params.id)),
  );
  app.get(
    "/rest/v1/admin/verifications/:id/documents/:documentId",
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: "A document of a submission (each opening is recorded)",
        params: verificationDocumentParamsSchema,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      replyWithStoredFile(
        reply,
        await readDocumentForReviewer(deps.db, storage, viewerOf(request).userId, {
          submissionId: request.params.id,
          documentId: request.params.documentId,
        }),
      ),
  );
  const decide = (path: string, summary: string, action: "approve" | "reject" | "request_resubmission") =>
    app.post(
      `/rest/v1/admin/verifications/:id/${path}`,
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary,
          params: verificationIdParamsSchema,
          ...(action === "approve" ? {} : { body: rejectRequestSchema }),
          response: itemAnswer,
        },
      },
      async (request) => {
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? "";
        const answer = action === "approve" ? { action } : { action, reason };
        return envelope(
          await decideAsModerator(deps.db, manualProvider, viewerOf(request).userId, request.params.id, answer),
        );
      },
    );
  decide("approve", "Approve a submission: the user's level moves", "approve");
  decide("reject", "Reject a submission with the reason the user is shown", "reject");
  decide(
    "request-resubmission",
    "Ask the user to send the submission again (status corrupted)",
    "request_resubmission",
  );
}

export async function registerVerificationRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  registerReads(app, deps);
  registerOwnerFiles(app, deps);
  await registerUploads(app, deps);
  registerReviewQueue(app, deps);
  registerMarkPendingRoute(app, deps);
}
