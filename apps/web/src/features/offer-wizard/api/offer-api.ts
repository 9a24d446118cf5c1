import {
  type Offer,
  type OfferCreateRequest,
  type OfferView,
  offerResponseSchema,
  offerViewResponseSchema,
} from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const offerKey = (idHashed: string) => ["offer-wizard", "offer", idHashed] as const;

/** GET /rest/v1/offers/{idHashed}: the offer and whether the viewer owns it. */
export function offerQueryOptions(idHashed: string) {
  return queryOptions({
    queryKey: offerKey(idHashed),
    queryFn: async ({ signal }): Promise<OfferView> =>
      (
        await apiClient.get(`/rest/v1/offers/${encodeURIComponent(idHashed)}`, {
          schema: offerViewResponseSchema,
          signal,
        })
      ).data,
    // The form edits a copy: a refetch in the middle of an edit would not be shown anyway.
    staleTime: 0,
    refetchOnMount: "always",
  });
}

async function createOffer(payload: OfferCreateRequest): Promise<Offer> {
  return (await apiClient.post("/rest/v1/offers", payload, { schema: offerResponseSchema })).data;
}

async function updateOffer(idHashed: string, payload: OfferCreateRequest): Promise<Offer> {
  return (
    await apiClient.put(`/rest/v1/offers/${encodeURIComponent(idHashed)}`, payload, { schema: offerResponseSchema })
  ).data;
}

/**
 * After a save, every cached copy of the vendor's offers is out of date: this offer's, and the
 * my-offers lists (their cache key is the my-offers feature's; only the key is shared, no code).
 */
function useForgetOffers() {
  const queryClient = useQueryClient();
  return async (offer: Offer) => {
    queryClient.removeQueries({ queryKey: offerKey(offer.idHashed) });
    await queryClient.invalidateQueries({ queryKey: ["my-offers"] });
  };
}

export function useCreateOfferMutation() {
  const forget = useForgetOffers();
  return useMutation({ mutationFn: createOffer, onSuccess: forget });
}

export function useUpdateOfferMutation(idHashed: string) {
  const forget = useForgetOffers();
  return useMutation({
    mutationFn: (payload: OfferCreateRequest) => updateOffer(idHashed, payload),
    onSuccess: forget,
  });
}
