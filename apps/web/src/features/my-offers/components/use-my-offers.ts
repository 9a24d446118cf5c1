import type { MyOffer, MyOfferErrorGroup, OfferTab } from "@souk/contracts";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useReducer, useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import {
  type AmountEdit,
  myOffersKey,
  myOffersListKey,
  myOffersQueryOptions,
  type OfferSide,
  resetPenalty,
  setOfferStatus,
  toggleAllOffers,
  updateAmount,
  updateFixedPrice,
  updateManualEscrowFee,
  updateMargin,
  updateOfferCap,
} from "../api/my-offers-api.ts";
import { useMyOffersMessages } from "../i18n/my-offers-texts.ts";
import {
  allOffers,
  emptyOfferErrors,
  type MyOffersData,
  type OfferCapFailure,
  offerCapFailureOf,
  offerErrorsReducer,
  type QuickEditSelection,
  withAllOffersActive,
  withOfferPatched,
  withOfferReplaced,
  withOfferToggled,
  withToggleResults,
} from "../model/my-offers-state.ts";

/**
 * The my-offers screen's data and actions: the paged list, optimistic toggles with rollback,
 * quick edits with errors kept per offer hash, and the quick-edit selection.
 */
export function useMyOffers(type: OfferSide, tabType: OfferTab) {
  const queryClient = useQueryClient();
  const listKey = myOffersListKey(type, tabType);
  const list = useInfiniteQuery(myOffersQueryOptions(type, tabType));
  const { failureTexts } = useMyOffersMessages();
  const [errors, dispatchErrors] = useReducer(offerErrorsReducer, emptyOfferErrors);
  const [capFailures, setCapFailures] = useState<Record<string, OfferCapFailure>>({});
  const [escrowFeeErrors, setEscrowFeeErrors] = useState<Record<string, string[]>>({});
  const [penaltyErrors, setPenaltyErrors] = useState<Record<string, string[]>>({});
  const [quickEdit, setQuickEdit] = useState<QuickEditSelection | null>(null);

  const setList = useCallback(
    (change: (data: MyOffersData) => MyOffersData) =>
      queryClient.setQueryData<MyOffersData>(listKey, (data) => (data ? change(data) : data)),
    [queryClient, listKey],
  );
  /** Counts and "no active offers" flags come from the server: refresh them after a change. */
  const refreshCounts = useCallback(() => queryClient.invalidateQueries({ queryKey: myOffersKey }), [queryClient]);

  function findOffer(offerHash: string): MyOffer | undefined {
    return allOffers(queryClient.getQueryData<MyOffersData>(listKey)).find((offer) => offer.idHashed === offerHash);
  }

  const toggle = useMutation({
    mutationFn: ({ offerHash, isActive }: { offerHash: string; isActive: boolean }) =>
      setOfferStatus(offerHash, isActive),
    onMutate: async ({ offerHash, isActive }) => {
      dispatchErrors({ type: "request_started", group: "offerErrors", offerHash });
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = findOffer(offerHash);
      // Applied at once; flipped back if the server refuses.
      setList((data) => withOfferToggled(data, offerHash, isActive));
      return { before };
    },
    onError: (error, { offerHash }, context) => {
      if (context?.before) setList((data) => withOfferReplaced(data, context.before as MyOffer));
      dispatchErrors({ type: "request_failed", group: "offerErrors", offerHash, messages: failureTexts(error) });
    },
    onSuccess: (offer) => setList((data) => withOfferReplaced(data, offer)),
    onSettled: refreshCounts,
  });

  const toggleAll = useMutation({
    mutationFn: (isActive: boolean) => toggleAllOffers(isActive, type),
    onMutate: async (isActive) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<MyOffersData>(listKey);
      setList((data) => withAllOffersActive(data, isActive));
      return { before };
    },
    onError: (_error, _isActive, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
    },
    onSuccess: (answer) => {
      setList((data) => withToggleResults(data, answer.offers));
      dispatchErrors({ type: "merged", errors: answer.errors });
    },
    onSettled: refreshCounts,
  });

  const quickEditContext: QuickEditContext = {
    onStart: (group, offerHash) => dispatchErrors({ type: "request_started", group, offerHash }),
    onFailure: (group, offerHash, error) =>
      dispatchErrors({ type: "request_failed", group, offerHash, messages: failureTexts(error) }),
    onSaved: (offer) => {
      setList((data) => withOfferReplaced(data, offer));
      setQuickEdit(null);
    },
  };
  const margin = useQuickEditMutation<string>("marginErrors", updateMargin, quickEditContext);
  const fixedPrice = useQuickEditMutation<string>("fixedPriceErrors", updateFixedPrice, quickEditContext);
  const limits = useQuickEditMutation<AmountEdit>("limitsErrors", updateAmount, quickEditContext);

  const manualEscrowFee = useMutation({
    mutationFn: ({ offerHash, fee }: { offerHash: string; fee: string | null }) =>
      updateManualEscrowFee(offerHash, fee),
    onMutate: ({ offerHash }) => {
      setEscrowFeeErrors(({ [offerHash]: _cleared, ...rest }) => rest);
      // The form closes while the fee is saved; a refusal opens it again with the message.
      setQuickEdit(null);
    },
    onError: (error, { offerHash }) => {
      setEscrowFeeErrors((current) => ({ ...current, [offerHash]: failureTexts(error) }));
      setQuickEdit({ offerHash, type: "manualEscrowFee" });
    },
    onSuccess: (offer) => setList((data) => withOfferReplaced(data, offer)),
  });

  const offerCap = useMutation({
    mutationFn: ({ offerHash, cap }: { offerHash: string; cap: { amount: string | null; active: boolean } }) =>
      updateOfferCap(offerHash, cap),
    onMutate: ({ offerHash }) => setCapFailures(({ [offerHash]: _cleared, ...rest }) => rest),
    onError: (error, { offerHash }) => {
      const details = isApiError(error) ? error.details : null;
      setCapFailures((current) => ({
        ...current,
        [offerHash]: offerCapFailureOf(details, failureTexts(error, ["usedCap", "rate"])),
      }));
    },
    onSuccess: (offer) => {
      setList((data) =>
        withOfferPatched(data, offer.idHashed, {
          offerCap: offer.offerCap,
          isReachedCap: offer.isReachedCap,
          isCapLessThanMin: offer.isCapLessThanMin,
          isListed: offer.isListed,
        }),
      );
      setQuickEdit(null);
    },
  });

  const penalty = useMutation({
    mutationFn: (offerHash: string) => resetPenalty(offerHash),
    onMutate: (offerHash) => setPenaltyErrors(({ [offerHash]: _cleared, ...rest }) => rest),
    onError: (error, offerHash) => setPenaltyErrors((current) => ({ ...current, [offerHash]: failureTexts(error) })),
    onSuccess: (offer) => setList((data) => withOfferReplaced(data, offer)),
    onSettled: refreshCounts,
  });

  return {
    list,
    offers: allOffers(list.data),
    meta: list.data?.pages.at(-1)?.meta ?? null,
    page: list.data?.pages[0]?.data ?? null,
    errors,
    capFailures,
    escrowFeeErrors,
    penaltyErrors,
    quickEdit,
    setQuickEdit,
    toggle,
    toggleAll,
    margin,
    fixedPrice,
    limits,
    manualEscrowFee,
    offerCap,
    penalty,
    setList,
  };
}

export type MyOffersController = ReturnType<typeof useMyOffers>;

interface QuickEditContext {
  onStart: (group: MyOfferErrorGroup, offerHash: string) => void;
  onFailure: (group: MyOfferErrorGroup, offerHash: string, error: unknown) => void;
  onSaved: (offer: MyOffer) => void;
}

/** One quick edit: clears its error group on start, stores the failure text per offer on error. */
function useQuickEditMutation<Input>(
  group: MyOfferErrorGroup,
  call: (offerHash: string, input: Input) => Promise<MyOffer>,
  context: QuickEditContext,
) {
  return useMutation({
    mutationFn: ({ offerHash, input }: { offerHash: string; input: Input }) => call(offerHash, input),
    onMutate: ({ offerHash }) => context.onStart(group, offerHash),
    onError: (error, { offerHash }) => context.onFailure(group, offerHash, error),
    onSuccess: (offer) => context.onSaved(offer),
  });
}
