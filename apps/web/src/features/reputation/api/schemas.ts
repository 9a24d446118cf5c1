/** The contracts schemas of reputation, loaded with the calls so zod stays out of the page chunk. */
export { userFeedbackResponseSchema, userMedalsResponseSchema } from "@souk/contracts";
