import {
  type amountRequestSchema,
  type Bid,
  bidInfoResponseSchema,
  type bidRequestSchema,
  bidResponseSchema,
  cryptoCurrencyListResponseSchema,
  envelopeSchema,
  MY_OFFERS_LIMIT,
  type MyOffer,
  myOfferResponseSchema,
  myOffersResponseSchema,
  type Offer,
  type OfferTab,
  offerModerationStateSchema,
  offerResponseSchema,
  pinnedInfoResponseSchema,
  promoteResponseSchema,
  toggleAllOffersResponseSchema,
} from "@souk/contracts";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/**
 * The calls of my offers (docs/product.md#my-offers-bids-and-promotion), each answer parsed with
 * its contracts schema.
 */

export type MyOffersAnswer = z.output<typeof myOffersResponseSchema>;
export type OfferSide = "buy" | "sell";

export const myOffersKey = ["my-offers"] as const;

export function myOffersListKey(type: OfferSide, tabType: OfferTab) {
  return [...myOffersKey, "list", type, tabType] as const;
}

const hashPath = (offerHash: string) => `/rest/v1/my-offers/${encodeURIComponent(offerHash)}`;

/** GET /rest/v1/my-offers/list?type&tabType&limit=50&offset: pages of 50, appended by load-more. */
export function myOffersQueryOptions(type: OfferSide, tabType: OfferTab) {
  return infiniteQueryOptions({
    queryKey: myOffersListKey(type, tabType),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get("/rest/v1/my-offers/list", {
        // The tab type names the flow families; the server holds the one list of them.
        query: { type, tabType, limit: MY_OFFERS_LIMIT, offset: pageParam },
        schema: myOffersResponseSchema,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (page: MyOffersAnswer) =>
      page.meta.hasMore ? page.meta.offset + page.data.offers.length : undefined,
  });
}

export async function setOfferStatus(offerHash: string, isActive: boolean): Promise<MyOffer> {
  return (
    await apiClient.put(`${hashPath(offerHash)}/status`, { newStatus: isActive }, { schema: myOfferResponseSchema })
  ).data;
}

/** POST /offer-manager/toggle-all-offers-state: every offer of one side on or off. */
export async function toggleAllOffers(isActive: boolean, type: OfferSide) {
  return (
    await apiClient.post(
      "/offer-manager/toggle-all-offers-state",
      { newStatus: isActive, type },
      { schema: toggleAllOffersResponseSchema },
    )
  ).data;
}

export async function updateMargin(offerHash: string, newMargin: string): Promise<MyOffer> {
  return (await apiClient.put(`${hashPath(offerHash)}/margin`, { newMargin }, { schema: myOfferResponseSchema })).data;
}

export async function updateFixedPrice(offerHash: string, newFixedPrice: string): Promise<MyOffer> {
  return (
    await apiClient.put(`${hashPath(offerHash)}/fixed-price`, { newFixedPrice }, { schema: myOfferResponseSchema })
  ).data;
}

export type AmountEdit = z.input<typeof amountRequestSchema>;

export async function updateAmount(offerHash: string, edit: AmountEdit): Promise<MyOffer> {
  return (await apiClient.put(`${hashPath(offerHash)}/amount`, edit, { schema: myOfferResponseSchema })).data;
}

export async function updateManualEscrowFee(offerHash: string, newManualEscrowFee: string | null): Promise<MyOffer> {
  return (
    await apiClient.put(
      `${hashPath(offerHash)}/manual-escrow-fee`,
      { newManualEscrowFee },
      { schema: myOfferResponseSchema },
    )
  ).data;
}

export async function resetPenalty(offerHash: string): Promise<MyOffer> {
  return (await apiClient.put(`${hashPath(offerHash)}/reset-penalty`, {}, { schema: myOfferResponseSchema })).data;
}

/** POST /rest/v1/offers/{id}/offer-cap: answers the whole offer. */
export async function updateOfferCap(
  offerHash: string,
  offerCap: { amount: string | null; active: boolean },
): Promise<Offer> {
  return (
    await apiClient.post(
      `/rest/v1/offers/${encodeURIComponent(offerHash)}/offer-cap`,
      { offerCap },
      { schema: offerResponseSchema },
    )
  ).data;
}

export async function promoteOffer(offerHash: string) {
  return apiClient.post(`${hashPath(offerHash)}/promote`, {}, { schema: promoteResponseSchema });
}

export function pinnedInfoQueryOptions(offerHash: string) {
  return queryOptions({
    queryKey: [...myOffersKey, "pinned-info", offerHash],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${hashPath(offerHash)}/pinned-info`, { schema: pinnedInfoResponseSchema, signal })).data,
    staleTime: 0,
  });
}

export function bidInfoQueryOptions(offerHash: string) {
  return queryOptions({
    queryKey: [...myOffersKey, "bid-info", offerHash],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${hashPath(offerHash)}/bid-info`, { schema: bidInfoResponseSchema, signal })).data,
    staleTime: 0,
  });
}

export type BidPayload = z.input<typeof bidRequestSchema>;

/** DELETE /rest/v1/my-offers/{hash}/bid: withdraws the offer's live bid. */
export async function withdrawBid(offerHash: string): Promise<void> {
  await apiClient.delete(`${hashPath(offerHash)}/bid`);
}

/** Bid currencies with their USD price and decimals, to turn the suggested USD amounts into them. */
export function bidCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: [...myOffersKey, "crypto-currencies"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v2/wallet/crypto-currencies", { schema: cryptoCurrencyListResponseSchema, signal }))
        .data,
    staleTime: 60_000,
  });
}

/** PUT /rest/v1/my-offers/{hash}/bid: a bid holds money, so it carries an idempotency key. */
export async function placeBid(offerHash: string, payload: BidPayload, idempotencyKey: string): Promise<Bid> {
  return (await apiClient.put(`${hashPath(offerHash)}/bid`, payload, { schema: bidResponseSchema, idempotencyKey }))
    .data;
}

const appealAnswer = envelopeSchema(offerModerationStateSchema);

/** POST /rest/v1/offers/{id}/appeal: the vendor answers a rejection of their offer, once. */
export async function appealOffer(offerHash: string, message: string) {
  return (
    await apiClient.post(
      `/rest/v1/offers/${encodeURIComponent(offerHash)}/appeal`,
      { message },
      { schema: appealAnswer },
    )
  ).data;
}
