import { envelopeSchema, publicProfileSchema } from "@souk/contracts";

/** The contracts schemas of the profile, loaded with the calls so zod stays out of the page chunk. */
export { userActiveOffersResponseSchema } from "@souk/contracts";

/** GET /rest/v1/users/{username}, as the users routes declare it. */
export const publicProfileResponseSchema = envelopeSchema(publicProfileSchema);
