import { z } from "zod";
import { ACCOUNT_LEVELS, VERIFICATION_LEVELS } from "./enums.ts";
import { envelopeSchema } from "./envelope.ts";

/**
 * Verification (docs/decisions/116-verification-levels-and-limits.md): the conditions a user meets,
 * the levels they add up to, the numeric account level each gives and the submissions (ID, proof
 * of address, video) that a reviewer decides.
 */

export const VERIFICATION_CONDITIONS = [
  "phone",
  "email",
  "fullname_birthday",
  "id",
  "in_house_id",
  "address",
  "video",
] as const;
export type VerificationCondition = (typeof VERIFICATION_CONDITIONS)[number];

export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/**
 * Each level, lowest first: the conditions it needs (each level needs those of the one before, too)
 * and the account level it gives. A user is at the highest level whose conditions they all meet.
 */
export const LEVEL_STEPS: readonly {
  level: VerificationLevel;
  needs: VerificationCondition[];
  accountLevel: number;
}[] = [
  { level: "L0", needs: [], accountLevel: ACCOUNT_LEVELS.none },
  { level: "L1", needs: ["email", "phone"], accountLevel: ACCOUNT_LEVELS.first },
  { level: "L1+", needs: ["fullname_birthday"], accountLevel: ACCOUNT_LEVELS.firstPlus },
  { level: "L2", needs: ["id"], accountLevel: ACCOUNT_LEVELS.second },
  { level: "L2+POA", needs: ["address"], accountLevel: ACCOUNT_LEVELS.second },
  { level: "L3", needs: ["video"], accountLevel: ACCOUNT_LEVELS.third },
  { level: "L4", needs: ["in_house_id"], accountLevel: ACCOUNT_LEVELS.third },
];

/** The limit pages of GET /rest/v1/limits/{level}-level-limitations, by the account level they describe. */
export const LIMITATION_PAGES = {
  first: ACCOUNT_LEVELS.first,
  second: ACCOUNT_LEVELS.second,
  third: ACCOUNT_LEVELS.third,
};
export type LimitationPage = keyof typeof LIMITATION_PAGES;

export const VERIFICATION_TYPES = ["id", "address", "video"] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** pending: started, its files are not all in; uploaded: in the review queue; corrupted: unreadable, send it again. */
export const VERIFICATION_STATUSES = ["pending", "uploaded", "approved", "rejected", "corrupted"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ID_DOCUMENT_TYPES = ["passport", "id_card", "driving_license", "residence_permit"] as const;
export const ADDRESS_DOCUMENT_TYPES = ["utility_bill", "bank_statement", "tax_document", "government_letter"] as const;
export const SELFIE_MODES = ["ENROL", "VERIFY"] as const;

/** The files an ID verification needs before it goes to review. */
export const ID_DOCUMENT_SIDES = ["front", "back", "selfie"] as const;
export type IdDocumentSide = (typeof ID_DOCUMENT_SIDES)[number];
export type DocumentSide = IdDocumentSide | "proof" | "video";

/** How many video verifications a user may send. */
export const VIDEO_ATTEMPTS_MAX = 3;
export const VERIFICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const VERIFICATION_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

export const VerificationErrorCode = {
  VERIFICATION_NOT_FOUND: "ERROR_VERIFICATION_NOT_FOUND",
  /** One submission of a type at a time (409, details.status). */
  VERIFICATION_IN_PROGRESS: "ERROR_VERIFICATION_IN_PROGRESS",
  /** The condition is verified already (409). */
  ALREADY_VERIFIED: "ERROR_VERIFICATION_ALREADY_VERIFIED",
  /** The submission is not waiting for this (409, details.status). */
  VERIFICATION_WRONG_STATE: "ERROR_VERIFICATION_WRONG_STATE",
  /** No video tries are left (409). */
  NO_ATTEMPTS_LEFT: "ERROR_VERIFICATION_NO_ATTEMPTS_LEFT",
  /** A reviewer may not decide their own submission (403). */
  SELF_REVIEW: "ERROR_VERIFICATION_SELF_REVIEW",
  /** A provider callback whose signature does not check out (401): nothing is decided. */
  BAD_SIGNATURE: "ERROR_VERIFICATION_BAD_SIGNATURE",
  /** The outside verification provider did not take the submission (503): nothing is stored. */
  PROVIDER_UNAVAILABLE: "ERROR_VERIFICATION_PROVIDER_UNAVAILABLE",
} as const;

const iso3 = z
  .string()
  .regex(/^[A-Z]{3}$/, "iso3")
  .describe("ISO 3166-1 alpha-3 country code");
const name = (max: number) => z.string().trim().min(1).max(max);

/** The spec's payloads are snake_case; requests may send them so (keys are camelCase inside). */
export const idVerificationStartSchema = z.object({
  issueCountryIso3: iso3,
  documentType: z.enum(ID_DOCUMENT_TYPES),
  firstNameOriginal: name(100),
  middleNameOriginal: z.string().trim().max(100).optional().default(""),
  lastNameOriginal: name(100),
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,40}$/, "document_number"),
});
export type IdVerificationStart = z.infer<typeof idVerificationStartSchema>;

export const addressVerificationFieldsSchema = z.object({
  countryIso3: iso3,
  documentType: z.enum(ADDRESS_DOCUMENT_TYPES),
  regionName: z.string().trim().max(100).optional().default(""),
  cityName: name(100),
  addressLine1: name(200),
  addressLine2: z.string().trim().max(200).optional().default(""),
  zipCode: z.string().trim().max(20).optional().default(""),
  ngaNin: z.string().trim().max(20).optional().default(""),
  ngaBvn: z.string().trim().max(20).optional().default(""),
});
export type AddressVerificationFields = z.infer<typeof addressVerificationFieldsSchema>;

export const verificationDocumentSchema = z.object({
  id: z.string(),
  side: z.enum(["front", "back", "selfie", "proof", "video"]),
  contentType: z.string(),
});

export const verificationSubmissionSchema = z.object({
  id: z.string(),
  type: z.enum(VERIFICATION_TYPES),
  status: z.enum(VERIFICATION_STATUSES),
  /** Why it was rejected or must be sent again; null otherwise. */
  reason: z.string().nullable(),
  provider: z.string(),
  /** The files it still needs before review (ID: front, back, selfie). */
  missing: z.array(z.string()),
  documents: z.array(verificationDocumentSchema),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationSubmission = z.infer<typeof verificationSubmissionSchema>;

export const limitsSchema = z.object({
  fiatCurrencyCode: z.string(),
  perTradeLimitInFiatCurrency: z.string().nullable(),
  dailyLimitInFiatCurrency: z.string().nullable(),
  rolling30DaysLimitInFiatCurrency: z.string().nullable(),
});
export type Limits = z.infer<typeof limitsSchema>;

export const kycCheckSchema = z.object({
  level: z.number(),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  isFullyVerified: z.boolean(),
  conditions: z.record(z.enum(VERIFICATION_CONDITIONS), z.boolean()),
  limits: limitsSchema,
  unusedTradingVolumeInFiatCurrency: z.string().nullable(),
  blockedKycActions: z.array(z.string()),
  banners: z.object({ kycIdRequired: z.boolean(), kycForcedAlert: z.boolean() }),
  /** The latest submission of each type, or null. */
  submissions: z.object({
    id: verificationSubmissionSchema.nullable(),
    address: verificationSubmissionSchema.nullable(),
    video: verificationSubmissionSchema.nullable(),
  }),
  videoAttemptsLeft: z.number().int(),
});
export type KycCheck = z.infer<typeof kycCheckSchema>;
export const kycCheckQuerySchema = z.object({
  fiatCurrencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

export const levelInfoSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  accountLevel: z.number(),
  /** Every condition the level needs, its lower levels' included. */
  needs: z.array(z.enum(VERIFICATION_CONDITIONS)),
  limits: limitsSchema,
});
export type LevelInfo = z.infer<typeof levelInfoSchema>;
export const levelsInfoSchema = z.array(levelInfoSchema);
export const levelLimitationsSchema = z.object({
  page: z.enum(["first", "second", "third"]),
  levels: levelsInfoSchema,
});

export type SelfieMode = (typeof SELFIE_MODES)[number];
export const leftAttemptSchema = z.object({
  type: z.enum(VERIFICATION_TYPES),
  attemptsLeft: z.number().int(),
  /**
   * For a video: ENROL while the user has no verified ID (the video's face becomes the reference),
   * VERIFY once they have one (the face is compared with the ID's selfie); null for other types.
   */
  selfieMode: z.enum(SELFIE_MODES).nullable(),
});
export type LeftAttempt = z.infer<typeof leftAttemptSchema>;
export const supportedCountrySchema = z.object({ iso: z.string(), iso3: z.string(), name: z.string() });
export const documentCountrySchema = z.object({ iso3: z.string().nullable(), documentTypes: z.array(z.string()) });

/** The review queue's line, for moderators. */
export const reviewItemSchema = verificationSubmissionSchema.extend({
  username: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueueSchema = z.array(reviewItemSchema);
/** The review queue answers at most this many submissions, oldest first. */
export const REVIEW_QUEUE_MAX = 100;
export const reviewQueueQuerySchema = z.object({
  status: z.enum(VERIFICATION_STATUSES).optional().default("uploaded"),
});
export const rejectRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const verificationIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{6,40}$/) });
export const verificationDocumentParamsSchema = verificationIdParamsSchema.extend({
  documentId: z.string().regex(/^[A-Za-z0-9_-]{6,40}$/),
});

export const kycCheckAnswerSchema = envelopeSchema(kycCheckSchema);
export const submissionAnswerSchema = envelopeSchema(verificationSubmissionSchema);

/** POST /rest/v3/kyc/verifications/sumsub/mark-pending: the user finished the provider's own flow. */
export const markPendingRequestSchema = z.object({
  verificationReference: z.string().trim().min(1).max(200),
});
/** What the provider's callback did: decided a submission, or nothing (not a review, or decided before). */
export const providerCallbackAnswerSchema = envelopeSchema(z.object({ isDecided: z.boolean() }));
