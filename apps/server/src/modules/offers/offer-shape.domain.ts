import {
  DEFAULT_ESCROW_FEE_BPS,
  type DutyHour,
  GIFT_CARD_REGIONS,
  OFFER_MODERATION_STATUS_NAMES,
  type Offer,
  type OfferChangeReason,
  type OfferDraft,
  type OfferFlowType,
  type OfferRangeType,
} from "@souk/contracts";
import type { Catalog } from "./catalog.service.ts";
import { pricesOf, type ShapeContext, toOwner } from "./listing.domain.ts";
import {
  dutyUtcRanges,
  isAutomatedFlow,
  isOnDuty,
  locationText,
  normalizeDraft,
  ownerStatus,
  tagsOf,
} from "./offers.domain.ts";
import type { NewOfferRow, OfferRecord, OfferRow } from "./offers.repo.ts";
import { capState, feeBpsFromPercent, feePercentFromBps, fixedPriceUsd, plain } from "./pricing.domain.ts";

export function dutyHoursOf(row: Pick<OfferRow, "duty_hours">): DutyHour[] {
  const value = row.duty_hours as unknown;
  return (typeof value === "string" ? JSON.parse(value) : value) as DutyHour[];
}

/** The wizard's payload as stored (originalData), from the row. */
export function draftOf(row: OfferRow, catalog: Catalog): OfferDraft {
  return normalizeDraft({
    type: row.type,
    cryptoCurrencyCode: catalog.cryptoById.get(row.crypto_currency_id)?.code ?? "",
    fiatCurrencyCode: catalog.fiatById.get(row.fiat_currency_id)?.code ?? "",
    paymentMethodSlug: catalog.methodById.get(row.payment_method_id)?.slug ?? "",
    flowType: row.flow_type as OfferFlowType,
    priceType: row.fixed_price === null ? "margin" : "fixed",
    margin: row.margin,
    fixedPrice: row.fixed_price,
    rangeType: row.range_type as OfferRangeType,
    fiatLimitMin: row.fiat_limit_min,
    fiatLimitMax: row.fiat_limit_max,
    predefinedAmounts: row.predefined_amounts,
    newBuyerMaxFiatLimit: row.new_buyer_max_fiat_limit,
    paymentWindowMinutes: row.payment_window_minutes,
    offerTerms: row.offer_terms,
    tradeDetails: row.trade_details,
    label: row.label,
    tags: row.tags,
    requireMinPastTrades: row.require_min_past_trades,
    requireVerifiedId: row.require_verified_id,
    requireFullNameVisibility: row.require_full_name_visibility,
    showOnlyTrustedUser: row.show_only_trusted_user,
    isAnonymousUserRestricted: row.is_anonymous_user_restricted,
    availableIn: row.available_in,
    dutyHours: dutyHoursOf(row),
    timezone: row.timezone,
    offerCap:
      row.offer_cap_amount === null && !row.offer_cap_active
        ? null
        : { amount: row.offer_cap_amount, active: row.offer_cap_active },
    manualEscrowFee: row.manual_escrow_fee_bps === null ? null : feePercentFromBps(row.manual_escrow_fee_bps),
    isThirdPartyTreatmentEnabled: row.is_third_party_treatment_enabled,
    isGiftCardCheckEnabled: row.is_gift_card_check_enabled,
    isBinCodeEnabled: row.is_bin_code_enabled,
    binCodes: row.bin_codes,
    cardRegions: row.card_regions,
    location:
      row.location_city === null && row.location_subdivision === null && row.location_country_iso === null
        ? null
        : { city: row.location_city, subdivision: row.location_subdivision, countryIso: row.location_country_iso },
    isActive: row.is_active,
  });
}

/** The columns a valid draft is stored as (ids come from the catalog the draft was checked against). */
export function rowOf(
  draft: OfferDraft,
  ids: { cryptoId: number; fiatId: number; paymentMethodId: number; groupId: number },
  now: {
    /** The duty hours' zone offset now (zoneOffsetMinutes): the listing's UTC ranges use it. */
    zoneOffset: number;
    /** Units of the offer's fiat per USD now: the listing orders fixed prices across currencies by it. */
    fiatPerUsd: string | null;
  },
): Omit<NewOfferRow, "id_hashed" | "user_id"> {
  const fixedPrice = draft.priceType === "fixed" ? draft.fixedPrice : null;
  return {
    type: draft.type,
    crypto_currency_id: ids.cryptoId,
    fiat_currency_id: ids.fiatId,
    payment_method_id: ids.paymentMethodId,
    payment_method_group_id: ids.groupId,
    flow_type: draft.flowType,
    margin: draft.margin,
    fixed_price: fixedPrice,
    fixed_price_usd: fixedPrice === null || now.fiatPerUsd === null ? null : fixedPriceUsd(fixedPrice, now.fiatPerUsd),
    range_type: draft.rangeType,
    fiat_limit_min: draft.fiatLimitMin,
    fiat_limit_max: draft.fiatLimitMax,
    predefined_amounts: draft.rangeType === "predefined" ? draft.predefinedAmounts : [],
    new_buyer_max_fiat_limit: draft.newBuyerMaxFiatLimit,
    payment_window_minutes: draft.paymentWindowMinutes,
    offer_terms: draft.offerTerms,
    trade_details: draft.tradeDetails,
    label: draft.label,
    tags: draft.tags,
    require_min_past_trades: draft.requireMinPastTrades,
    require_verified_id: draft.requireVerifiedId,
    require_full_name_visibility: draft.requireFullNameVisibility,
    show_only_trusted_user: draft.showOnlyTrustedUser,
    is_anonymous_user_restricted: draft.isAnonymousUserRestricted,
    available_in: draft.availableIn,
    duty_hours: JSON.stringify(draft.dutyHours),
    timezone: draft.timezone,
    duty_utc_ranges: dutyUtcRanges(draft.dutyHours, now.zoneOffset),
    duty_utc_offset_minutes: now.zoneOffset,
    is_third_party_treatment_enabled: draft.isThirdPartyTreatmentEnabled,
    is_gift_card_check_enabled: draft.isGiftCardCheckEnabled,
    is_bin_code_enabled: draft.isBinCodeEnabled,
    bin_codes: draft.binCodes,
    card_regions: draft.cardRegions,
    location_city: draft.location?.city ?? null,
    location_subdivision: draft.location?.subdivision ?? null,
    location_country_iso: draft.location?.countryIso ?? null,
    offer_cap_amount: draft.offerCap?.amount ?? null,
    offer_cap_active: draft.offerCap?.active ?? false,
    manual_escrow_fee_bps: draft.manualEscrowFee === null ? null : feeBpsFromPercent(draft.manualEscrowFee),
    is_active: draft.isActive,
  };
}

export function escrowFeeBpsOf(row: Pick<OfferRow, "manual_escrow_fee_bps">): number {
  return row.manual_escrow_fee_bps ?? DEFAULT_ESCROW_FEE_BPS;
}

export function offerCapOf(row: OfferRow): Offer["offerCap"] {
  if (row.offer_cap_amount === null && !row.offer_cap_active) return null;
  const state = capState(
    { amount: row.offer_cap_amount, active: row.offer_cap_active, used: row.offer_cap_used },
    row.fiat_limit_min,
  );
  return {
    amount: row.offer_cap_amount === null ? null : plain(row.offer_cap_amount),
    active: row.offer_cap_active,
    used: plain(row.offer_cap_used),
    remaining: state.remaining,
  };
}

/** Offer (docs/product.md#offer-fields); null when it cannot be priced (no market rate). */
export function toOffer(record: OfferRecord, context: ShapeContext): Offer | null {
  const { catalog, market, now } = context;
  const prices = pricesOf(record, context);
  const crypto = catalog.cryptoById.get(record.crypto_currency_id);
  const fiat = catalog.fiatById.get(record.fiat_currency_id);
  const method = catalog.methodById.get(record.payment_method_id);
  if (!prices || !crypto || !fiat || !method) return null;
  const dutyHours = dutyHoursOf(record);
  const cap = capState(
    { amount: record.offer_cap_amount, active: record.offer_cap_active, used: record.offer_cap_used },
    record.fiat_limit_min,
  );
  const country = record.location_country_iso ? catalog.countryByIso.get(record.location_country_iso) : undefined;
  const feeBps = escrowFeeBpsOf(record);
  const flowType = record.flow_type as OfferFlowType;
  const status = record.moderation_status as keyof typeof OFFER_MODERATION_STATUS_NAMES;
  const hasLocation =
    record.location_city !== null || record.location_subdivision !== null || record.location_country_iso !== null;
  return {
    id: record.id_hashed,
    idHashed: record.id_hashed,
    url: `/offer/${record.id_hashed}`,
    type: record.type,
    isSell: record.type === "sell",
    flowType,
    isAutomated: isAutomatedFlow(flowType),
    ownerUsername: record.owner_username,
    owner: toOwner(record, now),
    isOnline: ownerStatus(record.owner_last_seen_at, now).type === "online",
    cryptoCurrencyId: crypto.id,
    altCoin: { code: crypto.code, rate: market.cryptoUsd[crypto.code] ?? null, precision: crypto.decimals },
    fiatCurrency: {
      id: fiat.id,
      code: fiat.code,
      name: fiat.name,
      decimals: fiat.decimals,
      rate: { usd: market.fiatPerUsd[fiat.code] ?? null },
    },
    paymentMethod: {
      id: method.id,
      name: method.name,
      nameLocalized: method.nameLocalized,
      slug: method.slug,
      groupSlug: method.groupSlug,
      paymentMethodGroupId: method.groupId,
      categoryId: method.categoryId,
      iconName: method.iconName,
      isBinCodeEnabled: method.isBinCodeEnabled,
    },
    priceType: record.fixed_price === null ? "margin" : "fixed",
    margin: prices.effectiveMargin,
    fixedPrice: record.fixed_price === null ? null : plain(record.fixed_price),
    customRate: record.fixed_price === null ? null : plain(record.fixed_price),
    fiatPricePerCrypto: prices.fiatPricePerCrypto,
    pricePerUsd: prices.pricePerUsd,
    pricePerBtc: prices.pricePerBtc,
    buySellPagePrice: prices.buySellPagePrice,
    rangeType: record.range_type as OfferRangeType,
    fiatLimitMin: plain(record.fiat_limit_min),
    fiatLimitMax: plain(record.fiat_limit_max),
    predefinedAmounts: record.predefined_amounts.map(plain),
    newBuyerMaxFiatLimit: record.new_buyer_max_fiat_limit === null ? null : plain(record.new_buyer_max_fiat_limit),
    paymentWindowMinutes: record.payment_window_minutes,
    offerTerms: record.offer_terms,
    tradeDetails: record.trade_details,
    label: record.label,
    tags: tagsOf(record.tags),
    requireMinPastTrades: record.require_min_past_trades,
    requireVerifiedId: record.require_verified_id,
    requireFullNameVisibility: record.require_full_name_visibility,
    showOnlyTrustedUser: record.show_only_trusted_user,
    isAnonymousUserRestricted: record.is_anonymous_user_restricted,
    availableIn: record.available_in,
    dutyHours,
    timezone: record.timezone,
    isOnDuty: isOnDuty(dutyHours, record.timezone, now),
    fees: { escrowFeePercent: feePercentFromBps(feeBps), isManual: record.manual_escrow_fee_bps !== null },
    manualEscrowFee: record.manual_escrow_fee_bps === null ? null : feePercentFromBps(record.manual_escrow_fee_bps),
    isThirdPartyTreatmentEnabled: record.is_third_party_treatment_enabled,
    isGiftCardCheckEnabled: record.is_gift_card_check_enabled,
    isBinCodeEnabled: record.is_bin_code_enabled,
    giftCardBinCodes: record.bin_codes,
    amazonGiftCardRegions: GIFT_CARD_REGIONS.filter((region) => record.card_regions.includes(region.id)).map(
      (region) => ({
        id: region.id,
        name: region.name,
      }),
    ),
    location: hasLocation
      ? {
          city: record.location_city,
          subdivision: record.location_subdivision,
          countryIso: record.location_country_iso,
          text: locationText({
            city: record.location_city,
            subdivision: record.location_subdivision,
            countryName: country?.name ?? null,
          }),
        }
      : null,
    offerCap: offerCapOf(record),
    isReachedCap: cap.isReachedCap,
    isCapLessThanMin: cap.isCapLessThanMin,
    isActive: record.is_active,
    isEnabled: record.is_enabled,
    isListed: record.is_listed && record.owner_is_listable,
    moderation: {
      status: record.moderation_status,
      statusName: OFFER_MODERATION_STATUS_NAMES[status] ?? "approved",
      message: record.moderation_message,
    },
    penaltyMessage: record.penalty_reason,
    isFeaturedByModerator: record.is_featured_by_moderator,
    isFeatured: record.featured_until !== null && record.featured_until.getTime() > now.getTime(),
    featuredUntil:
      record.featured_until !== null && record.featured_until.getTime() > now.getTime()
        ? record.featured_until.toISOString()
        : null,
    version: record.version,
    lastChangeReason: record.last_change_reason as OfferChangeReason | null,
    createdAt: record.created_at.toISOString(),
    updatedAt: record.updated_at.toISOString(),
    originalData: draftOf(record, catalog),
  };
}
