import { ReferenceErrorCode } from "@souk/contracts";
import { inputError, notFound } from "../../platform/index.ts";

export const currencyNotFound = () => notFound("No such currency.", ReferenceErrorCode.CURRENCY_NOT_FOUND);

export const paymentMethodNotFound = () =>
  notFound("No such payment method.", ReferenceErrorCode.PAYMENT_METHOD_NOT_FOUND);

/** A filter naming something that does not exist is a mistake in the request, not an empty list. */
export const unknownFilterValue = (field: string) => inputError({ [field]: [`${field}_unknown`] });
