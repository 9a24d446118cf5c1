import { currentUserSchema, envelopeSchema, pageDataSchema, siteStatusSchema } from "@souk/contracts";
import { z } from "zod";

/**
 * The zod schemas the shell parses with. They live in their own module, imported dynamically,
 * so zod is not part of the first page load.
 */
export const currentUserAnswerSchema = z.object({ data: currentUserSchema });
/** GET /rest/v1/site/status (the maintenance and admin-alert banners of every page). */
export const siteStatusAnswerSchema = envelopeSchema(siteStatusSchema);
export { pageDataSchema };
