import { z } from "zod";

/**
 * Corporate accounts and company verification (docs/product.md#corporate-accounts,
 * docs/decisions/120-corporate-accounts.md): converting between personal and corporate, the
 * company application a corporate account sends, and the moderators' review of it.
 */

/** The spec's corporate account statuses, the lifecycle of one company application. */
export const CORPORATE_ACCOUNT_STATUSES = [
  "application_submitted",
  "in_review",
  "application_approved",
  "application_rejected",
  "application_waiting_resubmission",
] as const;
export type CorporateAccountStatus = (typeof CORPORATE_ACCOUNT_STATUSES)[number];

/** Statuses of an application a moderator still has to decide. */
export const OPEN_CORPORATE_ACCOUNT_STATUSES = ["application_submitted", "in_review"] as const;

/** The redirect the web follows this long after a successful conversion (the spec's 4000 ms). */
export const CORPORATE_CONVERSION_REDIRECT_MS = 4000;

/** POST .../convert-to-corporate and convert-to-personal: a message to show, and where to go next. */
export const corporateConversionSchema = z.object({
  message: z.string(),
  redirect: z.string(),
});
export type CorporateConversion = z.infer<typeof corporateConversionSchema>;

/** The multipart field names of a company verification submission. */
export const COMPANY_DOCUMENT_FIELD = "files";
export const COMPANY_DOCUMENTS_MAX = 3;
/** 10 MB per document. */
export const COMPANY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The text fields of a company verification submission (sent as multipart fields). */
export const companyVerificationFieldsSchema = z
  .object({
    legalEntityName: z.string().trim().min(1, { message: "legal_entity_name_required" }).max(200),
    businessName: z.string().trim().min(1, { message: "business_name_required" }).max(200),
    registrationNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,63}$/, { message: "registration_number_invalid" }),
    countryIso3: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: "country_invalid" }),
  })
  .strict();
export type CompanyVerificationFields = z.infer<typeof companyVerificationFieldsSchema>;

export const companyDocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** false once the retention period removed the file (docs/product.md#corporate-accounts). */
  isAvailable: z.boolean(),
});

export const companyApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(CORPORATE_ACCOUNT_STATUSES),
  legalEntityName: z.string(),
  businessName: z.string(),
  registrationNumber: z.string(),
  countryIso3: z.string(),
  /** The moderator's reason for a rejection or a resubmission request; null otherwise. */
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  documents: z.array(companyDocumentSchema),
});
export type CompanyApplication = z.infer<typeof companyApplicationSchema>;

/** GET /rest/v1/users/corporate-accounts/company-verification: the caller's corporate state. */
export const companyVerificationStateSchema = z.object({
  isCorporate: z.boolean(),
  isCorporateVerified: z.boolean(),
  /** The status of the newest application; null when none was sent. */
  status: z.enum(CORPORATE_ACCOUNT_STATUSES).nullable(),
  /** The caller postponed company verification (the prompt stays hidden until they send it). */
  isPostponed: z.boolean(),
  /** A new application may be sent now (corporate, and none is open or approved). */
  canSubmit: z.boolean(),
  application: companyApplicationSchema.nullable(),
});
export type CompanyVerificationState = z.infer<typeof companyVerificationStateSchema>;

/** The review queue's line: the application and who sent it. */
export const companyReviewItemSchema = companyApplicationSchema.extend({
  username: z.string(),
  reviewerUsername: z.string().nullable(),
});
export type CompanyReviewItem = z.infer<typeof companyReviewItemSchema>;

export const companyReviewQuerySchema = z.object({ status: z.enum(CORPORATE_ACCOUNT_STATUSES).optional() }).strict();

export const COMPANY_REVIEW_DECISIONS = ["approve", "reject", "request_resubmission"] as const;

/** POST /rest/v1/moderation/company-applications/{id}/decision: a reason is needed unless approving. */
export const companyReviewDecisionSchema = z
  .object({
    decision: z.enum(COMPANY_REVIEW_DECISIONS),
    reason: z.string().trim().max(1_000).optional(),
  })
  .strict()
  .refine((body) => body.decision === "approve" || (body.reason ?? "").length > 0, {
    path: ["reason"],
    message: "reason_required",
  });
export type CompanyReviewDecision = z.infer<typeof companyReviewDecisionSchema>;

export const companyApplicationParamsSchema = z.object({ id: z.string().max(64) }).strict();
export const companyDocumentParamsSchema = z
  .object({ id: z.string().max(64), documentId: z.string().max(64) })
  .strict();
export const ownCompanyDocumentParamsSchema = z.object({ documentId: z.string().max(64) }).strict();
