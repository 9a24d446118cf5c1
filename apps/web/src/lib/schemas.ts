import { currentUserSchema, pageDataSchema } from "@souk/contracts";
import { z } from "zod";

/**
 * The zod schemas the shell parses with. They live in their own module, imported dynamically,
 * so zod is not part of the first page load.
 */
export const currentUserAnswerSchema = z.object({ data: currentUserSchema });
export { pageDataSchema };
