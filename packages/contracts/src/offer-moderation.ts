import { z } from "zod";
import { pageQuerySchema } from "./envelope.ts";

/**
 * Offer moderation in the operator console (docs/product.md#operator-console): the spec's statuses
 * 1 approved, 2 rejected, 3 no appeal, 4 appealed. Staff reject with a reason the vendor reads,
 * the vendor appeals once, staff approve or turn the appeal down for good; staff also feature an
 * offer or make it sticky (docs/decisions/130-offer-moderation.md).
 */

export const OFFER_MODERATION_FILTERS = ["appealed", "rejected", "no_appeal", "approved", "all"] as const;
export type OfferModerationFilter = (typeof OFFER_MODERATION_FILTERS)[number];

export const OfferModerationErrorCode = {
  /** The offer's moderation status does not allow this step (appeal a non-rejected offer, reject twice, ...). */
  MODERATION_STATUS_CONFLICT: "ERROR_OFFER_MODERATION_STATUS_CONFLICT",
} as const;

const searchText = z.string().trim().max(100, { message: "too_long" });

/** GET /rest/v1/admin/offers: appealed offers first in line by default; `q` is an owner's username or an offer id. */
export const adminOffersQuerySchema = pageQuerySchema.extend({
  status: z.enum(OFFER_MODERATION_FILTERS, { message: "status_invalid" }).default("appealed"),
  q: searchText.default(""),
});
export type AdminOffersQuery = z.infer<typeof adminOffersQuerySchema>;

/**
 * The moderation of one offer: `message` is the reason staff gave the vendor, `appeal` the vendor's
 * answer while one was made.
 */
export const offerModerationStateSchema = z.object({
  status: z.number().int(),
  statusName: z.enum(["approved", "rejected", "no_appeal", "appealed"]),
  message: z.string().nullable(),
  appeal: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});

/** A row of GET /rest/v1/admin/offers: what a moderator reads to decide (never the payment instructions). */
export const adminOfferSchema = z.object({
  idHashed: z.string(),
  ownerUsername: z.string(),
  type: z.enum(["buy", "sell"]),
  cryptoCurrencyCode: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethodName: z.string(),
  offerTerms: z.string(),
  isActive: z.boolean(),
  moderation: offerModerationStateSchema,
  isFeaturedByModerator: z.boolean(),
  /** Sticky: the first pinned position of its market in the default sort, while listed. */
  isStickiedByModerator: z.boolean(),
  createdAt: z.string(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

const reasonSchema = z
  .string({ message: "reason_required" })
  .trim()
  .min(3, { message: "reason_required" })
  .max(500, { message: "too_long" });

/** POST /rest/v1/admin/offers/{id}/reject and .../approve: the reason is what the vendor (reject) or the log (both) reads. */
export const offerModerationReasonSchema = z.object({ reason: reasonSchema });

/** POST /rest/v1/admin/offers/{id}/feature and .../sticky: switch the moderator's mark on or off. */
export const offerModerationMarkSchema = z.object({
  isOn: z.boolean({ message: "is_on_required" }),
  reason: reasonSchema,
});

/** POST /rest/v1/offers/{id}/appeal: the vendor's answer to a rejection. */
export const offerAppealRequestSchema = z.object({
  message: z
    .string({ message: "message_required" })
    .trim()
    .min(3, { message: "message_required" })
    .max(1000, { message: "too_long" }),
});
