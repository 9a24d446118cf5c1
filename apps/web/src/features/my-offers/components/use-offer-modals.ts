import type { MyOffer } from "@souk/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import {
  type BidPayload,
  bidCurrenciesQueryOptions,
  bidInfoQueryOptions,
  pinnedInfoQueryOptions,
  placeBid,
  promoteOffer,
  withdrawBid,
} from "../api/my-offers-api.ts";
import { useMyOffersMessages } from "../i18n/my-offers-texts.ts";
import { type BidPeriod, bidModalReducer, initialBidModalState, suggestedAmountIn } from "../model/bid-modal-state.ts";
import { withOfferReplaced, withPromoteUsed } from "../model/my-offers-state.ts";
import { initialPromoteModalState, promoteModalReducer } from "../model/promote-modal-state.ts";
import type { MyOffersController } from "./use-my-offers.ts";

/** The promote option modal, the promote modal and the bid modal, with their calls. */
export function useOfferModals(controller: MyOffersController) {
  const { failureTexts } = useMyOffersMessages();
  const [promote, dispatchPromote] = useReducer(promoteModalReducer, initialPromoteModalState);
  const [bid, dispatchBid] = useReducer(bidModalReducer, initialBidModalState);
  const promoteAvailable = controller.meta?.promoteAvailable ?? 0;
  /**
   * The bid being confirmed with its Idempotency-Key and its exact payload: a retry after an
   * unknown outcome re-sends the same request (the same dates too), so it places one bid. A changed
   * form or a definite answer starts a new request with a new key.
   */
  const pendingBid = useRef<{ signature: string; key: string; payload: BidPayload } | null>(null);

  const promoteMutation = useMutation({
    mutationFn: (offerHash: string) => promoteOffer(offerHash),
    onMutate: () => dispatchPromote({ type: "submit_started" }),
    onSuccess: (answer) => {
      controller.setList((data) => withPromoteUsed(withOfferReplaced(data, answer.data), answer.meta));
      dispatchPromote({ type: "submit_succeeded", offer: answer.data });
    },
    onError: (error) => dispatchPromote({ type: "submit_failed", error: failureTexts(error).join(" ") }),
  });

  const bidOfferHash = bid.showModal ? bid.activeModalOfferId : null;
  const bidInfo = useQuery({ ...bidInfoQueryOptions(bidOfferHash ?? ""), enabled: bidOfferHash !== null });
  const pinnedInfo = useQuery({
    ...pinnedInfoQueryOptions(bidOfferHash ?? ""),
    enabled: bidOfferHash !== null,
    retry: false,
  });
  const bidCurrencies = useQuery({ ...bidCurrenciesQueryOptions(), enabled: bidOfferHash !== null });

  /** A period's suggested USD amount in a currency ("0" while the rate is unknown). */
  function suggestion(period: BidPeriod, currency: string | null): string {
    const coin = bidCurrencies.data?.find((item) => item.code === currency);
    return (coin && suggestedAmountIn(period.amount, coin.rate, coin.precision)) ?? "0";
  }

  useEffect(() => {
    if (bidInfo.data && bidOfferHash) dispatchBid({ type: "bid_info_loaded", bidInfo: bidInfo.data });
  }, [bidInfo.data, bidOfferHash]);
  useEffect(() => {
    if (pinnedInfo.data && bidOfferHash) dispatchBid({ type: "pinned_info_loaded", pinnedInfo: pinnedInfo.data });
  }, [pinnedInfo.data, bidOfferHash]);
  useEffect(() => {
    if (pinnedInfo.isError && bidOfferHash) {
      dispatchBid({ type: "pinned_info_failed", error: failureTexts(pinnedInfo.error).join(" ") });
    }
  }, [pinnedInfo.isError, pinnedInfo.error, bidOfferHash, failureTexts]);

  const bidMutation = useMutation({
    mutationFn: () => {
      const offer = bid.offer;
      const period = bid.selectedPeriod;
      if (!offer || !period || !bid.selectedCurrency) throw new Error("The bid form is incomplete");
      const current = bidInfo.data?.bid?.current === true;
      const signature = [offer.idHashed, period.id, bid.selectedCurrency, bid.inputValue, current].join("|");
      if (pendingBid.current?.signature !== signature) {
        const start = new Date();
        const end = new Date(start.getTime() + period.days * 86_400_000);
        pendingBid.current = {
          signature,
          key: globalThis.crypto.randomUUID(),
          payload: {
            offerId: offer.idHashed,
            startDate: start.toISOString(),
            endDate: end.toISOString(),
            amount: bid.inputValue,
            cryptoCurrencyCode: bid.selectedCurrency,
            isPresent: true,
            current,
          },
        };
      }
      return placeBid(offer.idHashed, pendingBid.current.payload, pendingBid.current.key);
    },
    onMutate: () => dispatchBid({ type: "submit_started" }),
    onSuccess: (placed) => {
      pendingBid.current = null;
      dispatchBid({ type: "submit_succeeded", bid: placed });
      void bidInfo.refetch();
      void pinnedInfo.refetch();
      if (bid.offer) {
        const offer = bid.offer;
        controller.setList((data) => withOfferReplaced(data, { ...offer, bid: placed }));
      }
    },
    onError: (error) => {
      // A refusal is final for its key (a replay would repeat it): trying again is a new request.
      if (isApiError(error) && error.status < 500) pendingBid.current = null;
      // A failed bid keeps errors.message (or "Unknown error") and the answer's details.
      const message = isApiError(error) ? failureTexts(error).join(" ") || error.body.errors.message : null;
      dispatchBid({ type: "submit_failed", message, meta: isApiError(error) ? error.details : null });
    },
  });

  const withdrawMutation = useMutation({
    mutationFn: (offerHash: string) => withdrawBid(offerHash),
    onMutate: () => dispatchBid({ type: "submit_started" }),
    onSuccess: () => {
      dispatchBid({ type: "withdraw_succeeded" });
      void bidInfo.refetch();
      void pinnedInfo.refetch();
      if (bid.offer) {
        const offer = bid.offer;
        controller.setList((data) => withOfferReplaced(data, { ...offer, bid: null }));
      }
    },
    onError: (error) => {
      const message = isApiError(error) ? failureTexts(error).join(" ") || error.body.errors.message : null;
      dispatchBid({ type: "submit_failed", message, meta: isApiError(error) ? error.details : null });
    },
  });

  return {
    promote,
    bid,
    dispatchBid,
    bidInfo,
    pinnedInfo,
    openOptions: (offer: MyOffer) => dispatchPromote({ type: "options_opened", offer }),
    closeOptions: () => dispatchPromote({ type: "options_closed" }),
    openPromote: (offer: MyOffer) => dispatchPromote({ type: "opened", offer, promoteAvailable }),
    closePromote: () => dispatchPromote({ type: "closed" }),
    confirmPromote: () => {
      if (promote.activeModalOfferId) promoteMutation.mutate(promote.activeModalOfferId);
    },
    openBid: (offer: MyOffer) => {
      dispatchPromote({ type: "options_closed" });
      pendingBid.current = null;
      dispatchBid({ type: "opened", offer });
    },
    closeBid: () => dispatchBid({ type: "closed" }),
    cancelBid: () => {
      dispatchBid({ type: "cancelled" });
      dispatchBid({ type: "closed" });
    },
    confirmBid: () => bidMutation.mutate(),
    withdrawBid: () => {
      if (bid.activeModalOfferId) withdrawMutation.mutate(bid.activeModalOfferId);
    },
    suggestion,
    selectPeriod: (period: BidPeriod) =>
      dispatchBid({ type: "period_selected", period, amount: suggestion(period, bid.selectedCurrency) }),
    changeCurrency: (currency: string) => {
      dispatchBid({ type: "currency_changed", currency });
      // The suggestion follows the currency while the vendor has not typed an amount of their own.
      if (bid.selectedPeriod && bid.inputValue === suggestion(bid.selectedPeriod, bid.selectedCurrency)) {
        dispatchBid({
          type: "period_selected",
          period: bid.selectedPeriod,
          amount: suggestion(bid.selectedPeriod, currency),
        });
      }
    },
  };
}
