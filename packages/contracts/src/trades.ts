import { z } from "zod";
import { tradeBankAccountSchema } from "./bank-accounts.ts";
import { decimalInput } from "./decimal-input.ts";
import { TRADE_STATUSES, type TradeStatus } from "./enums.ts";
import { envelopeSchema, pageMetaSchema, pageQuerySchema } from "./envelope.ts";

/**
 * Trades (docs/product.md#trades: the trade, its statuses and flow, the chargeback rule, the calls
 * and the
 * trade start errors). Amounts are decimal strings: crypto with every decimal of its currency
 * ("0.00150000"), fiat as the trade locked it ("150.00"). Times are ISO strings unless a field
 * says seconds (the spec's expiresAt.timestamp).
 */

// ---- vocabulary ----------------------------------------------------------------------------

/** Statuses in which a trade holds escrow and is shown among the active trades. */
export const TRADE_ACTIVE_STATUSES = [
  "active_funded",
  "paid",
  "dispute_open",
] as const satisfies readonly TradeStatus[];
/** Terminal statuses: the escrow was posted (released, dispute_won_buyer) or voided (the others). */
export const TRADE_FINISHED_STATUSES = [
  "released",
  "cancelled_buyer",
  "cancelled_seller",
  "expired",
  "dispute_won_buyer",
  "dispute_won_seller",
] as const satisfies readonly TradeStatus[];
/**
 * Statuses Souk's trades actually take (the spec's list also names statuses of other flows). No
 * rule of Souk reaches `cancelled_system`: the expiry is `expired` (docs/decisions/132-expired-and-what-counts-as-cancelled.md).
 */
export const TRADE_USED_STATUSES = [...TRADE_ACTIVE_STATUSES, ...TRADE_FINISHED_STATUSES] as const;
/** Finished with the crypto delivered to the buyer: counted as a successful (completed) trade. */
export const TRADE_SUCCESSFUL_STATUSES = ["released", "dispute_won_buyer"] as const satisfies readonly TradeStatus[];
/**
 * "Counts as cancelled if cancelled by buyer or system" (docs/product.md#trade-statuses), and
 * nothing else: the seller's cancel and an expiry are finished without counting as cancelled.
 */
export const TRADE_CANCELLED_STATUSES = [
  "cancelled_buyer",
  "cancelled_system",
] as const satisfies readonly TradeStatus[];
/** Finished with the escrow voided back to the seller without a dispute: the cancels and the expiry. */
export const TRADE_VOIDED_STATUSES = [
  "cancelled_buyer",
  "cancelled_seller",
  "expired",
] as const satisfies readonly TradeStatus[];

/** Who acts on a trade. `system` is the expiry job. */
export const TRADE_ACTOR_ROLES = ["buyer", "seller", "moderator", "system"] as const;
export type TradeActorRole = (typeof TRADE_ACTOR_ROLES)[number];

/**
 * Flow steps (docs/product.md#trade-flow-and-requirements). Payment details are revealed once the
 * first step is done.
 */
export const TRADE_FLOW_STEPS = ["before_reveal_payment_details", "before_mark_as_paid"] as const;
export type TradeFlowStep = (typeof TRADE_FLOW_STEPS)[number];

export const REQUIREMENT_STATUSES = ["approved", "corrupted", "pending", "uploaded", "rejected"] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
/** A requirement counts as met when it is uploaded (awaiting review) or approved. */
export const REQUIREMENT_MET_STATUSES = ["uploaded", "approved"] as const satisfies readonly RequirementStatus[];

/**
 * Requirements a trade may carry, derived from the offer at start:
 * payer_name (sell offers paid by bank or online transfer, and offers tagged no-third-party) before
 * the payment details are revealed; payment_receipt (tag receipt-required), invoice
 * (invoice-required) and card_photo (gift cards tagged physical-card) before marking as paid.
 * Each is the buyer's to fulfil; the seller approves or rejects it.
 */
export const TRADE_REQUIREMENT_IDS = ["payer_name", "payment_receipt", "invoice", "card_photo"] as const;
export type TradeRequirementId = (typeof TRADE_REQUIREMENT_IDS)[number];
/** Requirements fulfilled with text (POST /requirement); the others with an upload. */
export const TEXT_REQUIREMENT_IDS = ["payer_name"] as const satisfies readonly TradeRequirementId[];

/** Trade side words (docs/product.md#trade-statuses): the viewer bought or sold. */
export const TRADE_SIDES = ["bought", "sold"] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** Trade start error types (docs/product.md#starting-a-trade), in `errors.details.reason` of a refused start. */
export const TRADE_START_ERROR_TYPES = [
  "max_per_trade_limit",
  "reached_daily_compliance_limit",
  "max_2_active_trades_id_not_verified",
  "default",
] as const;
export type TradeStartErrorType = (typeof TRADE_START_ERROR_TYPES)[number];

/** Trade-limit kinds (docs/product.md#starting-a-trade), in `errors.details.limitKind` of a refused amount. */
export const TRADE_LIMIT_KINDS = ["KycTradeLimit", "TradeLimit", "NewBuyerTradeLimit", "LowBalance"] as const;
export type TradeLimitKind = (typeof TRADE_LIMIT_KINDS)[number];

export const CHARGEBACK_TIMINGS = ["before_reveal_payment_details", "before_mark_as_paid"] as const;
export const CHARGEBACK_STATES = ["Pending", "Dismissed", "Confirmed"] as const;
export type ChargebackState = (typeof CHARGEBACK_STATES)[number];

/** Reasons for reporting a trade problem (docs/product.md#trade-reports-and-chargebacks). */
export const TRADE_REPORT_REASONS = [
  "outside_escrow",
  "bad_offer_terms",
  "obvious_scam",
  "negotiation",
  "other",
] as const;

/** Completed-trade filters of the trade history (docs/product.md#trade-history-and-figures). */
export const COMPLETED_TRADE_FILTERS = ["all", "successful", "cancelled", "disputed", "dispute", "expired"] as const;
export type CompletedTradeFilter = (typeof COMPLETED_TRADE_FILTERS)[number];

/** Chat block reasons (docs/product.md#chat-block-reasons); the trade module says which applies to a trade's chat. */
export const CHAT_BLOCK_REASONS = [
  "ChatBlocked",
  "ChatBlockedAfterTradeIsCanceled",
  "ChatNotAvailableYet",
  "ChatNotAvailableAfterTradeCompleted",
] as const;
export type ChatBlockReason = (typeof CHAT_BLOCK_REASONS)[number];

/** Attachment refusal reasons (docs/product.md#attachments). */
export const ATTACHMENT_ERROR_REASONS = [
  "attachment_limit_count",
  "attachment_limit_size",
  "attachment_image_broken",
  "attachment_pdf_broken",
  "attachment_pdf_empty",
  "attachment_pdf_page_limit",
] as const;

// ---- rules as numbers (Souk's choices; see docs/decisions/009-trades.md) ---------------------

export const TRADE_RULES = {
  /** A trade in active_funded may be disputed this long after it started (a paid one at once). */
  disputeAvailableAfterMinutes: 10,
  /** The losing party may appeal an award this long (feature flag disputeAppeal). */
  disputeAppealWindowHours: 48,
  /** Without a verified identity a user may be party to at most this many active trades. */
  activeTradesWithoutIdMax: 2,
  /** Chat stays open this long after a trade finishes. */
  chatGraceHoursAfterFinish: 24,
  attachmentsPerTradeMax: 20,
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentContentTypes: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  activeTradesPollMs: 60_000,
} as const;

/**
 * Per-trade, rolling 24-hour and rolling 30-day trade volume per verification tier, in USD (null: no
 * limit); docs/decisions/116-verification-levels-and-limits.md. The tier follows the user's account
 * level (kycTierOf). The trade start and the verification pages both read this one table.
 */
export const TRADE_KYC_LIMITS_USD: readonly {
  perTrade: string | null;
  daily: string | null;
  rolling30d: string | null;
}[] = [
  { perTrade: "1000", daily: "2000", rolling30d: "10000" },
  { perTrade: "10000", daily: "25000", rolling30d: "250000" },
  { perTrade: "50000", daily: "150000", rolling30d: "1500000" },
  { perTrade: null, daily: null, rolling30d: null },
];

/** The verification tier of an account level: below 1, below 2, below 3, the rest. */
export function kycTierOf(kycLevel: number): 0 | 1 | 2 | 3 {
  if (!(kycLevel >= 1)) return 0;
  if (kycLevel < 2) return 1;
  if (kycLevel < 3) return 2;
  return 3;
}

export const TradeErrorCode = {
  TRADE_NOT_FOUND: "ERROR_TRADE_NOT_FOUND",
  /** The command is not legal from the trade's current status (409, details.status). */
  WRONG_STATE: "ERROR_TRADE_WRONG_STATE",
  /** The viewer is a party but not the one who may do this (403). */
  NOT_ALLOWED_FOR_ROLE: "ERROR_TRADE_NOT_ALLOWED_FOR_ROLE",
  /** The payment window has passed: the trade can no longer be marked as paid (409). */
  TRADE_EXPIRED: "ERROR_TRADE_EXPIRED",
  /** The seller may cancel only after the payment window passed unpaid (409). */
  SELLER_CANCEL_NOT_ALLOWED: "ERROR_TRADE_SELLER_CANCEL_NOT_ALLOWED",
  /** dispute.available is false (409, details.availableAt). */
  DISPUTE_NOT_AVAILABLE: "ERROR_DISPUTE_NOT_AVAILABLE",
  /** Requirements before marking as paid are not met (409, details.requirements). */
  REQUIREMENTS_PENDING: "ERROR_TRADE_REQUIREMENTS_PENDING",
  /** The offer cannot be taken now (409, details.reason: offer_inactive, outside_duty_hours, ...). */
  OFFER_UNAVAILABLE: "ERROR_OFFER_UNAVAILABLE",
  /** The taker does not meet the offer's requirements (403, details.requirements). */
  OFFER_REQUIREMENTS_NOT_MET: "ERROR_OFFER_REQUIREMENTS_NOT_MET",
  /** One of the two has blocked the other (403). */
  USER_BLOCKED: "ERROR_TRADE_USER_BLOCKED",
  /** Trade start errors (403, details.reason is the spec's word; docs/product.md#starting-a-trade). */
  MAX_PER_TRADE_LIMIT: "ERROR_MAX_PER_TRADE_LIMIT",
  REACHED_DAILY_COMPLIANCE_LIMIT: "ERROR_REACHED_DAILY_COMPLIANCE_LIMIT",
  /** The trade would pass the level's rolling 30-day volume (403, details.limitUsd, usedUsd). */
  REACHED_30_DAYS_COMPLIANCE_LIMIT: "ERROR_REACHED_30_DAYS_COMPLIANCE_LIMIT",
  MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED: "ERROR_MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED",
  /** The seller's available balance does not cover amount plus fee (409, details.limitKind LowBalance). */
  INSUFFICIENT_BALANCE: "ERROR_INSUFFICIENT_BALANCE",
  /** A moderator who is a party to the trade cannot award it (403). */
  OWN_DISPUTE: "ERROR_DISPUTE_OWN_TRADE",
  /** The appeal window is closed, the viewer won, or the feature is off (409, details.appeal). */
  APPEAL_NOT_AVAILABLE: "ERROR_DISPUTE_APPEAL_NOT_AVAILABLE",
  /** The chargeback reporter's verification is incorrect: contact support (403). */
  CHARGEBACK_VERIFICATION_INCORRECT: "ERROR_CHARGEBACK_VERIFICATION_INCORRECT",
  CHARGEBACK_NOT_ALLOWED: "ERROR_CHARGEBACK_NOT_ALLOWED",
  ALREADY_REPORTED: "ERROR_TRADE_ALREADY_REPORTED",
  /** No chargeback report with this id (404). */
  CHARGEBACK_NOT_FOUND: "ERROR_CHARGEBACK_NOT_FOUND",
  /** The chargeback is Dismissed or Confirmed already: decided once (409, details.state). */
  CHARGEBACK_ALREADY_DECIDED: "ERROR_CHARGEBACK_ALREADY_DECIDED",
  /** A staff member who is a party to the trade cannot decide its chargeback (403). */
  CHARGEBACK_OWN_TRADE: "ERROR_CHARGEBACK_OWN_TRADE",
  /** POST /fallback on a trade whose flow has no manual fallback (409). */
  FALLBACK_NOT_AVAILABLE: "ERROR_TRADE_FALLBACK_NOT_AVAILABLE",
  /** An upload over a limit (422, details keyed by field with the spec's attachment reasons). */
  ATTACHMENT_REFUSED: "ERROR_ATTACHMENT_REFUSED",
} as const;

// ---- requests ------------------------------------------------------------------------------

/** A trade's public id (idHashed) in a path. */
export const tradeIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A fiat amount as typed (docs/product.md#amount-inputs): digits, an optional dot and fraction; made canonical. */
export const fiatAmountInputSchema = decimalInput("unsigned", {
  invalid: "decimal_invalid",
  required: "fiat_amount_required",
});

/** POST /rest/v1/trade: take an offer. Send an Idempotency-Key: a retry starts one trade. */
export const tradeStartRequestSchema = z.object({
  /** The offer's idHashed. */
  offerId: z.string({ message: "offer_id_required" }).min(1, { message: "offer_id_required" }).max(64),
  fiatAmount: fiatAmountInputSchema,
});
export type TradeStartRequest = z.infer<typeof tradeStartRequestSchema>;

/** POST /rest/v1/trade/{id}/release: the second factor's code when the seller enabled one. */
export const tradeReleaseRequestSchema = z.object({ code: z.string().trim().min(1).max(20).optional() }).optional();
export type TradeReleaseRequest = z.infer<typeof tradeReleaseRequestSchema>;

/** POST /rest/v1/trade/{id}/dispute. */
export const tradeDisputeRequestSchema = z.object({
  disputeReasonId: z.number({ message: "dispute_reason_required" }).int({ message: "dispute_reason_invalid" }),
  disputeReasonText: z
    .string()
    .trim()
    .min(10, { message: "dispute_reason_text_too_short" })
    .max(2000, { message: "too_long" }),
});
export type TradeDisputeRequest = z.infer<typeof tradeDisputeRequestSchema>;

/**
 * POST /rest/v1/trade/{id}/upload is multipart/form-data: a `requirementId` text field (an upload
 * requirement of the trade) and 1 to TRADE_UPLOAD_FILES_PER_REQUEST file parts, each checked by its
 * content as chat attachments are and at most TRADE_RULES.attachmentMaxBytes. The answer is the
 * trade. A refusal answers 422 with words in `details`: `files` (CHAT_ATTACHMENT_REASONS, or
 * attachment_required), `requirementId` (requirement_required, requirement_unknown,
 * requirement_not_an_upload, requirement_not_on_trade) or `requirements` (attachment_limit_count
 * once the trade holds TRADE_RULES.attachmentsPerTradeMax files).
 */
export const TRADE_UPLOAD_REQUIREMENT_FIELD = "requirementId";
/** The field name the web app gives the file parts (the server takes file parts of any name). */
export const TRADE_UPLOAD_FILE_FIELD = "files";
export const TRADE_UPLOAD_FILES_PER_REQUEST = 10;

/** GET /rest/v1/trade/{id}/uploads/{uploadId}: one uploaded file of the trade (a TradeUpload's id). */
export const tradeUploadParamsSchema = tradeIdParamsSchema.extend({ uploadId: z.coerce.number().int().positive() });

/**
 * POST /rest/v1/trade/{id}/requirement: the buyer fulfils a text requirement (`value`), or the
 * seller reviews an uploaded one (`decision`).
 */
export const tradeRequirementRequestSchema = z
  .object({
    requirementId: z.enum(TRADE_REQUIREMENT_IDS, { message: "requirement_unknown" }),
    value: z.string().trim().min(1, { message: "value_required" }).max(200, { message: "too_long" }).optional(),
    decision: z.enum(["approved", "rejected"], { message: "decision_invalid" }).optional(),
  })
  .refine((body) => (body.value === undefined) !== (body.decision === undefined), {
    message: "value_or_decision_required",
    path: ["value"],
  });
export type TradeRequirementRequest = z.infer<typeof tradeRequirementRequestSchema>;

/** POST /rest/v1/trade/{id}/policy-read: a policy link the viewer opened; answered with data.url. */
export const tradePolicyReadRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { message: "url_required" })
    .max(2000, { message: "too_long" })
    .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url), { message: "url_invalid" }),
});

/** The answer to a policy read: the url to open. */
export const tradePolicyReadResponseSchema = envelopeSchema(z.object({ url: z.string() }));

/** POST /rest/v1/trade/{id}/report (reasons of docs/product.md#trade-reports-and-chargebacks). */
export const tradeReportRequestSchema = z.object({
  reason: z.enum(TRADE_REPORT_REASONS, { message: "reason_invalid" }),
  message: z.string().trim().max(2000, { message: "too_long" }).default(""),
});

/** The answer to a trade report. */
export const tradeReportResponseSchema = envelopeSchema(z.object({ reported: z.literal(true) }));

/** POST /rest/v1/user-reports/chargeback. */
export const chargebackReportRequestSchema = z.object({
  tradeId: z.string({ message: "trade_id_required" }).min(1).max(64),
  timing: z.enum(CHARGEBACK_TIMINGS, { message: "timing_invalid" }),
  description: z.string().trim().max(2000, { message: "too_long" }).default(""),
});
export type ChargebackReportRequest = z.infer<typeof chargebackReportRequestSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "date_invalid" });

/** Filters of the trade history (docs/product.md#trade-history-and-figures). */
export const tradeHistoryFiltersSchema = z.object({
  filter: z.enum(COMPLETED_TRADE_FILTERS, { message: "filter_invalid" }).default("all"),
  cryptoCurrencyCode: z
    .string()
    .trim()
    .max(16)
    .transform((code) => code.toUpperCase())
    .optional(),
  offerType: z.enum(["buy", "sell"], { message: "offer_type_invalid" }).optional(),
  paymentMethodId: z.coerce.number().int().min(1).optional(),
  /** A single status of TRADE_USED_STATUSES, narrower than `filter`. */
  status: z.enum(TRADE_USED_STATUSES, { message: "status_invalid" }).optional(),
  /** Inclusive UTC days (YYYY-MM-DD) of the start. */
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type TradeHistoryFilters = z.infer<typeof tradeHistoryFiltersSchema>;
export const tradeHistoryQuerySchema = pageQuerySchema.extend(tradeHistoryFiltersSchema.shape);
export type TradeHistoryQuery = z.infer<typeof tradeHistoryQuerySchema>;

// ---- answers -------------------------------------------------------------------------------

export const tradePartySchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  countryIso: z.string().nullable(),
  isIdVerified: z.boolean(),
  completedTrades: z.number().int(),
  /** Unix seconds of the last activity, null when never seen. */
  lastSeenAt: z.number().int().nullable(),
});
export type TradeParty = z.infer<typeof tradePartySchema>;

export const tradeRequirementSchema = z.object({
  id: z.enum(TRADE_REQUIREMENT_IDS),
  step: z.enum(TRADE_FLOW_STEPS),
  status: z.enum(REQUIREMENT_STATUSES),
  isOptional: z.boolean(),
  /** Fulfilled by text (POST /requirement) or by an upload (POST /upload). */
  kind: z.enum(["text", "upload"]),
  /** The text given (payer name); shown to the parties and staff. */
  value: z.string().nullable(),
  attachmentsCount: z.number().int(),
});
export type TradeRequirement = z.infer<typeof tradeRequirementSchema>;

export const flowStepStateSchema = z.object({
  /** The flow has reached this step (the second one also once paid or released). */
  isReached: z.boolean(),
  /** Every non-optional requirement of the step is uploaded or approved. */
  isCompleted: z.boolean(),
});

export const DISPUTE_APPEAL_STATUSES = ["available", "not_available", "expired", "appealed"] as const;
export type DisputeAppealStatus = (typeof DISPUTE_APPEAL_STATUSES)[number];

export const tradeDisputeStateSchema = z.object({
  /** The viewer may open a dispute now. */
  available: z.boolean(),
  /** ISO time from which a dispute can be opened; null when it never can (finished, or not a party). */
  availableAt: z.string().nullable(),
  /** Set once a dispute was opened. */
  openedAt: z.string().nullable(),
  openedBy: z.enum(["buyer", "seller"]).nullable(),
  reasonId: z.number().int().nullable(),
  reasonText: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  outcome: z.enum(["buyer", "seller"]).nullable(),
  /** The moderator's note to both parties. */
  note: z.string().nullable(),
  appeal: z.object({
    status: z.enum(DISPUTE_APPEAL_STATUSES),
    /** ISO time until which the losing party may appeal. */
    availableUntil: z.string().nullable(),
    appealedAt: z.string().nullable(),
  }),
});

/** The trade (docs/product.md#trades) as its parties (and staff) see it. */
export const tradeSchema = z.object({
  id: z.string(),
  chatUrl: z.string(),
  startedAt: z.string(),
  expiresAt: z.object({
    /** Unix seconds when the payment window ends (an unpaid trade is then cancelled by the system). */
    timestamp: z.number().int(),
  }),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  offer: z.object({ id: z.string(), url: z.string(), type: z.enum(["buy", "sell"]), flowType: z.string() }),
  /** The viewer owns the offer. The counterpart follows: buyer and seller say who is who. */
  isVendor: z.boolean(),
  /** The viewer's role on this trade. */
  viewerRole: z.enum(["buyer", "seller", "moderator"]),
  /** The viewer bought or sold (null for staff looking on). */
  side: z.enum(TRADE_SIDES).nullable(),
  buyer: tradePartySchema,
  seller: tradePartySchema,
  status: z.enum(TRADE_STATUSES),
  /** Done: completed and not cancelled (released or awarded). */
  tradeCompleted: z.boolean(),
  isFinished: z.boolean(),
  paymentMethod: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.object({ original: z.string(), localized: z.string() }),
  }),
  paymentDetails: z.object({
    /** The offer's terms, as they were when the trade started. */
    offerTerms: z.string(),
    /**
     * The offer owner's trade instructions: null for anyone but the trade's parties, and for the
     * party who did not write them until the flow reveals the payment details (in every status).
     */
    instructions: z.string().nullable(),
    /**
     * The seller's bank accounts attached to the offer: the same audience and moment as the
     * instructions (empty for everyone else).
     */
    bankAccounts: z.array(tradeBankAccountSchema),
    /** The flow's first step is done (or the trade was paid): the payment details are revealed. */
    isRevealed: z.boolean(),
    /** The payer name the buyer gave (payer_name requirement). */
    payerName: z.string().nullable(),
  }),
  cryptoAmount: z.object({ amount: z.string(), currencyCode: z.string(), decimals: z.number().int() }),
  /** The seller's escrow fee, held beside the amount. */
  feeAmount: z.string(),
  feePercent: z.string(),
  fiatAmount: z.string(),
  currency: z.object({
    code: z.string(),
    name: z.string(),
    rate: z.object({ usd: z.string().nullable() }),
    order: z.number().int(),
    defaultAmount: z.string(),
  }),
  /** Locked at start. */
  fiatPricePerCrypto: z.string(),
  cryptoCurrencyId: z.number().int(),
  cryptoCurrencyCode: z.string(),
  paymentWindowMinutes: z.number().int(),
  isOpponentsSameIp: z.boolean(),
  dispute: tradeDisputeStateSchema,
  flow: z.object({
    type: z.string(),
    /** True after POST /fallback moved an automated flow to the manual one. */
    isFallback: z.boolean(),
    step: z.enum(TRADE_FLOW_STEPS),
    state: z.object({ beforeRevealPaymentDetails: flowStepStateSchema, beforeMarkAsPaid: flowStepStateSchema }),
    requirements: z.array(tradeRequirementSchema),
  }),
  /** What the viewer may do now. */
  actions: z.object({
    canMarkPaid: z.boolean(),
    canRelease: z.boolean(),
    canCancel: z.boolean(),
    canDispute: z.boolean(),
    canResolveDispute: z.boolean(),
    canAppeal: z.boolean(),
  }),
  /** Newest trade event sequence number (chat system messages and history follow it). */
  lastEventSeq: z.number().int(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** A row of the active trades and the history. */
export const tradeSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(TRADE_STATUSES),
  side: z.enum(TRADE_SIDES),
  isVendor: z.boolean(),
  offerType: z.enum(["buy", "sell"]),
  partner: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  feeAmount: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  fiatPricePerCrypto: z.string(),
  paymentMethodId: z.number().int(),
  paymentMethodName: z.string(),
  startedAt: z.string(),
  expiresAt: z.object({ timestamp: z.number().int() }),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The viewer has something to do (pay, release, follow a dispute). */
  isAlarmed: z.boolean(),
});
export type TradeSummary = z.infer<typeof tradeSummarySchema>;

export const activeTradesMetaSchema = z.object({
  counts: z.object({ buy: z.number().int(), sell: z.number().int() }),
  /** Ids of the trades waiting for the viewer. */
  alarmed: z.array(z.string()),
  /** The web polls this list at most this often (docs/product.md#trade-history-and-figures). */
  pollIntervalMs: z.number().int(),
});

export const tradeHistoryMetaSchema = pageMetaSchema.extend({ filter: z.enum(COMPLETED_TRADE_FILTERS) });

/** A row of GET /rest/v1/users/me/contacts/recent-trades. */
export const recentTradeSchema = z.object({
  id: z.string(),
  url: z.string(),
  partner: z.object({ username: z.string(), avatarUrl: z.string().nullable(), countryIso: z.string().nullable() }),
  side: z.enum(TRADE_SIDES),
  status: z.enum(TRADE_STATUSES),
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethodName: z.string(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});

/** GET /rest/v1/trade/statistics: the dashboard's trade figures for the viewer. */
export const tradeStatisticsSchema = z.object({
  totalTrades: z.number().int(),
  activeTrades: z.number().int(),
  successfulTrades: z.number().int(),
  cancelledTrades: z.number().int(),
  expiredTrades: z.number().int(),
  disputedTrades: z.number().int(),
  asBuyer: z.number().int(),
  asSeller: z.number().int(),
  /** Distinct users the viewer completed a trade with. */
  partners: z.number().int(),
  /** Successful trades' volumes per crypto currency. */
  cryptoVolumes: z.array(
    z.object({ cryptoCurrencyCode: z.string(), bought: z.string(), sold: z.string(), total: z.string() }),
  ),
  fiatVolumes: z.array(z.object({ fiatCurrencyCode: z.string(), total: z.string() })),
});
export type TradeStatistics = z.infer<typeof tradeStatisticsSchema>;

/** GET /rest/v1/trade/{id}/receipt: public proof of a released trade, without who traded. */
export const tradeReceiptSchema = z.object({
  id: z.string(),
  status: z.literal("released"),
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  fiatPricePerCrypto: z.string(),
  paymentMethodName: z.string(),
  startedAt: z.string(),
  completedAt: z.string(),
});

export const tradeUploadSchema = z.object({
  /** The download is GET /rest/v1/trade/{id}/uploads/{uploadId} with this id. */
  id: z.number().int(),
  requirementId: z.enum(TRADE_REQUIREMENT_IDS).nullable(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type TradeUpload = z.infer<typeof tradeUploadSchema>;

export const chargebackReportSchema = z.object({
  id: z.number().int(),
  tradeId: z.string(),
  timing: z.enum(CHARGEBACK_TIMINGS),
  state: z.enum(CHARGEBACK_STATES),
  createdAt: z.string(),
});

/** A trade event (status change or flow event) as the trade's history lists it. */
export const tradeEventSchema = z.object({
  seq: z.number().int(),
  name: z.string(),
  actorRole: z.enum(TRADE_ACTOR_ROLES),
  actorUsername: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TradeEvent = z.infer<typeof tradeEventSchema>;

/** Real-time hint on `trade.<id>` and both parties' `user.<id>`: refetch the trade. */
export const TRADE_UPDATED_EVENT = "trade.updated";
export const tradeUpdatedPayloadSchema = z.object({ tradeId: z.string(), status: z.enum(TRADE_STATUSES) });
