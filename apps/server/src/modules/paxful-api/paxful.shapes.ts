import type { ChatItem, Offer, OfferListingItem, Trade, TradeStatus, TradeSummary } from "@souk/contracts";
import { parseAmount } from "@souk/money";

/**
 * Souk's answers in Paxful's shapes, with no rule of their own: field names, statuses, units.
 * Crypto amounts are whole numbers of the currency's smallest unit (satoshi, gwei, micro-USDT),
 * as JSON numbers while they are exact in one, else as decimal text.
 */

export function minorUnits(amount: string, decimals: number): number | string {
  const minor = parseAmount(amount, decimals);
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) && minor >= -BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(minor)
    : minor.toString();
}

/** A fiat amount or price as the number Paxful sends (display only: nothing is computed from it). */
function fiatNumber(amount: string | null): number | null {
  return amount === null ? null : Number(amount);
}

/** Paxful's trade_status words for Souk's statuses. */
const TRADE_STATUS_NAMES: Record<TradeStatus, string> = {
  active_funded: "Active funded",
  paid: "Paid",
  dispute_open: "Dispute open",
  released: "Released",
  cancelled_buyer: "Cancelled buyer",
  cancelled_seller: "Cancelled seller",
  cancelled_system: "Cancelled system",
  expired: "Expired",
  dispute_won_buyer: "Dispute wins buyer",
  dispute_won_seller: "Dispute wins seller",
} as Record<TradeStatus, string>;

export function tradeStatusName(status: string): string {
  return TRADE_STATUS_NAMES[status as TradeStatus] ?? status;
}

/** trade/completed's short status words. */
export function completedStatusOf(status: string): string {
  if (status === "released") return "successful";
  if (status === "expired") return "expired";
  if (status.startsWith("cancelled")) return "cancelled";
  if (status === "dispute_won_buyer") return "awarded buyer";
  if (status === "dispute_won_seller") return "awarded seller";
  return "dispute";
}

/** Paxful's timestamps of trades: "YYYY-MM-DD HH:MM:SS" in UTC. */
export function paxfulTime(iso: string | null): string | null {
  return iso === null ? null : iso.slice(0, 19).replace("T", " ");
}

function unixSeconds(iso: string): number {
  return Math.floor(new Date(iso).getTime() / 1000);
}

/** OfferObject of offer/get and offer/list. */
export function offerObjectOf(offer: Offer, publicUrl: string) {
  return {
    id: offer.idHashed,
    offer_id: offer.idHashed,
    offer_hash: offer.idHashed,
    offer_type: offer.type,
    active: offer.isActive,
    offer_link: `${publicUrl}${offer.url}`,
    margin: Number(offer.margin),
    is_fixed_price: offer.priceType === "fixed",
    fiat_price_per_crypto: fiatNumber(offer.fiatPricePerCrypto),
    fiat_price_per_btc: fiatNumber(offer.pricePerBtc),
    fee_percentage: Number(offer.fees.escrowFeePercent),
    currency_code: offer.fiatCurrency.code,
    fiat_currency_code: offer.fiatCurrency.code,
    crypto_currency_code: offer.altCoin.code,
    crypto_currency: offer.altCoin.code.toLowerCase(),
    fiat_amount_range_min: Number(offer.fiatLimitMin),
    fiat_amount_range_max: Number(offer.fiatLimitMax),
    predefined_amount: offer.predefinedAmounts.map(Number),
    new_buyer_max_fiat_limit: fiatNumber(offer.newBuyerMaxFiatLimit),
    payment_method_name: offer.paymentMethod.name,
    payment_method_slug: offer.paymentMethod.slug,
    payment_method_group: offer.paymentMethod.groupSlug,
    payment_method_label: offer.label,
    payment_window: offer.paymentWindowMinutes,
    offer_terms: offer.offerTerms,
    trade_details: offer.tradeDetails,
    tags: offer.tags.map((tag) => ({ name: tag.name, slug: tag.slug, description: tag.description })),
    duty_hours: offer.dutyHours.map((hour) => ({
      day: hour.day,
      start_time: hour.startTime,
      end_time: hour.endTime,
      active: hour.active,
    })),
    require_verified_id: offer.requireVerifiedId,
    require_min_past_trades: offer.requireMinPastTrades,
    show_only_trusted_user: offer.showOnlyTrustedUser,
    country_limitation_type: offer.availableIn.length > 0 ? "allowed" : null,
    country_limitation_list: offer.availableIn.join(","),
    offer_owner_username: offer.owner.username,
    offer_owner_profile_link: `${publicUrl}/user/${offer.owner.username}`,
    offer_owner_feedback_positive: offer.owner.feedbackPositiveCount,
    offer_owner_feedback_negative: offer.owner.feedbackNegativeCount,
    offer_owner_country_iso: offer.owner.userCountryIso,
    is_blocked: false,
    created_at: unixSeconds(offer.createdAt),
    updated_at: unixSeconds(offer.updatedAt),
  };
}

/** OfferAllObject of offer/all. */
export function offerAllObjectOf(item: OfferListingItem, publicUrl: string) {
  return {
    offer_id: item.idHashed,
    offer_hash: item.idHashed,
    offer_type: item.type,
    offer_link: `${publicUrl}${item.url}`,
    currency_code: item.fiatCurrencyCode,
    fiat_currency_code: item.fiatCurrencyCode,
    crypto_currency_code: item.cryptoCurrencyCode,
    margin: Number(item.margin),
    fiat_price_per_crypto: fiatNumber(item.fiatPricePerCrypto),
    fiat_amount_range_min: Number(item.fiatAmountRangeMin),
    fiat_amount_range_max: Number(item.fiatAmountRangeMax),
    predefined_amount: item.predefinedAmount.map(Number),
    payment_method_name: item.paymentMethodName,
    payment_method_slug: item.paymentMethodSlug,
    payment_method_group: item.paymentMethodGroupSlug,
    payment_method_label: item.paymentMethodLabel,
    payment_window: item.paymentWindowMinutes,
    require_verified_id: item.requireVerifiedId,
    require_min_past_trades: item.requireMinPastTrades,
    show_only_trusted_user: item.showOnlyTrustedUser,
    tags: item.tags.map((tag) => ({ name: tag.name, slug: tag.slug, description: tag.description })),
    offer_owner_username: item.owner.username,
    offer_owner_profile_link: `${publicUrl}/user/${item.owner.username}`,
    offer_owner_feedback_positive: item.owner.feedbackPositiveCount,
    offer_owner_feedback_negative: item.owner.feedbackNegativeCount,
    offer_owner_country_iso: item.owner.userCountryIso,
    last_seen_timestamp: item.owner.lastSeenAt,
    is_featured: item.isFeatured,
    is_blocked: item.isBlocked,
  };
}

/** TradeObject of trade/get, as the caller may see it. */
export function tradeObjectOf(trade: Trade) {
  const decimals = trade.cryptoAmount.decimals;
  const amount = trade.cryptoAmount.amount;
  const isTakerBuying = trade.offer.type === "sell";
  return {
    trade_hash: trade.id,
    offer_hash: trade.offer.id,
    offer_type: trade.offer.type,
    trade_status: tradeStatusName(trade.status),
    offer_terms: trade.paymentDetails.offerTerms,
    trade_details: trade.paymentDetails.instructions,
    payment_window: trade.paymentWindowMinutes,
    fiat_currency_code: trade.currency.code,
    fiat_amount_requested: trade.fiatAmount,
    fiat_price_per_crypto: fiatNumber(trade.fiatPricePerCrypto),
    crypto_currency_code: trade.cryptoCurrencyCode,
    crypto_amount_requested: minorUnits(amount, decimals),
    crypto_amount_total: minorUnits(amount, decimals),
    fee_percentage: Number(trade.feePercent),
    fee_crypto_amount: minorUnits(trade.feeAmount, decimals),
    seller_fee_percentage: Number(trade.feePercent),
    seller_fee_crypto_amount: minorUnits(trade.feeAmount, decimals),
    buyer_fee_percentage: 0,
    buyer_fee_crypto_amount: 0,
    payment_method_name: trade.paymentMethod.name.original,
    payment_method_slug: trade.paymentMethod.slug,
    buyer_name: trade.buyer.username,
    seller_name: trade.seller.username,
    payer_name: trade.paymentDetails.payerName,
    started_at: paxfulTime(trade.startedAt),
    paid_at: paxfulTime(trade.paidAt),
    completed_at: paxfulTime(trade.completedAt),
    cancelled_at: paxfulTime(trade.cancelledAt),
    escrow_funded_at: paxfulTime(trade.startedAt),
    flow_type_slug: trade.flow.type,
    source_slug: "main",
    is_taker_buying: isTakerBuying,
  };
}

/** What the caller may do now, in Paxful's words. */
export function supportedActionsOf(trade: Trade): string[] {
  const actions: string[] = [];
  if (trade.actions.canMarkPaid) actions.push("paid");
  if (trade.actions.canRelease) actions.push("release");
  if (trade.actions.canCancel) actions.push("cancel");
  if (trade.actions.canDispute) actions.push("dispute");
  return actions;
}

/** A row of trade/list. */
export function tradeListItemOf(summary: TradeSummary) {
  return {
    trade_hash: summary.id,
    offer_type: summary.offerType,
    trade_status: tradeStatusName(summary.status),
    started_at: paxfulTime(summary.startedAt),
    fiat_currency_code: summary.fiatCurrencyCode,
    fiat_amount_requested: summary.fiatAmount,
    crypto_currency_code: summary.cryptoCurrencyCode,
    payment_method_name: summary.paymentMethodName,
    responder_username: summary.partner.username,
  };
}

/** A chat message of trade-chat/get, with its attachments as image hashes. */
export function chatMessageOf(item: ChatItem, tradeHash: string) {
  if (item.kind === "system") {
    return {
      id: item.id,
      timestamp: unixSeconds(item.createdAt),
      type: `trade_${item.status ?? item.event}`,
      trade_hash: tradeHash,
      author: null,
      text: null,
      is_for_moderator: false,
      sent_by_moderator: false,
    };
  }
  return {
    id: item.id,
    timestamp: unixSeconds(item.createdAt),
    type: item.attachments.length > 0 ? "trade_attach_uploaded" : "msg",
    trade_hash: tradeHash,
    author: item.author.username,
    text: item.text,
    is_for_moderator: false,
    sent_by_moderator: item.kind === "moderator",
  };
}
