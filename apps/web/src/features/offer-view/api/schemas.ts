import { envelopeSchema, tradeSchema } from "@souk/contracts";

/** The contracts schemas of the offer page, loaded with the calls so zod stays out of the page chunk. */
export { offerReportResponseSchema, offerViewResponseSchema } from "@souk/contracts";

/** POST /rest/v1/trade answers the started trade, as the trades routes declare it. */
export const tradeStartResponseSchema = envelopeSchema(tradeSchema);
