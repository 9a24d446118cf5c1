import { OfferErrorCode } from "@souk/contracts";
import { conflict, DomainError, inputError, notFound } from "../../platform/index.ts";

/** One answer for "no such offer" and "not yours to see": existence never leaks. */
export const offerNotFound = () => notFound("No such offer.", OfferErrorCode.OFFER_NOT_FOUND);

export const offerAlreadyReported = () =>
  conflict("You have already reported this offer.", OfferErrorCode.OFFER_ALREADY_REPORTED);

export const unknownFilterValue = (field: string, message: string) => inputError({ [field]: [message] });

export const noMarketRate = () =>
  new DomainError("ERROR_NO_MARKET_RATE", "conflict", "There is no market rate to price this offer with.");

export const featureDisabled = (feature: string) =>
  new DomainError(OfferErrorCode.FEATURE_DISABLED, "forbidden", `The ${feature} feature is switched off.`, { feature });

export const unknownUser = () => notFound("No such user.", "ERROR_USER_NOT_FOUND");
