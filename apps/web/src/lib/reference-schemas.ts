/** The schema of the shared reference queries, loaded with the call so zod stays out of the page chunk. */
export { cryptoCurrencyListResponseSchema } from "@souk/contracts";
