/** The contracts schemas of the converter, loaded with the calls so zod stays out of the page chunk. */
export { calculatorResponseSchema, converterCurrencyResponseSchema } from "@souk/contracts";
