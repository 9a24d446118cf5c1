import { BankAccountErrorCode, ChatErrorCode, ErrorCode, TradeErrorCode, type TradeStatus } from "@souk/contracts";
import { conflict, DomainError, forbidden, inputError, notFound } from "../../platform/index.ts";
import type { AmountProblem } from "./trades.domain.ts";

/** One answer for "no such trade" and "not yours to see": a trade's existence never leaks. */
export const tradeNotFound = () => notFound("No such trade.", TradeErrorCode.TRADE_NOT_FOUND);

export const wrongState = (status: TradeStatus) =>
  conflict(`The trade is ${status}; this cannot be done now.`, TradeErrorCode.WRONG_STATE, { status });

export const notAllowedForRole = () =>
  forbidden("The other party of this trade does this, not you.", TradeErrorCode.NOT_ALLOWED_FOR_ROLE);

export const tradeExpired = (status: TradeStatus) =>
  conflict("The payment window has passed.", TradeErrorCode.TRADE_EXPIRED, { status });

export const sellerCancelNotAllowed = (status: TradeStatus) =>
  conflict(
    "The seller can cancel only after the payment window passed unpaid.",
    TradeErrorCode.SELLER_CANCEL_NOT_ALLOWED,
    { status },
  );

export const disputeNotAvailable = (status: TradeStatus, availableAt: string | null) =>
  conflict("A dispute cannot be opened yet.", TradeErrorCode.DISPUTE_NOT_AVAILABLE, { status, availableAt });

export const requirementsPending = (status: TradeStatus, requirements: string[]) =>
  conflict("Fulfil the trade's requirements first.", TradeErrorCode.REQUIREMENTS_PENDING, { status, requirements });

export const offerUnavailable = (reason: string) =>
  conflict("This offer cannot be taken now.", TradeErrorCode.OFFER_UNAVAILABLE, { reason });

export { offerNotFound } from "../../platform/index.ts";

export const cannotTradeWithYourself = () => inputError({ offerId: ["cannot_trade_with_yourself"] });

export const requirementsNotMet = (requirements: string[]) =>
  forbidden("You do not meet this offer's requirements.", TradeErrorCode.OFFER_REQUIREMENTS_NOT_MET, { requirements });

/** An amount outside the offer's range, its new-buyer limit or its cap; limitKind names the two limits. */
export function amountOutsideLimits(problem: AmountProblem): DomainError {
  const limitKind =
    problem.message === "amount_above_new_buyer_limit"
      ? "NewBuyerTradeLimit"
      : problem.message === "amount_above_offer_cap"
        ? "TradeLimit"
        : null;
  return new DomainError(ErrorCode.INPUT_VALIDATION, "validation", "The amount is outside this offer's limits.", {
    fiatAmount: [problem.message],
    ...(problem.limit ? { limit: problem.limit } : {}),
    ...(limitKind ? { limitKind } : {}),
  });
}

/** A closed account takes part in no new trade: the taker's own (403), or the offer owner's (409). */
export const accountClosed = (party: "taker" | "offer_owner") =>
  party === "taker"
    ? forbidden("This account is closed.", ErrorCode.ACCOUNT_CLOSED, { party })
    : conflict("The owner of this offer has closed their account.", ErrorCode.ACCOUNT_CLOSED, { party });

export const userBlocked = () =>
  forbidden("You cannot trade with this user.", TradeErrorCode.USER_BLOCKED, { reason: "default" });

/**
 * Trade start errors (docs/product.md#starting-a-trade): the spec's word in details.reason, the
 * limit that applies beside it.
 */
export const maxPerTradeLimit = (limitUsd: string) =>
  forbidden("This amount is over the limit per trade of your verification level.", TradeErrorCode.MAX_PER_TRADE_LIMIT, {
    reason: "max_per_trade_limit",
    limitKind: "KycTradeLimit",
    limitUsd,
  });

export const dailyComplianceLimit = (limitUsd: string, usedUsd: string) =>
  forbidden(
    "This trade would pass the daily trading volume of your verification level.",
    TradeErrorCode.REACHED_DAILY_COMPLIANCE_LIMIT,
    { reason: "reached_daily_compliance_limit", limitKind: "KycTradeLimit", limitUsd, usedUsd },
  );

export const rolling30DaysComplianceLimit = (limitUsd: string, usedUsd: string) =>
  forbidden(
    "This trade would pass the 30-day trading volume of your verification level.",
    TradeErrorCode.REACHED_30_DAYS_COMPLIANCE_LIMIT,
    { reason: "reached_30_days_compliance_limit", limitKind: "KycTradeLimit", limitUsd, usedUsd },
  );

export const maxActiveTradesIdNotVerified = (max: number) =>
  forbidden(
    `Verify your identity to have more than ${max} active trades.`,
    TradeErrorCode.MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED,
    { reason: "max_2_active_trades_id_not_verified", max },
  );

export const sellerBalanceTooLow = (isOwnBalance: boolean) =>
  new DomainError(
    TradeErrorCode.INSUFFICIENT_BALANCE,
    "conflict",
    isOwnBalance
      ? "Your balance does not cover this amount and the escrow fee."
      : "The seller's balance does not cover this amount right now.",
    { reason: "default", limitKind: "LowBalance", isOwnBalance, fiatAmount: ["insufficient_balance"] },
  );

export const ownDispute = () => forbidden("You cannot decide a dispute of your own trade.", TradeErrorCode.OWN_DISPUTE);

export const appealNotAvailable = (appeal: string) =>
  conflict("This award cannot be appealed.", TradeErrorCode.APPEAL_NOT_AVAILABLE, { appeal });

export const chargebackVerificationIncorrect = () =>
  forbidden(
    "Your verification is incorrect: contact support to report this chargeback.",
    TradeErrorCode.CHARGEBACK_VERIFICATION_INCORRECT,
    { contactSupport: true },
  );

export const chargebackNotAllowed = (message: string) => conflict(message, TradeErrorCode.CHARGEBACK_NOT_ALLOWED);

export const alreadyReported = () => conflict("You already reported this trade.", TradeErrorCode.ALREADY_REPORTED);

export const fallbackNotAvailable = () =>
  conflict("This trade's flow has no manual fallback.", TradeErrorCode.FALLBACK_NOT_AVAILABLE);

export const attachmentRefused = (details: Record<string, string[]>) =>
  new DomainError(TradeErrorCode.ATTACHMENT_REFUSED, "validation", "The attachment was refused.", details);

/** An upload id that is not one of this trade's files (or a stranger asking): 404 like an unknown trade. */
export const uploadNotFound = () => notFound("No such upload.", "ERROR_TRADE_UPLOAD_NOT_FOUND");

/** A file recorded before files were kept (metadata only), or lost by the store. */
export const uploadFileMissing = () =>
  new DomainError(ChatErrorCode.ATTACHMENT_MISSING, "not_found", "This upload's file is not stored.");

export const paymentDetailsNotRevealed = () =>
  conflict(
    "Share a bank account once the payment details are revealed.",
    BankAccountErrorCode.PAYMENT_DETAILS_NOT_REVEALED,
  );
