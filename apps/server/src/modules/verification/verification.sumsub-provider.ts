import { z } from "zod";
import type { FileStorage } from "../../platform/index.ts";
import type { ProviderDecision, VerificationProvider } from "./verification.provider.ts";
import type { SumsubClient, SumsubDocumentMetadata } from "./verification.sumsub-client.ts";

/**
 * The SumSub-shaped provider (docs/decisions/118-sumsub-provider.md). A complete submission
 * becomes an applicant of its own (externalUserId `souk-<submission id>`) with the submission's
 * files as its documents, and its check is asked for at once; the applicant's id is the
 * submission's reference. The provider decides later through its signed callback, whose
 * `applicantReviewed` body `decide` reads.
 */

const ID_DOC_TYPES: Record<string, string> = {
  passport: "PASSPORT",
  id_card: "ID_CARD",
  driving_license: "DRIVERS",
  residence_permit: "RESIDENCE_PERMIT",
  utility_bill: "UTILITY_BILL",
  bank_statement: "BANK_STATEMENT",
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Pure: the provider's metadata of one file of a submission, from its side and the start payload. */
export function documentMetadataOf(
  submission: { type: string; payload: Record<string, unknown> },
  side: string,
): SumsubDocumentMetadata {
  const country = text(submission.payload.issueCountryIso3) || text(submission.payload.countryIso3);
  const withCountry = (metadata: SumsubDocumentMetadata) => (country ? { ...metadata, country } : metadata);
  if (side === "selfie") return withCountry({ idDocType: "SELFIE" });
  if (side === "video") return withCountry({ idDocType: "VIDEO_SELFIE" });
  const idDocType = ID_DOC_TYPES[text(submission.payload.documentType)] ?? "OTHER";
  if (side === "front") return withCountry({ idDocType, idDocSubType: "FRONT_SIDE" });
  if (side === "back") return withCountry({ idDocType, idDocSubType: "BACK_SIDE" });
  return withCountry({ idDocType });
}

/** Pure: what the applicant is said to be (the names the user typed and the document's country). */
export function fixedInfoOf(payload: Record<string, unknown>): Record<string, string> {
  const info: Record<string, string> = {
    firstName: text(payload.firstNameOriginal),
    middleName: text(payload.middleNameOriginal),
    lastName: text(payload.lastNameOriginal),
    country: text(payload.issueCountryIso3) || text(payload.countryIso3),
  };
  return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== ""));
}

/** The part of an `applicantReviewed` callback that decides. */
const reviewedCallback = z.object({
  type: z.literal("applicantReviewed"),
  applicantId: z.string().min(1),
  reviewResult: z.object({
    reviewAnswer: z.enum(["GREEN", "RED"]),
    rejectLabels: z.array(z.string()).optional().default([]),
    reviewRejectType: z.string().optional(),
    moderationComment: z.string().optional(),
    clientComment: z.string().optional(),
  }),
});

const REASON_MAX = 500;

/**
 * Pure: the decision of a callback body. GREEN approves; RED with reviewRejectType RETRY asks for
 * the submission again; any other RED rejects. The reason is the provider's comment to us, else its
 * reject labels. Anything but a review decides nothing (null).
 */
export function sumsubDecisionOf(body: unknown): ProviderDecision | null {
  const parsed = reviewedCallback.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.reviewResult;
  if (result.reviewAnswer === "GREEN") return { outcome: "approved" };
  const reason = (
    result.clientComment?.trim() ||
    result.moderationComment?.trim() ||
    result.rejectLabels.join(", ") ||
    "Turned down by the verification provider."
  ).slice(0, REASON_MAX);
  return result.reviewRejectType === "RETRY"
    ? { outcome: "resubmission_requested", reason }
    : { outcome: "rejected", reason };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

export function sumsubProviderOf(client: SumsubClient, storage: FileStorage): VerificationProvider {
  return {
    name: "sumsub",
    async submit(_tx, submission) {
      const applicantId = await client.createApplicant(
        `souk-${submission.submissionId}`,
        fixedInfoOf(submission.payload),
      );
      for (const document of submission.documents) {
        const bytes = await storage.get(document.storageKey);
        if (!bytes) throw new Error(`verification document ${document.side} is missing from storage`);
        const extension = EXTENSIONS[document.contentType] ?? document.contentType.split("/")[1] ?? "bin";
        await client.addDocument(applicantId, documentMetadataOf(submission, document.side), {
          bytes,
          fileName: `${document.side}.${extension}`,
          contentType: document.contentType,
        });
      }
      await client.requestCheck(applicantId);
      return { reference: applicantId };
    },
    decide: sumsubDecisionOf,
  };
}
