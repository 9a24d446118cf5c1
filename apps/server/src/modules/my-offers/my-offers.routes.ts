import {
  amountRequestSchema,
  bidCancelledResponseSchema,
  bidInfoResponseSchema,
  bidRequestSchema,
  bidResponseSchema,
  fixedPriceRequestSchema,
  type MyOfferErrorGroup,
  manualEscrowFeeRequestSchema,
  marginRequestSchema,
  myOfferHashParamsSchema,
  myOfferResponseSchema,
  myOffersQuerySchema,
  myOffersResponseSchema,
  offerStatusRequestSchema,
  pinnedInfoResponseSchema,
  promoteResponseSchema,
  toggleAllOffersRequestSchema,
  toggleAllOffersResponseSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

import {
  type AppDeps,
  envelope,
  inputError,
  refusals,
  type SoukRoutes,
  validationDetails,
  viewerOf,
} from "../../platform/index.ts";
import { cancelBid, getBidInfo, getPinnedInfo, placeBid } from "./bids.service.ts";
import { type FieldErrors, groupedErrors } from "./my-offers.domain.ts";
import {
  ESCROW_FEE_FIELDS,
  FIXED_PRICE_FIELDS,
  LIMIT_FIELDS,
  listMyOffers,
  MARGIN_FIELDS,
  promoteOffer,
  resetPenalty,
  setOfferStatus,
  toggleAllOffers,
  updateAmount,
  updateFixedPrice,
  updateManualEscrowFee,
  updateMargin,
} from "./my-offers.service.ts";

const tags = ["my-offers"];

/**
 * Quick edits validate their body themselves (attachValidation), so that a malformed value is
 * refused like any other: keyed by field, and under the edit's group keyed by the offer's hash.
 */
function refuseInvalid(request: FastifyRequest, group: MyOfferErrorGroup, fields: Record<string, string>): void {
  const error = request.validationError;
  if (!error) return;
  // A schema failure always comes from the zod type provider; anything else goes to the error mapper.
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const hash = (request.params as { hash?: string }).hash ?? "";
  const details = validationDetails(error.validation, error.validationContext);
  throw inputError(groupedErrors(details, fields, group, hash) as FieldErrors);
}

export function registerMyOffersRoutes(app: SoukRoutes, deps: AppDeps): void {
  const { features } = deps;
  const params = myOfferHashParamsSchema;

  app.get(
    "/rest/v1/my-offers/list",
    {
      schema: {
        tags,
        summary: "The vendor's offers with counts, promotion allowance, bond and per-offer state",
        querystring: myOffersQuerySchema,
        response: { 200: myOffersResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const answer = await listMyOffers(deps.db, viewerOf(request), request.query, features);
      return envelope(answer.data, answer.meta);
    },
  );

  app.post(
    "/offer-manager/toggle-all-offers-state",
    {
      schema: {
        tags,
        summary: "Switch all the vendor's offers (of one side, or both) on or off; refusals per offer hash",
        body: toggleAllOffersRequestSchema,
        response: { 200: toggleAllOffersResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await toggleAllOffers(deps.db, viewerOf(request), request.body.newStatus, request.body.type)),
  );

  app.put(
    "/rest/v1/my-offers/:hash/status",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Switch one offer on or off (isEnabled stays off while the bond is insufficient)",
        params,
        body: offerStatusRequestSchema,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request, "offerErrors", {});
      return envelope(
        await setOfferStatus(deps.db, viewerOf(request), request.params.hash, request.body.newStatus, features),
      );
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/margin",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Quick edit: price by this margin (percent)",
        params,
        body: marginRequestSchema,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request, "marginErrors", MARGIN_FIELDS);
      return envelope(
        await updateMargin(deps.db, viewerOf(request), request.params.hash, request.body.newMargin, features),
      );
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/fixed-price",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Quick edit: a fixed fiat price per coin",
        params,
        body: fixedPriceRequestSchema,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request, "fixedPriceErrors", FIXED_PRICE_FIELDS);
      return envelope(
        await updateFixedPrice(deps.db, viewerOf(request), request.params.hash, request.body.newFixedPrice, features),
      );
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/amount",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Quick edit: limits (range_min, range_max) and predefined amounts",
        params,
        body: amountRequestSchema,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request, "limitsErrors", LIMIT_FIELDS);
      return envelope(await updateAmount(deps.db, viewerOf(request), request.params.hash, request.body, features));
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/manual-escrow-fee",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Quick edit: the manual escrow fee in percent, or null for the default",
        params,
        body: manualEscrowFeeRequestSchema,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request, "offerErrors", ESCROW_FEE_FIELDS);
      return envelope(
        await updateManualEscrowFee(
          deps.db,
          viewerOf(request),
          request.params.hash,
          request.body.newManualEscrowFee,
          features,
        ),
      );
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/reset-penalty",
    {
      schema: {
        tags,
        summary: "Clear the system's penalty (offer_has_cancelled_by_system_penalty) so the offer can be switched on",
        params,
        response: { 200: myOfferResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await resetPenalty(deps.db, viewerOf(request), request.params.hash)),
  );

  app.post(
    "/rest/v1/my-offers/:hash/promote",
    {
      schema: {
        tags,
        summary: "Promote (highlight) an active offer for a day; lowers promoteAvailable by one",
        params,
        response: { 200: promoteResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await promoteOffer(deps.db, viewerOf(request), request.params.hash);
      return envelope(result.offer, { promoteTotal: result.promoteTotal, promoteAvailable: result.promoteAvailable });
    },
  );

  app.put(
    "/rest/v1/my-offers/:hash/bid",
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Bid for a pinned position of the offer's market; the amount is held from the wallet (FUNDED)",
        description:
          "Send an Idempotency-Key header: a retry with the same key places (and holds) one bid. Refusals: " +
          "409 ERROR_INSUFFICIENT_BALANCE (the balance is short), ERROR_BID_TOO_LOW (better bids hold every " +
          "position of the period), ERROR_BID_EXISTS (send current: true to replace the live bid); nothing is held.",
        params,
        body: bidRequestSchema,
        response: { 200: bidResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(
        await placeBid(
          deps.db,
          viewerOf(request),
          request.params.hash,
          request.body,
          features,
          request.idempotency?.key ?? null,
        ),
      ),
  );

  app.delete(
    "/rest/v1/my-offers/:hash/bid",
    {
      schema: {
        tags,
        summary: "Cancel the offer's live bid; a funded bid's hold goes back to the wallet",
        params,
        response: { 200: bidCancelledResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await cancelBid(deps.db, viewerOf(request), request.params.hash);
      return envelope({ cancelled: true as const });
    },
  );

  app.get(
    "/rest/v1/my-offers/:hash/pinned-info",
    {
      schema: {
        tags,
        summary: "The pinned positions of the offer's market and the one this offer holds",
        params,
        response: { 200: pinnedInfoResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await getPinnedInfo(deps.db, viewerOf(request), request.params.hash)),
  );

  app.get(
    "/rest/v1/my-offers/:hash/bid-info",
    {
      schema: {
        tags,
        summary: "The offer's bid, its history, the periods and currencies of the bid modal",
        params,
        response: { 200: bidInfoResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await getBidInfo(deps.db, viewerOf(request), request.params.hash, features)),
  );
}
