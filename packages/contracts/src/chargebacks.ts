import { z } from "zod";
import { TRADE_STATUSES } from "./enums.ts";
import { pageQuerySchema } from "./envelope.ts";
import { CHARGEBACK_STATES, CHARGEBACK_TIMINGS, TRADE_ACTOR_ROLES } from "./trades.ts";

/**
 * The staff queue of chargeback reports in the operator console (docs/product.md#operator-console,
 * docs/decisions/141-chargeback-decisions.md): a report waits Pending until a moderator decides it
 * Dismissed or Confirmed, once, with a reason.
 */

/** The states a decision moves a Pending report to. */
export const CHARGEBACK_DECISIONS = ["Dismissed", "Confirmed"] as const;
export type ChargebackDecision = (typeof CHARGEBACK_DECISIONS)[number];

/** The list's filter: one state (Pending by default, the queue) or every report. */
export const CHARGEBACK_FILTERS = [...CHARGEBACK_STATES, "all"] as const;
export type ChargebackFilter = (typeof CHARGEBACK_FILTERS)[number];

/** The chat system events of a chargeback (docs/product.md#trade-reports-and-chargebacks). */
export const CHARGEBACK_CHAT_EVENTS = {
  started: "chargeback_started",
  /** Confirmed: the buyer took the fiat back. */
  paid: "chargeback_paid",
  dismissed: "chargeback_dismissed",
} as const;

/** GET /rest/v1/admin/chargebacks: the Pending ones, oldest first, by default. */
export const adminChargebacksQuerySchema = pageQuerySchema.extend({
  state: z.enum(CHARGEBACK_FILTERS, { message: "state_invalid" }).default("Pending"),
});
export type AdminChargebacksQuery = z.infer<typeof adminChargebacksQuerySchema>;

export const chargebackIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST /rest/v1/admin/chargebacks/{id}/decision: the new state and why (the audit log and the parties read it). */
export const chargebackDecisionRequestSchema = z.object({
  state: z.enum(CHARGEBACK_DECISIONS, { message: "state_invalid" }),
  reason: z
    .string({ message: "reason_required" })
    .trim()
    .min(3, { message: "reason_required" })
    .max(500, { message: "too_long" }),
});
export type ChargebackDecisionRequest = z.infer<typeof chargebackDecisionRequestSchema>;

/** A row of the queue: the report, its trade and its parties. */
export const adminChargebackSchema = z.object({
  id: z.number().int(),
  state: z.enum(CHARGEBACK_STATES),
  timing: z.enum(CHARGEBACK_TIMINGS),
  description: z.string(),
  tradeId: z.string(),
  tradeStatus: z.enum(TRADE_STATUSES),
  sellerUsername: z.string(),
  buyerUsername: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  paymentMethodName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type AdminChargeback = z.infer<typeof adminChargebackSchema>;

/**
 * One report for the decision: the trade's timing, the buyer's record and the trade's events (the
 * chat's system lines); staff read the chat itself on the trade's page.
 */
export const adminChargebackDetailSchema = adminChargebackSchema.extend({
  tradeStartedAt: z.string(),
  tradePaidAt: z.string().nullable(),
  tradeCompletedAt: z.string().nullable(),
  /** The buyer's chargebacks confirmed before, this one aside. */
  buyerConfirmedChargebacks: z.number().int(),
  events: z.array(
    z.object({
      seq: z.number().int(),
      name: z.string(),
      actorRole: z.enum(TRADE_ACTOR_ROLES),
      actorUsername: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminChargebackDetail = z.infer<typeof adminChargebackDetailSchema>;
