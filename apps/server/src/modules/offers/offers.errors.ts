import { OfferErrorCode } from "@souk/contracts";
import { conflict, DomainError, inputError } from "../../platform/index.ts";

export { offerNotFound, userNotFound as unknownUser } from "../../platform/index.ts";

export const offerAlreadyReported = () =>
  conflict("You have already reported this offer.", OfferErrorCode.OFFER_ALREADY_REPORTED);

export const unknownFilterValue = (field: string, message: string) => inputError({ [field]: [message] });

export const noMarketRate = () =>
  new DomainError("ERROR_NO_MARKET_RATE", "conflict", "There is no market rate to price this offer with.");
