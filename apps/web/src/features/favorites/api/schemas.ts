/** The contracts schemas of favourites, loaded with the call so zod stays out of page chunks. */
export { favoritesResponseSchema, favoriteToggleResponseSchema } from "@souk/contracts";
