import { ApprovalErrorCode } from "@souk/contracts";
import { conflict, type DomainError, forbidden, notFound } from "../../platform/index.ts";
import type { ApprovalRefusal } from "./approvals.domain.ts";

export const approvalNotFound = (): DomainError =>
  notFound("No such approval request.", ApprovalErrorCode.APPROVAL_NOT_FOUND);

export const approvalExpired = (): DomainError =>
  conflict("This request expired before it was approved.", ApprovalErrorCode.APPROVAL_EXPIRED);

export const alreadyRequested = (): DomainError =>
  conflict("The same action already waits for approval.", ApprovalErrorCode.APPROVAL_ALREADY_REQUESTED);

export const twoFactorNotOn = (): DomainError =>
  conflict("This account has no second factor on.", ApprovalErrorCode.TWO_FACTOR_NOT_ON);

export const notReversible = (why: string): DomainError =>
  conflict(`This transfer cannot be reversed: ${why}.`, ApprovalErrorCode.TRANSFER_NOT_REVERSIBLE);

/** The envelope answer of each refusal of the domain. */
export function refusalError(refusal: ApprovalRefusal): DomainError {
  switch (refusal) {
    case "decided":
      return conflict("This request was already decided.", ApprovalErrorCode.APPROVAL_DECIDED);
    case "by_requester":
      return forbidden(
        "A request is approved by another admin than its requester.",
        ApprovalErrorCode.APPROVAL_BY_REQUESTER,
      );
    case "already_given":
      return conflict(
        "You already approved this request; another admin gives the second approval.",
        ApprovalErrorCode.APPROVAL_ALREADY_GIVEN,
      );
  }
}
