import {
  DEFAULT_ESCROW_FEE_BPS,
  ErrorCode,
  MY_OFFERS_CONSTANTS,
  type MyOffer,
  type MyOfferErrorGroup,
  type MyOffersQuery,
  type OfferCreateRequest,
  type OfferErrors,
  P2P_FLOW_TYPES,
  SHOP_FLOW_TYPES,
} from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { assertMayTransact, DomainError, type Features, inputError, type Viewer } from "../../platform/index.ts";
import { offerBankAccounts } from "../bank-accounts/index.ts";
import { discountedFeeBps } from "../ledger/index.ts";
import {
  countOwnOffers,
  editOwnOffer,
  feePercentFromBps,
  getOwnOffer,
  listOwnOffers,
  needsBond,
  resetOwnOfferPenalty,
  setOfferFeaturedUntil,
  setOwnOffersActive,
  syncOfferBondState,
} from "../offers/index.ts";
import { refuseDuringMaintenance } from "../site/index.ts";
import { getFeeDiscount } from "../users/index.ts";
import { describeLiveBids } from "./bids.service.ts";
import { type FieldErrors, groupedErrors, monthStart, promoteAvailable, toMyOffer } from "./my-offers.domain.ts";
import { featureDisabled, offerNotActive, promoteLimitReached } from "./my-offers.errors.ts";
import * as repo from "./my-offers.repo.ts";

// ---- list ----------------------------------------------------------------------------------

export interface MyOffersAnswer {
  data: {
    offers: MyOffer[];
    depositData: { options: { currencyCode: string; missingAmount: string; isAvailable: boolean }[] } | null;
    userPerks: { paymentMethodId: number; discountedEscrowFee: string }[];
    messages: string[];
  };
  meta: {
    counts: { buy: number; sell: number };
    isNotSellActiveOffers: boolean;
    isNotBuyActiveOffers: boolean;
    promoteTotal: number;
    promoteAvailable: number;
    total: number;
    limit: number;
    offset: number;
    hasMore: boolean;
  };
}

function flowTypesOf(query: Pick<MyOffersQuery, "flowTypes" | "tabType">): readonly string[] | undefined {
  if (query.flowTypes && query.flowTypes.length > 0) return query.flowTypes;
  if (query.tabType === "shop") return SHOP_FLOW_TYPES;
  if (query.tabType === "p2p") return [...P2P_FLOW_TYPES, "bazaar"];
  return undefined;
}

/** GET /rest/v1/my-offers/list: the vendor's offers (docs/product.md#my-offers-bids-and-promotion). */
/**
 * The vendor's escrow fee per payment method of their offers when a fee discount applies to them
 * (userPerks): the standard fee lowered by their discount, as trades charge it.
 */
async function perksOf(
  db: Db,
  viewer: Viewer,
  offers: readonly MyOffer[],
  features: Features,
): Promise<MyOffersAnswer["data"]["userPerks"]> {
  if (!features.feeDiscount || offers.length === 0) return [];
  const perkBps = discountedFeeBps(DEFAULT_ESCROW_FEE_BPS, await getFeeDiscount(db, viewer.userId));
  if (perkBps === null) return [];
  const methodIds = [...new Set(offers.map((offer) => offer.paymentMethod.id))].sort((a, b) => a - b);
  return methodIds.map((paymentMethodId) => ({ paymentMethodId, discountedEscrowFee: feePercentFromBps(perkBps) }));
}

export async function listMyOffers(
  db: Db,
  viewer: Viewer,
  query: MyOffersQuery,
  features: Features,
): Promise<MyOffersAnswer> {
  const flowTypes = flowTypesOf(query);
  // Reading the bond also brings buy offers in line with it (a bond deposited meanwhile enables them).
  const bond = await syncOfferBondState(db, viewer.userId);
  const [own, counts, allCounts, promotionsUsed] = await Promise.all([
    listOwnOffers(db, {
      ownerId: viewer.userId,
      type: query.type,
      flowTypes,
      limit: query.limit,
      offset: query.offset,
    }),
    countOwnOffers(db, viewer.userId, flowTypes, query.type),
    countOwnOffers(db, viewer.userId, flowTypes),
    repo.countPromotionsSince(db, viewer.userId, monthStart(new Date())),
  ]);
  const [bids, accounts] = await Promise.all([
    describeLiveBids(
      db,
      own.map((item) => ({ offerId: item.offerId, idHashed: item.offer.idHashed })),
    ),
    offerBankAccounts(
      db,
      own.map((item) => item.offerId),
    ),
  ]);
  const offers = own.map(({ offer, offerId }) =>
    toMyOffer(offer, {
      isBondInsufficient: needsBond(offer.type) ? bond.isBondInsufficient : false,
      bid: bids.get(String(offerId)) ?? null,
      bankAccounts: accounts.get(String(offerId)) ?? [],
    }),
  );
  const hasBuyOffers = allCounts.buy > 0;
  return {
    data: {
      offers,
      depositData: {
        options: bond.options.map((option) => ({
          currencyCode: option.cryptoCurrencyCode,
          missingAmount: option.missingAmount,
          isAvailable: option.isAvailable,
        })),
      },
      userPerks: await perksOf(db, viewer, offers, features),
      messages: hasBuyOffers && bond.isBondInsufficient ? ["bond_insufficient"] : [],
    },
    meta: {
      counts: { buy: allCounts.buy, sell: allCounts.sell },
      isNotSellActiveOffers: allCounts.activeSell === 0,
      isNotBuyActiveOffers: allCounts.activeBuy === 0,
      promoteTotal: MY_OFFERS_CONSTANTS.promoteTotalPerMonth,
      promoteAvailable: promoteAvailable(promotionsUsed),
      total: counts.total,
      limit: query.limit,
      offset: query.offset,
      hasMore: query.offset + offers.length < counts.total,
    },
  };
}

async function myOffer(db: Db, viewer: Viewer, hash: string): Promise<MyOffer> {
  const { offer, offerId } = await getOwnOffer(db, viewer, hash);
  const bond = needsBond(offer.type) ? await syncOfferBondState(db, viewer.userId) : null;
  const bids = await describeLiveBids(db, [{ offerId, idHashed: offer.idHashed }]);
  const accounts = await offerBankAccounts(db, [offerId]);
  return toMyOffer(offer, {
    isBondInsufficient: bond ? bond.isBondInsufficient : false,
    bid: bids.get(String(offerId)) ?? null,
    bankAccounts: accounts.get(String(offerId)) ?? [],
  });
}

// ---- quick edits ---------------------------------------------------------------------------

/** Runs an edit through the offers door; its refusals come back grouped as the my-offers state keeps them. */
async function quickEdit(
  db: Db,
  viewer: Viewer,
  hash: string,
  input: OfferCreateRequest,
  features: Features,
  errors: { group: MyOfferErrorGroup; fields: Record<string, string> },
): Promise<MyOffer> {
  try {
    await editOwnOffer(db, viewer, hash, input, features);
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.INPUT_VALIDATION && error.details) {
      throw inputError(
        groupedErrors(error.details as FieldErrors, errors.fields, errors.group, hash) as FieldErrors,
        error.message,
      );
    }
    throw error;
  }
  return myOffer(db, viewer, hash);
}

export const MARGIN_FIELDS = { margin: "newMargin", priceType: "newMargin" };
export const FIXED_PRICE_FIELDS = { fixedPrice: "newFixedPrice", priceType: "newFixedPrice" };
export const LIMIT_FIELDS = {
  fiatLimitMin: "rangeMin",
  fiatLimitMax: "rangeMax",
  predefinedAmounts: "predefinedAmount",
  newBuyerMaxFiatLimit: "rangeMax",
};
export const ESCROW_FEE_FIELDS = { manualEscrowFee: "newManualEscrowFee" };

export function updateMargin(db: Db, viewer: Viewer, hash: string, margin: string, features: Features) {
  return quickEdit(db, viewer, hash, { priceType: "margin", margin }, features, {
    group: "marginErrors",
    fields: MARGIN_FIELDS,
  });
}

export function updateFixedPrice(db: Db, viewer: Viewer, hash: string, fixedPrice: string, features: Features) {
  return quickEdit(db, viewer, hash, { priceType: "fixed", fixedPrice }, features, {
    group: "fixedPriceErrors",
    fields: FIXED_PRICE_FIELDS,
  });
}

export function updateAmount(
  db: Db,
  viewer: Viewer,
  hash: string,
  amount: { rangeMin: string; rangeMax: string; predefinedAmount: string[] },
  features: Features,
) {
  return quickEdit(
    db,
    viewer,
    hash,
    {
      fiatLimitMin: amount.rangeMin,
      fiatLimitMax: amount.rangeMax,
      rangeType: amount.predefinedAmount.length > 0 ? "predefined" : "min_max",
      predefinedAmounts: amount.predefinedAmount,
    },
    features,
    { group: "limitsErrors", fields: LIMIT_FIELDS },
  );
}

export function updateManualEscrowFee(db: Db, viewer: Viewer, hash: string, fee: string | null, features: Features) {
  if (!features.manualEscrowFee) throw featureDisabled("manualEscrowFee");
  return quickEdit(db, viewer, hash, { manualEscrowFee: fee }, features, {
    group: "offerErrors",
    fields: ESCROW_FEE_FIELDS,
  });
}

/**
 * PUT /rest/v1/my-offers/{hash}/status. Switching on needs the activate-offer action and is refused
 * while the system holds the offer (penalty, moderation). A buy offer switched on without a bond
 * stays disabled: isActive flips, isEnabled does not (docs/product.md#my-offers-bids-and-promotion).
 */
export async function setOfferStatus(
  db: Db,
  viewer: Viewer,
  hash: string,
  isActive: boolean,
  features: Features,
): Promise<MyOffer> {
  const { offer } = await getOwnOffer(db, viewer, hash);
  if (isActive) {
    assertMayTransact(viewer, "activate-offer");
    await refuseDuringMaintenance(db);
    const blockers = [
      ...(offer.penaltyMessage ? [offer.penaltyMessage] : []),
      ...(offer.moderation.status !== 1 ? ["offer_not_approved"] : []),
    ];
    if (blockers.length > 0) {
      throw inputError(
        groupedErrors({ newStatus: blockers }, {}, "offerErrors", hash) as FieldErrors,
        "This offer cannot be switched on.",
      );
    }
  }
  return quickEdit(db, viewer, hash, { isActive }, features, {
    group: "offerErrors",
    fields: { isActive: "newStatus" },
  });
}

/** POST /offer-manager/toggle-all-offers-state: every offer (of one side, or both) on or off. */
export async function toggleAllOffers(
  db: Db,
  viewer: Viewer,
  isActive: boolean,
  type?: "buy" | "sell",
): Promise<{ offers: { idHashed: string; isActive: boolean; isEnabled: boolean }[]; errors: OfferErrors }> {
  if (isActive) await refuseDuringMaintenance(db);
  const results = await setOwnOffersActive(db, viewer, isActive, type);
  const offerErrors: Record<string, string[]> = {};
  for (const result of results) if (result.errors.length > 0) offerErrors[result.idHashed] = result.errors;
  return {
    offers: results.map((result) => ({
      idHashed: result.idHashed,
      isActive: result.isActive,
      isEnabled: result.isEnabled,
    })),
    errors: { offerErrors, marginErrors: {}, fixedPriceErrors: {}, limitsErrors: {} },
  };
}

export async function resetPenalty(db: Db, viewer: Viewer, hash: string): Promise<MyOffer> {
  await resetOwnOfferPenalty(db, viewer, hash);
  return myOffer(db, viewer, hash);
}

// ---- promotion -----------------------------------------------------------------------------

/** POST /rest/v1/my-offers/{hash}/promote: highlights an active offer for a day; 5 a month. */
export async function promoteOffer(
  db: Db,
  viewer: Viewer,
  hash: string,
): Promise<{ offer: MyOffer; promoteTotal: number; promoteAvailable: number }> {
  assertMayTransact(viewer);
  const { offer, offerId } = await getOwnOffer(db, viewer, hash);
  if (!offer.isActive) throw offerNotActive();
  const now = new Date();
  const endsAt = new Date(now.getTime() + MY_OFFERS_CONSTANTS.promoteHours * 3_600_000);
  const used = await withTx(db, async (tx) => {
    await repo.lockVendor(tx, viewer.userId);
    const count = await repo.countPromotionsSince(tx, viewer.userId, monthStart(now));
    if (promoteAvailable(count) === 0) throw promoteLimitReached(MY_OFFERS_CONSTANTS.promoteTotalPerMonth);
    await repo.insertPromotion(tx, viewer.userId, offerId, endsAt);
    return count + 1;
  });
  await setOfferFeaturedUntil(db, offerId, endsAt);
  return {
    offer: await myOffer(db, viewer, hash),
    promoteTotal: MY_OFFERS_CONSTANTS.promoteTotalPerMonth,
    promoteAvailable: promoteAvailable(used),
  };
}
