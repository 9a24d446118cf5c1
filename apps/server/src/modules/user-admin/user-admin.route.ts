import { adminUsernameParamsSchema, envelopeSchema } from "@souk/contracts";
import type { z } from "zod";
import { envelope, requireRole, type SoukRoutes } from "../../platform/index.ts";

/** Who sees an account's page in the operator console and acts on it: supermods and admins. */
export const usersStaff = requireRole("supermod", "admin");

/**
 * GET /rest/v1/admin/users/:username followed by `section`: one part of an account's page in the
 * operator console, for supermods and admins, answered in the data envelope.
 */
export function registerUserRead<Data extends z.ZodType>(
  app: SoukRoutes,
  route: { section: string; summary: string; data: Data },
  read: (username: string) => Promise<z.output<Data>>,
): void {
  // The caller's read is checked against `route.data` above; the route itself serves any data.
  const data: z.ZodType = route.data;
  app.get(
    `/rest/v1/admin/users/:username${route.section}`,
    {
      onRequest: usersStaff,
      schema: {
        tags: ["admin"],
        summary: route.summary,
        params: adminUsernameParamsSchema,
        response: { 200: envelopeSchema(data) },
      },
    },
    async (request) => envelope(await read(request.params.username)),
  );
}
