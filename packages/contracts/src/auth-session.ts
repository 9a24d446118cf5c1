import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";
import { currentUserSchema } from "./users.ts";

/**
 * The answer of POST /rest/v1/auth/register and /rest/v1/auth/login: the signed-in user and the
 * CSRF token of the new session (the token is rotated at every log-in).
 */
export const authSessionSchema = z.object({ user: currentUserSchema, csrfToken: z.string() });
export type AuthSession = z.infer<typeof authSessionSchema>;
export const authSessionResponseSchema = envelopeSchema(authSessionSchema);
