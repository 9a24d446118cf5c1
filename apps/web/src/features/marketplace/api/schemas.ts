/**
 * The contracts schemas this feature parses answers with. Loaded with a dynamic import when a call
 * is made, so zod stays out of the page's own chunk (the shell loads it at start for page data).
 */
export { offerListResponseSchema } from "@souk/contracts";
