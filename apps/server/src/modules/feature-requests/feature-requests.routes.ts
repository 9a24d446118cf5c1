import { envelopeSchema, featureRequestSchema } from "@souk/contracts";
import { z } from "zod";
import type { Db } from "../../db/pool.ts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";

type Tables = { feature_requests: { id?: string; user_id: number; text: string } };

/** Stores one request; the text is kept as written (staff read it, it is never rendered as HTML). */
async function saveFeatureRequest(db: Db, userId: number, text: string): Promise<string> {
  const row = await db
    .withTables<Tables>()
    .insertInto("feature_requests")
    .values({ user_id: userId, text })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export function registerFeatureRequestRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/feedback/feature-request",
    {
      schema: {
        tags: ["feedback"],
        summary: "Send a feature request",
        body: featureRequestSchema,
        response: { 200: envelopeSchema(z.object({ id: z.string() })) },
      },
    },
    async (request) => envelope({ id: await saveFeatureRequest(deps.db, viewerOf(request).userId, request.body.text) }),
  );
}
