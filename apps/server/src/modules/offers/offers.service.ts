import type { Offer, OfferCreateRequest, OfferDraft, OfferTag, OfferView, offerViewQuerySchema } from "@souk/contracts";
import type { z } from "zod";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  assertMayTransact,
  type DomainError,
  type Features,
  inputError,
  isPublicId,
  isStaff,
  newPublicId,
  type Viewer,
} from "../../platform/index.ts";
import { attachOwnBankAccounts } from "../bank-accounts/index.ts";
import { getRelation } from "../contacts/index.ts";
import { getOwnerBalances } from "../ledger/index.ts";
import { maintenanceRefusal, refuseDuringMaintenance } from "../site/index.ts";
import { grantRoles } from "../users/index.ts";
import { syncOfferBondState } from "./bond-held-offers.service.ts";
import { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
import { listRecommendedOffers } from "./listing.service.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import { refreshFunding } from "./maintenance.service.ts";
import { draftOf, escrowFeeBpsOf, offerForOthers, rowOf, toOffer } from "./offer-shape.domain.ts";
import {
  changeReasonOf,
  type DraftContext,
  draftFromInput,
  type FieldErrors,
  isKnownTimezone,
  tagsFor,
  validateDraft,
  zoneOffsetMinutes,
} from "./offers.domain.ts";
import { noMarketRate, offerAlreadyReported, offerNotFound, unknownFilterValue } from "./offers.errors.ts";
import * as repo from "./offers.repo.ts";
import { capState, discountedFeePercent, fundableFiatMax, maxText, minText, plain } from "./pricing.domain.ts";
import { type RiskLists, riskStateOf } from "./risk-warnings.domain.ts";

async function shapeContext(db: Db): Promise<{ catalog: Catalog; market: Market; now: Date }> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  return { catalog, market, now: new Date() };
}

function draftContext(draft: OfferDraft, catalog: Catalog, market: Market, features: Features): DraftContext {
  const crypto = catalog.cryptoByCode.get(draft.cryptoCurrencyCode) ?? null;
  const fiat = catalog.fiatByCode.get(draft.fiatCurrencyCode) ?? null;
  const method = catalog.methodBySlug.get(draft.paymentMethodSlug) ?? null;
  return {
    crypto: crypto && { id: crypto.id, code: crypto.code, isBlocked: crypto.isBlocked },
    fiat: fiat && { id: fiat.id, code: fiat.code, decimals: fiat.decimals },
    paymentMethod: method && {
      id: method.id,
      slug: method.slug,
      groupSlug: method.groupSlug,
      isBinCodeEnabled: method.isBinCodeEnabled,
      currencyCodes: method.currencyCodes,
    },
    hasMarketRate:
      crypto !== null &&
      fiat !== null &&
      market.cryptoUsd[crypto.code] !== undefined &&
      market.fiatPerUsd[fiat.code] !== undefined,
    isKnownCountry: (iso) => catalog.countryByIso.has(iso),
    isKnownTimezone,
    features: {
      offerCap: features.offerCap,
      manualEscrowFee: features.manualEscrowFee,
      offRamp: features.offRamp,
      bazaar: features.bazaar,
    },
  };
}

/** The draft checked whole; refusals keyed by field. "required" wins over other refusals of a field. */
function checkedDraft(
  input: OfferCreateRequest,
  base: OfferDraft | null,
  catalog: Catalog,
  market: Market,
  features: Features,
) {
  const { draft, errors } = draftFromInput(input, base);
  const ruleErrors = validateDraft(draft, draftContext(draft, catalog, market, features));
  const all: FieldErrors = { ...ruleErrors, ...errors };
  if (Object.keys(all).length > 0) throw inputError(all);
  const crypto = catalog.cryptoByCode.get(draft.cryptoCurrencyCode);
  const fiat = catalog.fiatByCode.get(draft.fiatCurrencyCode);
  const method = catalog.methodBySlug.get(draft.paymentMethodSlug);
  // validateDraft refused unknown references already; this only satisfies the type checker.
  if (!crypto || !fiat || !method) throw inputError({ offer: ["reference_unknown"] });
  return { draft, ids: { cryptoId: crypto.id, fiatId: fiat.id, paymentMethodId: method.id, groupId: method.groupId } };
}

/** What the listing's order keys are computed with when an offer is written. */
function writeTimeOf(draft: OfferDraft, market: Market) {
  return {
    zoneOffset: zoneOffsetMinutes(draft.timezone, new Date()),
    fiatPerUsd: market.fiatPerUsd[draft.fiatCurrencyCode] ?? null,
  };
}

async function answerOffer(db: Db | Tx, idHashed: string, catalog: Catalog, market: Market): Promise<Offer> {
  const record = await repo.findOfferRecord(db, idHashed);
  if (!record) throw offerNotFound();
  const offer = toOffer(record, { catalog, market, now: new Date() });
  if (!offer) throw noMarketRate();
  return offer;
}

/**
 * POST /rest/v1/offers. Any logged-in user in good standing may publish; publishing makes them a
 * vendor. An offer created active also needs the activate-offer action.
 */
export async function createOffer(
  db: Db,
  viewer: Viewer,
  input: OfferCreateRequest,
  features: Features,
): Promise<Offer> {
  assertMayTransact(viewer, "create-offer");
  await refuseDuringMaintenance(db);
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const { bankAccountIds, ...offerInput } = input;
  const { draft, ids } = checkedDraft(offerInput, null, catalog, market, features);
  if (draft.isActive) assertMayTransact(viewer, "activate-offer");
  const idHashed = await withTx(db, async (tx) => {
    if (!viewer.roles.includes("vendor")) await grantRoles(tx, viewer.userId, ["vendor"]);
    // A clash of two random 65-bit ids is all but impossible; it is still handled, not assumed away.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const inserted = await repo.insertOffer(tx, {
        ...rowOf(draft, ids, writeTimeOf(draft, market)),
        id_hashed: newPublicId(),
        user_id: BigInt(viewer.userId),
      });
      if (inserted) {
        if (bankAccountIds) await attachOwnBankAccounts(tx, viewer.userId, inserted.id, bankAccountIds);
        await refreshFunding(tx, { catalog, market }, { offerId: inserted.id });
        // A buy offer waits for the vendor's bond (bond-held-offers.service.ts).
        await syncOfferBondState(tx, viewer.userId);
        return inserted.idHashed;
      }
    }
    throw new Error("could not draw a free offer id");
  });
  forgetCachedListings();
  return answerOffer(db, idHashed, catalog, market);
}

/** The owner's offer, locked; anyone else gets the same 404 as for an offer that does not exist. */
async function lockOwnOffer(tx: Tx, viewer: Viewer, idHashed: string): Promise<repo.OfferRecord> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  const record = await repo.findOfferRecord(tx, idHashed, { forUpdate: true });
  if (!record || Number(record.user_id) !== viewer.userId) throw offerNotFound();
  return record;
}

/** PUT /rest/v1/offers/{idHashed}: the fields sent change, the whole offer is checked again. */
export async function updateOffer(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: OfferCreateRequest,
  features: Features,
): Promise<Offer> {
  const [catalog, market, maintenance] = await Promise.all([getCatalog(db), getMarket(db), maintenanceRefusal(db)]);
  const { bankAccountIds, ...offerInput } = input;
  await withTx(db, async (tx) => {
    const record = await lockOwnOffer(tx, viewer, idHashed);
    assertMayTransact(viewer);
    if (bankAccountIds) await attachOwnBankAccounts(tx, viewer.userId, record.id, bankAccountIds);
    await applyDraftEdit(tx, viewer, record, offerInput, { catalog, market, features, maintenance });
  });
  forgetCachedListings();
  return answerOffer(db, idHashed, catalog, market);
}

/** What an edit is checked against: the reference data, the flags, and the maintenance refusal if any. */
interface EditContext {
  catalog: Catalog;
  market: Market;
  features: Features;
  maintenance: DomainError | null;
}

async function applyDraftEdit(
  tx: Tx,
  viewer: Viewer,
  record: repo.OfferRecord,
  input: OfferCreateRequest,
  { catalog, market, features, maintenance }: EditContext,
): Promise<void> {
  const before = draftOf(record, catalog);
  const { draft, ids } = checkedDraft(input, before, catalog, market, features);
  if (draft.isActive && !record.is_active) {
    assertMayTransact(viewer, "activate-offer");
    if (maintenance) throw maintenance;
  }
  const reason = changeReasonOf(before, draft);
  if (reason === null) return;
  // Switching an offer on or off is not a change a trader needs to be told about.
  const isOnlyToggle = reason === "toggle";
  await repo.updateOffer(
    tx,
    record.id,
    { ...rowOf(draft, ids, writeTimeOf(draft, market)), ...(isOnlyToggle ? {} : { last_change_reason: reason }) },
    { bumpVersion: !isOnlyToggle },
  );
  await refreshFunding(tx, { catalog, market }, { offerId: record.id });
  await syncOfferBondState(tx, viewer.userId);
}

/**
 * A quick edit of my offers: the same rules as the wizard, applied to part of the offer. Used by
 * the my-offers module through the door.
 */
export async function editOwnOffer(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: OfferCreateRequest,
  features: Features,
): Promise<void> {
  const [catalog, market, maintenance] = await Promise.all([getCatalog(db), getMarket(db), maintenanceRefusal(db)]);
  const { bankAccountIds, ...offerInput } = input;
  await withTx(db, async (tx) => {
    const record = await lockOwnOffer(tx, viewer, idHashed);
    assertMayTransact(viewer);
    if (bankAccountIds) await attachOwnBankAccounts(tx, viewer.userId, record.id, bankAccountIds);
    await applyDraftEdit(tx, viewer, record, offerInput, { catalog, market, features, maintenance });
  });
  forgetCachedListings();
}

/** DELETE /rest/v1/offers/{idHashed}: the owner, or staff. The row stays for the trades that used it. */
export async function deleteOffer(db: Db, viewer: Viewer, idHashed: string): Promise<void> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  await withTx(db, async (tx) => {
    const record = await repo.findOfferRecord(tx, idHashed, { forUpdate: true });
    if (!record) throw offerNotFound();
    const isOwner = Number(record.user_id) === viewer.userId;
    if (!isOwner && !isStaff(viewer)) throw offerNotFound();
    await repo.softDeleteOffer(tx, record.id);
  });
  forgetCachedListings();
}

/** POST /rest/v1/offers/{id}/offer-cap. */
export async function updateOfferCap(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  cap: { amount: string | null; active: boolean },
  features: Features,
): Promise<Offer> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  await withTx(db, async (tx) => {
    const record = await lockOwnOffer(tx, viewer, idHashed);
    assertMayTransact(viewer);
    try {
      await applyDraftEdit(tx, viewer, record, { offerCap: cap }, { catalog, market, features, maintenance: null });
    } catch (error) {
      // The spec's failure state keeps what was used of the cap and the rate, so they come along.
      if (error instanceof Error && "details" in error && error.details && typeof error.details === "object") {
        const used = plain(record.offer_cap_used);
        const fiat = catalog.fiatById.get(record.fiat_currency_id);
        throw inputError(
          {
            ...(error.details as FieldErrors),
            usedCap: [used],
            rate: [fiat ? (market.fiatPerUsd[fiat.code] ?? "") : ""],
          },
          "The offer cap was not changed.",
        );
      }
      throw error;
    }
  });
  forgetCachedListings();
  return answerOffer(db, idHashed, catalog, market);
}

function isOwnerOf(record: repo.OfferRecord, viewer: Viewer): boolean {
  return Number(record.user_id) === viewer.userId;
}

/** Whether a viewer may see an offer: owner and staff always, others when approved and its owner may trade. */
function canSee(record: repo.OfferRecord, viewer: Viewer | null): boolean {
  if (viewer && (Number(record.user_id) === viewer.userId || isStaff(viewer))) return true;
  return record.moderation_status === 1 && record.owner_is_listable;
}

/**
 * The offer an id names if this viewer may see it; otherwise 404, whatever the reason. Between a
 * viewer and an owner who block each other (either way) offers are not shown, as in the listing.
 */
async function findVisibleOfferRecord(db: Db, viewer: Viewer | null, idHashed: string): Promise<repo.OfferRecord> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  const record = await repo.findOfferRecord(db, idHashed);
  if (!record || !canSee(record, viewer)) throw offerNotFound();
  if (viewer && Number(record.user_id) !== viewer.userId && !isStaff(viewer)) {
    const relation = await getRelation(db, viewer.userId, Number(record.user_id));
    if (relation.isBlocked || relation.isBlockedBy) throw offerNotFound();
  }
  return record;
}

/** The serial id of an offer this viewer may see (favourites); 404 otherwise. */
export async function resolveVisibleOfferId(db: Db, viewer: Viewer | null, idHashed: string): Promise<bigint> {
  return (await findVisibleOfferRecord(db, viewer, idHashed)).id;
}

type ViewQuery = z.infer<typeof offerViewQuerySchema>;

/**
 * GET /rest/v1/offers/{idHashed}: the offer and the view-offer state (docs/product.md#offer-page),
 * its risk warnings decided against the configured lists.
 */
export async function getOfferView(
  db: Db,
  viewer: Viewer | null,
  idHashed: string,
  query: ViewQuery,
  risk: RiskLists,
): Promise<OfferView> {
  const record = await findVisibleOfferRecord(db, viewer, idHashed);
  const context = await shapeContext(db);
  const shaped = toOffer(record, context);
  if (!shaped) throw noMarketRate();
  const isOwner = viewer !== null && Number(record.user_id) === viewer.userId;
  const offer = isOwner ? shaped : offerForOthers(shaped);
  const [facts, isFavorite, recommendedOffers, ownerRelation, fundableMax] = await Promise.all([
    viewer ? repo.findViewerFacts(db, viewer.userId) : Promise.resolve(null),
    viewer ? repo.isFavorite(db, viewer.userId, record.id) : Promise.resolve(false),
    listRecommendedOffers(db, viewer, {
      id: record.id,
      type: record.type,
      cryptoId: record.crypto_currency_id,
      fiatId: record.fiat_currency_id,
      groupId: record.payment_method_group_id,
    }),
    // The owner's relation to the viewer: does the owner trust them?
    viewer && !isOwnerOf(record, viewer)
      ? getRelation(db, Number(record.user_id), viewer.userId)
      : Promise.resolve(null),
    fundableMaxOf(db, record, offer),
  ]);
  const isTrustedUser = ownerRelation?.isTrusted ?? false;
  const isNewBuyer = (facts?.completedTrades ?? 0) === 0;
  const isAvailableForCountry =
    offer.availableIn.length === 0 || (facts?.countryIso != null && offer.availableIn.includes(facts.countryIso));
  const unmetRequirements = unmetRequirementsOf(
    {
      minPastTrades: offer.requireMinPastTrades,
      verifiedId: offer.requireVerifiedId,
      fullNameVisibility: offer.requireFullNameVisibility,
      trustedOnly: offer.showOnlyTrustedUser,
      anonymousRestricted: offer.isAnonymousUserRestricted,
      availableIn: offer.availableIn,
    },
    facts && {
      completedTrades: facts.completedTrades,
      isIdVerified: facts.isIdVerified,
      hasVisibleFullName: facts.hasVisibleFullName,
      countryIso: facts.countryIso,
      isTrusted: isTrustedUser,
    },
  );
  const cap = capState(
    { amount: record.offer_cap_amount, active: record.offer_cap_active, used: record.offer_cap_used },
    record.fiat_limit_min,
  );
  let maxLimit = offer.fiatLimitMax;
  if (isNewBuyer && offer.newBuyerMaxFiatLimit !== null) maxLimit = minText(maxLimit, offer.newBuyerMaxFiatLimit);
  if (record.offer_cap_active && cap.remaining !== null) maxLimit = minText(maxLimit, cap.remaining);
  // Never below the minimum: an offer its owner cannot fund at its minimum refuses at the start.
  if (fundableMax !== null) maxLimit = maxText(minText(maxLimit, fundableMax), offer.fiatLimitMin);
  const discount = record.owner_fee_discount;
  return {
    offer,
    isOwner,
    isNewBuyer,
    isTrustedUser,
    ...riskStateOf(
      {
        paymentMethodSlug: offer.paymentMethod.slug,
        offerTerms: offer.offerTerms,
        offerCountryIso: offer.location?.countryIso ?? offer.owner.userCountryIso,
        viewerCountryIso: facts?.countryIso ?? null,
      },
      risk,
    ),
    isFavorite,
    isAvailableForCountry,
    discountedEscrowFee: /[1-9]/.test(discount) ? discountedFeePercent(escrowFeeBpsOf(record), discount) : null,
    dutyHours: offer.dutyHours,
    dutyHoursTimezone: offer.timezone,
    flashMessages: flashMessagesOf(offer, { isOwner, isAvailableForCountry }),
    recommendedOffers,
    startTradeRequirements: {
      payerName:
        offer.type === "sell" && ["bank-transfers", "online-transfers"].includes(offer.paymentMethod.groupSlug),
    },
    tradeLimits: { min: offer.fiatLimitMin, max: maxLimit },
    unmetRequirements,
    feedback: { items: [], positive: 0, negative: 0, total: 0, nextPageUrl: null },
    query: {
      fiatMin: query.fiatMin ?? null,
      sourceType: query.sourceType ?? null,
      targetType: query.targetType ?? null,
      sourceCurrencyCode: query.sourceCurrencyCode ?? null,
      targetCurrencyCode: query.targetCurrencyCode ?? null,
    },
  };
}

/** What a sell offer's owner can fund now (see fundableFiatMax); null for a buy offer. */
async function fundableMaxOf(db: Db, record: repo.OfferRecord, offer: Offer): Promise<string | null> {
  if (record.type !== "sell") return null;
  const balances = await getOwnerBalances(db, Number(record.user_id));
  const available = balances.find(
    (row) => row.currencyId === record.crypto_currency_id && row.kind === "available",
  )?.balanceMinor;
  return fundableFiatMax({
    balanceMinor: available ?? 0n,
    fiatPricePerCrypto: offer.fiatPricePerCrypto,
    cryptoDecimals: offer.altCoin.precision,
    feeBps: escrowFeeBpsOf(record),
    fiatDecimals: offer.fiatCurrency.decimals,
  });
}

function flashMessagesOf(
  offer: Offer,
  who: { isOwner: boolean; isAvailableForCountry: boolean },
): OfferView["flashMessages"] {
  const messages: OfferView["flashMessages"] = [];
  if (who.isOwner) messages.push({ type: "info", key: "offer_is_yours" });
  if (offer.moderation.status !== 1)
    messages.push({ type: "error", key: `offer_moderation_${offer.moderation.statusName}` });
  if (offer.penaltyMessage) messages.push({ type: "error", key: offer.penaltyMessage });
  if (!offer.isActive) messages.push({ type: "warning", key: "offer_inactive" });
  else if (!offer.isEnabled) messages.push({ type: "warning", key: "offer_disabled" });
  if (offer.isReachedCap) messages.push({ type: "warning", key: "offer_reached_cap" });
  else if (offer.isCapLessThanMin) messages.push({ type: "warning", key: "offer_cap_less_than_min" });
  if (!offer.isOnDuty) messages.push({ type: "info", key: "offer_outside_duty_hours" });
  if (!who.isAvailableForCountry) messages.push({ type: "warning", key: "offer_not_available_in_your_country" });
  return messages;
}

export interface OfferRequirements {
  minPastTrades: number;
  verifiedId: boolean;
  fullNameVisibility: boolean;
  trustedOnly: boolean;
  anonymousRestricted: boolean;
  availableIn: string[];
}

export interface TakerFacts {
  completedTrades: number;
  isIdVerified: boolean;
  hasVisibleFullName: boolean;
  countryIso: string | null;
  /** The owner trusts the taker (contacts). */
  isTrusted: boolean;
}

/** The requirements a taker does not meet (null taker: nobody logged in), as message keys. */
export function unmetRequirementsOf(requirements: OfferRequirements, taker: TakerFacts | null): string[] {
  const unmet: string[] = [];
  if (taker === null) {
    if (requirements.anonymousRestricted) unmet.push("anonymous_user_restricted");
    return unmet;
  }
  if (taker.completedTrades < requirements.minPastTrades) unmet.push("require_min_past_trades");
  if (requirements.verifiedId && !taker.isIdVerified) unmet.push("require_verified_id");
  if (requirements.fullNameVisibility && !taker.hasVisibleFullName) unmet.push("require_full_name_visibility");
  if (requirements.trustedOnly && !taker.isTrusted) unmet.push("show_only_trusted_user");
  if (
    requirements.availableIn.length > 0 &&
    (taker.countryIso === null || !requirements.availableIn.includes(taker.countryIso))
  ) {
    unmet.push("not_available_in_country");
  }
  return unmet;
}

/** POST /rest/v1/offers/{id}/report: kept for moderators, one open report per visitor and offer. */
export async function reportOffer(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  report: { reason: string; message: string },
): Promise<void> {
  const record = await findVisibleOfferRecord(db, viewer, idHashed);
  if (Number(record.user_id) === viewer.userId) throw inputError({ offer: ["cannot_report_own_offer"] });
  const isNew = await repo.insertReport(db, {
    offerId: record.id,
    reporterId: viewer.userId,
    reason: report.reason,
    message: report.message,
  });
  if (!isNew) throw offerAlreadyReported();
}

/** GET /rest/v1/tags: every tag, or those a payment method (slug) or group (slug) may carry. */
export async function listTags(
  db: Db,
  query: { paymentMethod?: string | undefined; group?: string | undefined },
): Promise<OfferTag[]> {
  const catalog = await getCatalog(db);
  let groupSlug: string | null = null;
  if (query.paymentMethod) {
    const method = catalog.methodBySlug.get(query.paymentMethod.toLowerCase());
    if (!method) throw unknownFilterValue("paymentMethod", "payment_method_unknown");
    groupSlug = method.groupSlug;
  }
  if (query.group) {
    const group = catalog.groupBySlug.get(query.group.toLowerCase());
    if (!group) throw unknownFilterValue("group", "group_unknown");
    if (groupSlug !== null && groupSlug !== group.slug) return [];
    groupSlug = group.slug;
  }
  return tagsFor(groupSlug);
}
