import {
  COMPANY_DOCUMENT_MAX_BYTES,
  COMPANY_DOCUMENTS_MAX,
  type CompanyVerificationFields,
  companyApplicationParamsSchema,
  companyDocumentParamsSchema,
  companyReviewDecisionSchema,
  companyReviewItemSchema,
  companyReviewQuerySchema,
  companyVerificationFieldsSchema,
  companyVerificationStateSchema,
  corporateConversionSchema,
  envelopeSchema,
  errorBodySchema,
  ownCompanyDocumentParamsSchema,
  STAFF_ROLES,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AppDeps,
  acceptMultipart,
  envelope,
  fileStorageFor,
  inputError,
  readMultipart,
  refusals,
  replyWithStoredFile,
  requireRole,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import {
  decideCompanyApplication,
  getCompanyApplication,
  listCompanyApplications,
  takeCompanyApplication,
  viewDocumentAsReviewer,
  viewOwnDocument,
} from "./company-review.service.ts";
import { featureOff } from "./corporate-accounts.errors.ts";
import {
  convertToCorporate,
  convertToPersonal,
  getCompanyVerification,
  postponeCompanyVerification,
  submitCompanyVerification,
} from "./corporate-accounts.service.ts";

const tags = ["corporate-accounts"];
const corporate = "/rest/v1/users/corporate-accounts";
const review = "/rest/v1/moderation/company-applications";
const stateAnswer = { 200: envelopeSchema(companyVerificationStateSchema), ...refusals };
const reviewAnswer = { 200: envelopeSchema(companyReviewItemSchema), ...refusals };
const fileAnswer = { 200: z.any(), 404: errorBodySchema };
const FIELD_NAMES = Object.keys(companyVerificationFieldsSchema.shape);

/** The text fields of the multipart submission, checked as a JSON body would be. */
async function readSubmission(request: FastifyRequest) {
  const upload = await readMultipart(request, {
    fileBytes: COMPANY_DOCUMENT_MAX_BYTES,
    files: COMPANY_DOCUMENTS_MAX,
    fields: FIELD_NAMES.length,
    fieldBytes: 256,
  });
  const truncated = [...upload.truncatedFields];
  if (truncated.length > 0) throw inputError(Object.fromEntries(truncated.map((name) => [name, ["too_long"]])));
  const parsed = companyVerificationFieldsSchema.safeParse(Object.fromEntries(upload.fields));
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".") || "body";
      details[field] = [...(details[field] ?? []), issue.message];
    }
    throw inputError(details, "The company details are not valid.");
  }
  return { fields: parsed.data as CompanyVerificationFields, files: upload.files };
}

/**
 * The switch of the routes that change an account's type or application: checked as the request
 * arrives (as role checks are), so a switched-off feature answers the same whatever the body.
 */
function corporateAccountsOn(deps: AppDeps) {
  return async () => {
    if (!deps.features.corporateAccount) throw featureOff();
  };
}

function registerAccountRoutes(app: SoukRoutes, deps: AppDeps): void {
  const onRequest = corporateAccountsOn(deps);
  app.get(
    `${corporate}/company-verification`,
    { schema: { tags, summary: "The caller's corporate account and company verification", response: stateAnswer } },
    async (request) => envelope(await getCompanyVerification(deps.db, viewerOf(request).userId)),
  );
  for (const [path, convert, summary] of [
    ["convert-to-corporate", convertToCorporate, "Convert the account to a corporate account"],
    ["convert-to-personal", convertToPersonal, "Convert a corporate account back to a personal one"],
  ] as const) {
    app.post(
      `${corporate}/${path}`,
      {
        onRequest,
        schema: { tags, summary, response: { 200: envelopeSchema(corporateConversionSchema), ...refusals } },
      },
      async (request) => envelope(await convert(deps.db, viewerOf(request).userId)),
    );
  }
  app.post(
    "/rest/v1/users/postpone-company-verification",
    { onRequest, schema: { tags, summary: "Postpone company verification", response: stateAnswer } },
    async (request) => envelope(await postponeCompanyVerification(deps.db, viewerOf(request).userId)),
  );
}

async function registerUploadRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const storage = fileStorageFor(deps.config);
  app.get(
    `${corporate}/company-verification/documents/:documentId`,
    {
      schema: {
        tags,
        summary: "One document of the caller's company application",
        params: ownCompanyDocumentParamsSchema,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      replyWithStoredFile(
        reply,
        await viewOwnDocument(deps.db, storage, viewerOf(request).userId, request.params.documentId),
      ),
  );
  await app.register(async (plain) => {
    // Multipart parsing lives in this scope only.
    await acceptMultipart(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      `${corporate}/company-verification`,
      {
        onRequest: corporateAccountsOn(deps),
        schema: {
          tags,
          summary:
            "Send the company application (multipart: legalEntityName, businessName, registrationNumber, " +
            "countryIso3 and 1 to 3 documents, png, jpeg, webp or pdf, checked by content)",
          consumes: ["multipart/form-data"],
          response: stateAnswer,
        },
      },
      async (request) => {
        const { fields, files } = await readSubmission(request);
        return envelope(await submitCompanyVerification(deps.db, storage, viewerOf(request).userId, fields, files));
      },
    );
  });
}

function registerReviewRoutes(app: SoukRoutes, deps: AppDeps): void {
  const storage = fileStorageFor(deps.config);
  const onRequest = requireRole(...STAFF_ROLES);
  app.get(
    review,
    {
      onRequest,
      schema: {
        tags,
        summary: "Company applications to review: the open ones, oldest first, or those of one status",
        querystring: companyReviewQuerySchema,
        response: { 200: envelopeSchema(z.array(companyReviewItemSchema)), ...refusals },
      },
    },
    async (request) => envelope(await listCompanyApplications(deps.readDb, request.query.status)),
  );
  app.get(
    `${review}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: "One company application",
        params: companyApplicationParamsSchema,
        response: reviewAnswer,
      },
    },
    async (request) => envelope(await getCompanyApplication(deps.db, request.params.id)),
  );
  app.get(
    `${review}/:id/documents/:documentId`,
    {
      onRequest,
      schema: {
        tags,
        summary: "One document of an application (each view is recorded)",
        params: companyDocumentParamsSchema,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      replyWithStoredFile(
        reply,
        await viewDocumentAsReviewer(deps.db, storage, viewerOf(request), request.params.id, request.params.documentId),
      ),
  );
  app.post(
    `${review}/:id/take`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Take an application into review",
        params: companyApplicationParamsSchema,
        response: reviewAnswer,
      },
    },
    async (request) => envelope(await takeCompanyApplication(deps.db, viewerOf(request), request.params.id)),
  );
  app.post(
    `${review}/:id/decision`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Approve, reject (with a reason) or ask for a resubmission (with a reason)",
        params: companyApplicationParamsSchema,
        body: companyReviewDecisionSchema,
        response: reviewAnswer,
      },
    },
    async (request) =>
      envelope(await decideCompanyApplication(deps.db, viewerOf(request), request.params.id, request.body)),
  );
}

export async function registerCorporateAccountRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  registerAccountRoutes(app, deps);
  registerReviewRoutes(app, deps);
  await registerUploadRoutes(app, deps);
}
