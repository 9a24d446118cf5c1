import { FeedbackErrorCode } from "@souk/contracts";
import { conflict, DomainError, forbidden, notFound } from "../../platform/index.ts";

/** Unknown trades, other people's trades and unknown users look the same. */
export const feedbackTargetNotFound = () => notFound("No such trade or user.", "ERROR_NOT_FOUND");

export const onlyParties = () => forbidden("Only the trade's buyer and seller give feedback.");

export const notRatable = (status: string) =>
  conflict("Feedback can be given once the trade is completed.", FeedbackErrorCode.NOT_AVAILABLE, { status });

export const alreadyGiven = () => conflict("You already gave feedback on this trade.", FeedbackErrorCode.ALREADY_GIVEN);

export const alreadyReplied = () => conflict("This feedback was already answered.", FeedbackErrorCode.ALREADY_REPLIED);

export const nothingToReply = () =>
  new DomainError(FeedbackErrorCode.NOTHING_TO_REPLY, "not_found", "There is no feedback to you on this trade yet.");
