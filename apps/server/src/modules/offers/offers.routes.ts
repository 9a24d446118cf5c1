import {
  errorBodySchema,
  offerCapRequestSchema,
  offerCreateRequestSchema,
  offerDeletedResponseSchema,
  offerIdParamsSchema,
  offerListQuerySchema,
  offerListResponseSchema,
  offerReportRequestSchema,
  offerReportResponseSchema,
  offerResponseSchema,
  offerUpdateRequestSchema,
  offerViewQuerySchema,
  offerViewResponseSchema,
  tagsQuerySchema,
  tagsResponseSchema,
  userActiveOffersQuerySchema,
  userActiveOffersResponseSchema,
  usernameParamsSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { findUserIdByUsername } from "../users/index.ts";
import { listOffers, listOwnerListedOffers } from "./listing.service.ts";
import { listingSerializer } from "./listing-serializer.ts";
import { unknownUser } from "./offers.errors.ts";
import {
  createOffer,
  deleteOffer,
  getOfferView,
  listTags,
  reportOffer,
  updateOffer,
  updateOfferCap,
} from "./offers.service.ts";

const tags = ["offers"];

/** The marketplace and the offer page are public: visitors browse before they log in. */
export function registerOffersPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  // Listing queries are reads: the replica serves them when one is configured.
  const db = deps.readDb;

  app.get(
    "/rest/v1/offers",
    {
      schema: {
        tags,
        summary: "The marketplace: listed offers with filters, sorted and paged (type is the visitor's side)",
        querystring: offerListQuerySchema,
        response: { 200: offerListResponseSchema, 422: errorBodySchema },
      },
      // See listing-serializer.ts: the schema documents the answer, a plain serializer writes it.
      serializerCompiler: listingSerializer,
    },
    async (request) => {
      const { items, meta } = await listOffers(db, request.viewer, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/offers/:id",
    {
      schema: {
        tags,
        summary: "One offer and the view-offer state; fiat-min is taken only if numeric, source types only if known",
        params: offerIdParamsSchema,
        querystring: offerViewQuerySchema,
        response: { 200: offerViewResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      envelope(await getOfferView(deps.db, request.viewer, request.params.id, request.query, deps.config)),
  );

  app.get(
    "/rest/v1/tags",
    {
      schema: {
        tags,
        summary: "Offer tags, optionally those a payment method (slug) or group (slug) may carry",
        querystring: tagsQuerySchema,
        response: { 200: tagsResponseSchema, 422: errorBodySchema },
      },
    },
    async (request) => envelope(await listTags(db, request.query)),
  );

  app.get(
    "/rest/v1/users/:username/active-offers",
    {
      schema: {
        tags,
        summary: "A user's listed offers (profile tabs); type is the visitor's side",
        params: usernameParamsSchema,
        querystring: userActiveOffersQuerySchema,
        response: { 200: userActiveOffersResponseSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const ownerId = await findUserIdByUsername(db, request.params.username);
      if (ownerId === null) throw unknownUser();
      const page = await listOwnerListedOffers(db, request.viewer, ownerId, request.query);
      return envelope(page.items, { limit: page.limit, offset: page.offset, hasMore: page.hasMore });
    },
  );
}

export function registerOffersPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  const { features } = deps;

  app.post(
    "/rest/v1/offers",
    {
      schema: {
        tags,
        summary: "Publish an offer (the offer wizard's payload); the publisher becomes a vendor",
        body: offerCreateRequestSchema,
        response: { 200: offerResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await createOffer(deps.db, viewerOf(request), request.body, features)),
  );

  app.put(
    "/rest/v1/offers/:id",
    {
      schema: {
        tags,
        summary: "Edit an offer: the fields sent change and the whole offer is checked again (owner only)",
        params: offerIdParamsSchema,
        body: offerUpdateRequestSchema,
        response: { 200: offerResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await updateOffer(deps.db, viewerOf(request), request.params.id, request.body, features)),
  );

  app.delete(
    "/rest/v1/offers/:id",
    {
      schema: {
        tags,
        summary: "Delete an offer (its owner, or staff)",
        params: offerIdParamsSchema,
        response: { 200: offerDeletedResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await deleteOffer(deps.db, viewerOf(request), request.params.id);
      return envelope({ idHashed: request.params.id, deleted: true as const });
    },
  );

  app.post(
    "/rest/v1/offers/:id/offer-cap",
    {
      schema: {
        tags,
        summary: "Set the offer cap {amount, active}; a refusal carries usedCap and rate",
        params: offerIdParamsSchema,
        body: offerCapRequestSchema,
        response: { 200: offerResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await updateOfferCap(deps.db, viewerOf(request), request.params.id, request.body.offerCap, features)),
  );

  app.post(
    "/rest/v1/offers/:id/report",
    {
      schema: {
        tags,
        summary: "Report an offer to the moderators",
        params: offerIdParamsSchema,
        body: offerReportRequestSchema,
        response: { 200: offerReportResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await reportOffer(deps.db, viewerOf(request), request.params.id, request.body);
      return envelope({ reported: true as const });
    },
  );
}
