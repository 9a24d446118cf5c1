import {
  adminOfferSchema,
  adminOffersQuerySchema,
  envelopeSchema,
  offerAppealRequestSchema,
  offerIdParamsSchema,
  offerModerationMarkSchema,
  offerModerationReasonSchema,
  offerModerationStateSchema,
  pageMetaSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { type AppDeps, envelope, requireRole, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  appealOffer,
  approveOffer,
  getOfferForModeration,
  listOffersForModeration,
  markOffer,
  moderationCaller,
  rejectOffer,
} from "./moderation.service.ts";

const callerOf = (request: FastifyRequest) => moderationCaller(viewerOf(request), request.ip);

/**
 * Offer moderation (docs/decisions/130-offer-moderation.md): every staff role reviews offers in the
 * operator console; the vendor appeals a rejection of their own offer.
 */
export function registerModerationRoutes(app: SoukRoutes, deps: AppDeps): void {
  const staff = requireRole("moderator", "supermod", "admin");
  const tags = ["admin"];
  const adminOffer = { 200: envelopeSchema(adminOfferSchema) };

  app.get(
    "/rest/v1/admin/offers",
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Offers to moderate, by moderation status (appealed first in line by default)",
        querystring: adminOffersQuerySchema,
        response: { 200: envelopeSchema(z.array(adminOfferSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listOffersForModeration(deps.readDb, request.query);
      return envelope(items, meta);
    },
  );

  const decisions = [
    {
      step: "reject",
      summary: "Reject an offer with the reason its vendor reads (an appealed offer: for good, no appeal)",
      decide: rejectOffer,
    },
    { step: "approve", summary: "Approve a rejected or appealed offer again", decide: approveOffer },
  ] as const;
  for (const { step, summary, decide } of decisions) {
    app.post(
      `/rest/v1/admin/offers/:id/${step}`,
      {
        onRequest: staff,
        schema: { tags, summary, params: offerIdParamsSchema, body: offerModerationReasonSchema, response: adminOffer },
      },
      async (request) => {
        await decide(deps.db, callerOf(request), request.params.id, request.body.reason);
        return envelope(await getOfferForModeration(deps.db, request.params.id));
      },
    );
  }

  const marks = [
    { mark: "feature", summary: "Feature an offer in the marketplace (isFeaturedByModerator), or stop" },
    { mark: "sticky", summary: "Make an offer sticky: the first pinned position of its market while listed, or stop" },
  ] as const;
  for (const { mark, summary } of marks) {
    app.post(
      `/rest/v1/admin/offers/:id/${mark}`,
      {
        onRequest: staff,
        schema: { tags, summary, params: offerIdParamsSchema, body: offerModerationMarkSchema, response: adminOffer },
      },
      async (request) => {
        await markOffer(deps.db, callerOf(request), request.params.id, { ...request.body, mark });
        return envelope(await getOfferForModeration(deps.db, request.params.id));
      },
    );
  }

  app.post(
    "/rest/v1/offers/:id/appeal",
    {
      schema: {
        tags: ["offers"],
        summary: "Appeal the rejection of one's own offer, once (its vendor)",
        params: offerIdParamsSchema,
        body: offerAppealRequestSchema,
        response: { 200: envelopeSchema(offerModerationStateSchema) },
      },
    },
    async (request) => {
      await appealOffer(deps.db, viewerOf(request), request.params.id, request.body.message);
      return envelope((await getOfferForModeration(deps.db, request.params.id)).moderation);
    },
  );
}
