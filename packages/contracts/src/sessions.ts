import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * One signed-in browser of the account, as GET /rest/v1/users/sessions lists it. `device` is read
 * from the browser's user agent ("Firefox on Linux"); `country` stays null until Souk knows where
 * an address is; `isCurrent` marks the session the call came with. `deviceId` is the last six
 * characters of the browser's 32-character device id (the whole id is never stored), null for a
 * session opened without one (an API client's).
 */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  device: z.string().nullable(),
  deviceId: z.string().nullable(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = envelopeSchema(z.array(accountSessionSchema));

/** The answer of ending sessions: how many ended. */
export const endedSessionsResponseSchema = envelopeSchema(z.object({ ended: z.number().int() }));
