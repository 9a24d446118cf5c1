import { z } from "zod";
import { TRADE_STATUSES } from "./enums.ts";
import { pageQuerySchema } from "./envelope.ts";
import { DISPUTE_APPEAL_STATUSES } from "./trades.ts";

/**
 * Disputes of trades (docs/product.md#disputes; docs/reliability.md#trade-transitions: either
 * party opens one when dispute.available, a moderator awards it to the buyer or the seller).
 */

/**
 * The reasons GET /rest/v1/dispute/reasons lists. `sides` says which party may pick a reason; the
 * id is what POST /rest/v1/trade/{id}/dispute sends as dispute_reason_id.
 */
export const DISPUTE_REASONS = [
  { id: 1, key: "payment_sent_not_released", sides: ["buyer"] },
  { id: 2, key: "seller_unresponsive", sides: ["buyer"] },
  { id: 3, key: "payment_not_received", sides: ["seller"] },
  { id: 4, key: "wrong_amount_received", sides: ["seller"] },
  { id: 5, key: "third_party_payment", sides: ["seller"] },
  { id: 6, key: "buyer_unresponsive", sides: ["seller"] },
  { id: 7, key: "terms_not_followed", sides: ["buyer", "seller"] },
  { id: 8, key: "suspected_fraud", sides: ["buyer", "seller"] },
  { id: 9, key: "other", sides: ["buyer", "seller"] },
] as const satisfies readonly { id: number; key: string; sides: readonly ("buyer" | "seller")[] }[];

export const disputeReasonSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  sides: z.array(z.enum(["buyer", "seller"])),
});
export type DisputeReason = z.infer<typeof disputeReasonSchema>;

/** POST /rest/v1/trade/{id}/dispute/resolve (moderator, supermod, admin). */
export const disputeResolveRequestSchema = z.object({
  outcome: z.enum(["buyer", "seller"], { message: "outcome_invalid" }),
  note: z.string().trim().min(1, { message: "note_required" }).max(2000, { message: "too_long" }),
});
export type DisputeResolveRequest = z.infer<typeof disputeResolveRequestSchema>;

/** POST /rest/v1/trade/{id}/dispute/appeal (the losing party, behind the disputeAppeal flag). */
export const disputeAppealRequestSchema = z.object({
  text: z.string().trim().min(10, { message: "appeal_text_too_short" }).max(2000, { message: "too_long" }),
});

export const DISPUTE_LIST_STATUSES = ["open", "appealed", "resolved"] as const;
export const disputesQuerySchema = pageQuerySchema.extend({
  status: z.enum(DISPUTE_LIST_STATUSES, { message: "status_invalid" }).default("open"),
});

/** A row of GET /rest/v1/disputes (moderators). */
export const disputeSummarySchema = z.object({
  tradeId: z.string(),
  tradeUrl: z.string(),
  status: z.enum(TRADE_STATUSES),
  buyerUsername: z.string(),
  sellerUsername: z.string(),
  openedBy: z.enum(["buyer", "seller"]),
  openedAt: z.string(),
  reasonId: z.number().int(),
  reasonKey: z.string(),
  reasonText: z.string(),
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  resolvedAt: z.string().nullable(),
  outcome: z.enum(["buyer", "seller"]).nullable(),
  appealStatus: z.enum(DISPUTE_APPEAL_STATUSES),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;
