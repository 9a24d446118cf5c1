import { ErrorCode, TradeErrorCode } from "@souk/contracts";
import { isApiError } from "../../lib/api-client.ts";

/** What a refused trade start means for the visitor, as a text key and its values. */
export interface StartTradeProblem {
  key: string;
  values?: Record<string, string | number>;
  /** Requirement keys the visitor does not meet (ERROR_OFFER_REQUIREMENTS_NOT_MET). */
  requirements?: string[];
}

const amountKeys = [
  "amount_must_be_positive",
  "amount_too_precise",
  "amount_too_small",
  "amount_below_min",
  "amount_above_max",
  "amount_above_new_buyer_limit",
  "amount_above_offer_cap",
  "amount_not_predefined",
];

const codeKeys: Record<string, string> = {
  [TradeErrorCode.OFFER_UNAVAILABLE]: "start.errors.offerUnavailable",
  [TradeErrorCode.USER_BLOCKED]: "start.errors.userBlocked",
  [TradeErrorCode.MAX_PER_TRADE_LIMIT]: "start.errors.max_per_trade_limit",
  [TradeErrorCode.REACHED_DAILY_COMPLIANCE_LIMIT]: "start.errors.reached_daily_compliance_limit",
  [TradeErrorCode.MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED]: "start.errors.max_2_active_trades_id_not_verified",
  [TradeErrorCode.INSUFFICIENT_BALANCE]: "start.errors.insufficientBalance",
  [ErrorCode.KYC_ACTION_BLOCKED]: "start.errors.kycBlocked",
  [ErrorCode.USER_RESTRICTED]: "start.errors.userRestricted",
  ERROR_OFFER_NOT_FOUND: "start.errors.offerGone",
};

function firstString(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return null;
}

/**
 * Reads a failed POST /rest/v1/trade (the trade start errors and the amount checks of
 * docs/product.md#starting-a-trade).
 */
export function startTradeProblem(error: unknown): StartTradeProblem {
  if (!isApiError(error)) return { key: "start.errors.default" };
  const details = error.details ?? {};
  if (error.code === ErrorCode.INPUT_VALIDATION) {
    const amount = firstString(details.fiatAmount);
    if (amount && amountKeys.includes(amount)) {
      const limit = firstString(details.limit);
      return { key: `start.errors.amount.${amount}`, values: limit ? { limit } : {} };
    }
    if (firstString(details.offerId) === "cannot_trade_with_yourself") return { key: "start.errors.ownOffer" };
    return { key: "start.errors.default" };
  }
  if (error.code === TradeErrorCode.OFFER_REQUIREMENTS_NOT_MET) {
    const requirements = Array.isArray(details.requirements)
      ? details.requirements.filter((item): item is string => typeof item === "string")
      : [];
    return { key: "start.errors.requirements", requirements };
  }
  const key = codeKeys[error.code];
  if (key) return { key };
  if (error.status === 0) return { key: "start.errors.network" };
  return { key: "start.errors.default" };
}
