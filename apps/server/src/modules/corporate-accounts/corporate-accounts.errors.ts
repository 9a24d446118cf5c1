import { ErrorCode } from "@souk/contracts";
import { conflict, type DomainError, forbidden, notFound } from "../../platform/index.ts";
import type { Refusal, ReviewRefusal } from "./corporate-accounts.domain.ts";

/** The envelope answer of each refusal the rules can give. */
export function refused(refusal: Refusal): DomainError {
  switch (refusal) {
    case "account_closed":
      return forbidden("This account is closed.", ErrorCode.ACCOUNT_CLOSED);
    case "already_corporate":
      return conflict("This account is already a corporate account.", ErrorCode.CORPORATE_ACCOUNT_ALREADY);
    case "already_personal":
      return conflict("This account is already a personal account.", ErrorCode.CORPORATE_ACCOUNT_REQUIRED);
    case "not_corporate":
      return conflict("Convert the account to a corporate account first.", ErrorCode.CORPORATE_ACCOUNT_REQUIRED);
    case "application_open":
      return conflict("A company application is waiting for review.", ErrorCode.COMPANY_APPLICATION_OPEN);
    case "already_approved":
      return conflict("The company is already verified.", ErrorCode.COMPANY_APPLICATION_DECIDED);
  }
}

export function reviewRefused(refusal: ReviewRefusal): DomainError {
  switch (refusal) {
    case "own_application":
      return forbidden("A moderator cannot review their own application.", ErrorCode.COMPANY_REVIEW_OWN_APPLICATION);
    case "decided":
      return conflict("This application is already decided.", ErrorCode.COMPANY_APPLICATION_DECIDED);
    case "taken_by_another":
      return conflict("Another moderator is reviewing this application.", ErrorCode.COMPANY_APPLICATION_TAKEN);
  }
}

export function applicationNotFound(): DomainError {
  return notFound("No such company application.", ErrorCode.COMPANY_APPLICATION_NOT_FOUND);
}

export function featureOff(): DomainError {
  return forbidden("Corporate accounts are switched off on this server.", ErrorCode.CORPORATE_ACCOUNT_OFF);
}
