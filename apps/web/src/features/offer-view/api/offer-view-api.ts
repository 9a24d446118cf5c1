import type { OFFER_REPORT_REASONS, OfferView } from "@souk/contracts";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/** The offer page's query as the address carries it; the server keeps only what it accepts. */
export interface OfferPageQuery {
  fiatMin: string | null;
  sourceType: string | null;
  targetType: string | null;
  sourceCurrencyCode: string | null;
  targetCurrencyCode: string | null;
}

export const offerViewQueryKeyRoot = ["offers", "view"] as const;

/** GET /rest/v1/offers/{idHashed}: the offer and the view-offer state (docs/product.md#offer-page). */
export function offerViewQueryOptions(id: string, query: OfferPageQuery) {
  return queryOptions({
    queryKey: [...offerViewQueryKeyRoot, id, query],
    queryFn: async ({ signal }): Promise<OfferView> => {
      const { offerViewResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get(`/rest/v1/offers/${encodeURIComponent(id)}`, {
        query: {
          "fiat-min": query.fiatMin ?? undefined,
          sourceType: query.sourceType ?? undefined,
          targetType: query.targetType ?? undefined,
          sourceCurrencyCode: query.sourceCurrencyCode ?? undefined,
          targetCurrencyCode: query.targetCurrencyCode ?? undefined,
        },
        schema: offerViewResponseSchema,
        signal,
      });
      return answer.data;
    },
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

export type OfferReportReason = (typeof OFFER_REPORT_REASONS)[number];

export interface OfferReport {
  reason: OfferReportReason;
  message: string;
}

/** POST /rest/v1/offers/{idHashed}/report. */
export function useOfferReport(id: string) {
  return useMutation({
    mutationFn: async (report: OfferReport) => {
      const { offerReportResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.post(`/rest/v1/offers/${encodeURIComponent(id)}/report`, report, {
          schema: offerReportResponseSchema,
        })
      ).data;
    },
  });
}

export interface TradeStart {
  offerId: string;
  fiatAmount: string;
  /** One key per attempt the visitor confirms: a retry of the same attempt starts one trade. */
  idempotencyKey: string;
}

/** POST /rest/v1/trade {offerId, fiatAmount}: takes the offer; the answer is the new trade. */
export function useStartTrade() {
  return useMutation({
    mutationFn: async ({ offerId, fiatAmount, idempotencyKey }: TradeStart) => {
      const { tradeStartResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.post(
          "/rest/v1/trade",
          { offerId, fiatAmount },
          { schema: tradeStartResponseSchema, idempotencyKey },
        )
      ).data;
    },
  });
}
