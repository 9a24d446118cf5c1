import {
  OFFER_LIMITS,
  type OfferCreateRequest,
  offerListQuerySchema,
  offerViewQuerySchema,
  type PaxfulInput,
} from "@souk/contracts";
import { divideDecimal, formatDecimal, parseDecimal } from "@souk/money";
import { setOfferStatus, toggleAllOffers } from "../../my-offers/index.ts";
import {
  createOffer,
  deleteOffer,
  editOwnOffer,
  getOfferView,
  listOffers,
  listOwnOffers,
  listTags,
  updateOffer,
} from "../../offers/index.ts";
import { type ActionContext, defineAction, viewerOf } from "../paxful.action.ts";
import { invalidParameters, missingParameters, unknownOfferType } from "../paxful.errors.ts";
import { offerAllObjectOf, offerObjectOf } from "../paxful.shapes.ts";
import { resolvePaymentMethodSlug } from "./payment-methods.ts";

/** The listing's own page limit: a larger one fails the listing's query schema (a 500 in offer/prices once). */
const LISTING_LIMIT_MAX = OFFER_LIMITS.listingLimitMax;

function publicUrl(context: ActionContext): string {
  return context.deps.config.PUBLIC_URL ?? `http://localhost:${context.deps.config.PORT}`;
}

function csv(text: string | undefined): string[] | undefined {
  return text === undefined
    ? undefined
    : text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
}

/** Paxful's offer fields as Souk's offer payload; the offers module checks every rule. */
async function offerPayloadOf(
  context: ActionContext,
  input: Partial<PaxfulInput<"offer/create">>,
  isCreate: boolean,
): Promise<OfferCreateRequest> {
  const payload: OfferCreateRequest = {};
  if (input.offer_type_field !== undefined) {
    const type = input.offer_type_field.toLowerCase();
    if (type !== "buy" && type !== "sell") throw unknownOfferType();
    payload.type = type;
  }
  if (input.currency !== undefined) payload.fiatCurrencyCode = input.currency;
  if (input.crypto_currency !== undefined) payload.cryptoCurrencyCode = input.crypto_currency;
  // Paxful's offers are in BTC unless crypto_currency says otherwise.
  else if (isCreate) payload.cryptoCurrencyCode = "BTC";
  if (input.payment_method !== undefined)
    payload.paymentMethodSlug = await resolvePaymentMethodSlug(context.db, input.payment_method);
  if (input.fixed_price !== undefined && input.is_fixed_price !== false) {
    payload.priceType = "fixed";
    payload.fixedPrice = input.fixed_price;
  } else if (input.margin !== undefined) {
    payload.priceType = "margin";
    payload.margin = input.margin;
  } else if (input.is_fixed_price === true) {
    throw missingParameters(["fixed_price"]);
  }
  if (input.predefined_amount !== undefined) {
    payload.rangeType = "predefined";
    payload.predefinedAmounts = csv(input.predefined_amount) ?? [];
  } else if (input.range_min !== undefined || input.range_max !== undefined) {
    payload.rangeType = "min_max";
  }
  if (input.range_min !== undefined) payload.fiatLimitMin = input.range_min;
  if (input.range_max !== undefined) payload.fiatLimitMax = input.range_max;
  if (input.payment_window !== undefined) payload.paymentWindowMinutes = input.payment_window;
  if (input.offer_terms !== undefined) payload.offerTerms = input.offer_terms;
  if (input.trade_details !== undefined) payload.tradeDetails = input.trade_details;
  if (input.payment_method_label !== undefined) payload.label = input.payment_method_label;
  if (input.tags !== undefined) payload.tags = csv(input.tags) ?? [];
  if (input.require_min_past_trades !== undefined) payload.requireMinPastTrades = input.require_min_past_trades;
  if (input.show_only_trusted_user !== undefined) payload.showOnlyTrustedUser = input.show_only_trusted_user;
  if (input.country_limitation_type === "allowed") payload.availableIn = csv(input.country_limitation_list) ?? [];
  return payload;
}

/** Paxful's offer_type is the taker's side, as Souk's listing type; `type` is the owner's side. */
function listingSideOf(input: PaxfulInput<"offer/all">): "buy" | "sell" {
  if (input.offer_type) return input.offer_type;
  if (input.type) return input.type === "sell" ? "buy" : "sell";
  throw missingParameters(["offer_type"]);
}

export const offerActions = [
  defineAction({
    path: "offer/all",
    summary: "The marketplace's offers (offer_type is the taker's side; type the owner's)",
    isPublic: true,
    run: async (context, input) => {
      const limit = input.limit ?? 50;
      if (limit < 1 || limit > LISTING_LIMIT_MAX) throw invalidParameters(["limit"]);
      const query = offerListQuerySchema.safeParse({
        type: listingSideOf(input),
        paymentMethod: input.payment_method,
        group: input.group,
        currencyCode: input.currency_code,
        cryptoCurrencyCode: input.crypto_currency_code?.toUpperCase(),
        fiatMin: input.fiat_min,
        limit: String(limit),
        offset: String(input.offset ?? 0),
      });
      if (!query.success) throw invalidParameters(query.error.issues.map((issue) => issue.path.join(".")));
      const answer = await listOffers(context.readDb, context.caller?.viewer ?? null, query.data);
      const offers = answer.items.map((item) => offerAllObjectOf(item, publicUrl(context)));
      return {
        count: offers.length,
        limit: answer.meta.limit,
        offset: answer.meta.offset,
        // Souk's listing pages without counting all matches: the total is known to be at least this.
        totalCount: answer.meta.offset + offers.length + (answer.meta.hasMore ? 1 : 0),
        has_more: answer.meta.hasMore,
        offers,
      };
    },
  }),
  defineAction({
    path: "offer/get",
    summary: "One offer, flat, with its trade details",
    notFoundAs: "offer",
    run: async (context, input) => {
      const view = await getOfferView(
        context.db,
        viewerOf(context),
        input.offer_hash,
        offerViewQuerySchema.parse({}),
        context.deps.config,
      );
      return offerObjectOf(view.offer, publicUrl(context));
    },
  }),
  defineAction({
    path: "offer/list",
    summary: "The caller's own offers",
    run: async (context, input) => {
      const viewer = viewerOf(context);
      const own = await listOwnOffers(context.db, {
        ownerId: viewer.userId,
        type: input.offer_type,
        limit: 500,
        offset: 0,
      });
      const offers = own
        .map(({ offer }) => offer)
        .filter((offer) => input.active === undefined || offer.isActive === input.active)
        .map((offer) => offerObjectOf(offer, publicUrl(context)));
      return { count: offers.length, offers };
    },
  }),
  defineAction({
    path: "offer/create",
    summary: "Publish an offer (payment_method: a slug or a Souk payment method id)",
    run: async (context, input) => {
      const payload = await offerPayloadOf(context, input, true);
      const offer = await createOffer(context.db, viewerOf(context), { ...payload, isActive: true }, context.features);
      return { success: true, offer_hash: offer.idHashed };
    },
  }),
  defineAction({
    path: "offer/update",
    summary: "Change an own offer's fields",
    notFoundAs: "offer",
    run: async (context, input) => {
      const payload = await offerPayloadOf(context, input, false);
      await updateOffer(context.db, viewerOf(context), input.offer_hash, payload, context.features);
      return { success: true };
    },
  }),
  defineAction({
    path: "offer/update-price",
    summary: "Change an own offer's margin or fixed price (exactly one of them)",
    notFoundAs: "offer",
    run: async (context, input) => {
      if ((input.margin === undefined) === (input.fixed_price === undefined))
        throw missingParameters(["margin or fixed_price"]);
      const payload: OfferCreateRequest =
        input.margin !== undefined
          ? { priceType: "margin", margin: input.margin }
          : { priceType: "fixed", fixedPrice: input.fixed_price ?? null };
      await editOwnOffer(context.db, viewerOf(context), input.offer_hash, payload, context.features);
      return { success: true };
    },
  }),
  defineAction({
    path: "offer/activate",
    summary: "Switch an own offer on",
    notFoundAs: "offer",
    run: async (context, input) => {
      await setOfferStatus(context.db, viewerOf(context), input.offer_hash, true, context.features);
      return { success: true };
    },
  }),
  defineAction({
    path: "offer/deactivate",
    summary: "Switch an own offer off",
    notFoundAs: "offer",
    run: async (context, input) => {
      await setOfferStatus(context.db, viewerOf(context), input.offer_hash, false, context.features);
      return { success: true };
    },
  }),
  defineAction({
    path: "offer/delete",
    summary: "Delete an own offer",
    notFoundAs: "offer",
    run: async (context, input) => {
      await deleteOffer(context.db, viewerOf(context), input.offer_hash);
      return { success: true };
    },
  }),
  defineAction({
    path: "offer/turn-on",
    summary: "Switch every own offer on",
    run: async (context) => {
      const answer = await toggleAllOffers(context.db, viewerOf(context), true);
      return { count: answer.offers.filter((offer) => offer.isActive).length };
    },
  }),
  defineAction({
    path: "offer/turn-off",
    summary: "Switch every own offer off",
    run: async (context) => {
      const answer = await toggleAllOffers(context.db, viewerOf(context), false);
      return { count: answer.offers.filter((offer) => !offer.isActive).length };
    },
  }),
  defineAction({
    path: "offer/price",
    summary: "An offer's price per coin in USD",
    notFoundAs: "offer",
    run: async (context, input) => {
      const { offer } = await getOfferView(
        context.db,
        viewerOf(context),
        input.offer_hash,
        offerViewQuerySchema.parse({}),
        context.deps.config,
      );
      const fiatPerUsd = offer.fiatCurrency.rate.usd;
      const usd =
        fiatPerUsd && parseDecimal(fiatPerUsd).units !== 0n
          ? formatDecimal(divideDecimal(parseDecimal(offer.fiatPricePerCrypto), parseDecimal(fiatPerUsd), 2, "half_up"))
          : null;
      return {
        price: usd === null ? null : Number(usd),
        currency: "USD",
        crypto_currency: offer.altCoin.code.toLowerCase(),
      };
    },
  }),
  defineAction({
    path: "offer/prices",
    summary: "Prices of the listed offers of a payment method, by offer hash",
    run: async (context, input) => {
      const slug = await resolvePaymentMethodSlug(context.db, input.payment_method);
      const prices: Record<
        string,
        { price: number | null; currency: string; offer_type: string; crypto_currency: string }
      > = {};
      for (const side of ["buy", "sell"] as const) {
        const query = offerListQuerySchema.parse({ type: side, paymentMethod: slug, limit: String(LISTING_LIMIT_MAX) });
        const answer = await listOffers(context.readDb, viewerOf(context), query);
        for (const item of answer.items) {
          prices[item.idHashed] = {
            price: Number(item.fiatPricePerCrypto),
            currency: item.fiatCurrencyCode,
            offer_type: item.type,
            crypto_currency: item.cryptoCurrencyCode.toLowerCase(),
          };
        }
      }
      return { count: Object.keys(prices).length, prices };
    },
  }),
  defineAction({
    path: "offer-tag/list",
    summary: "The offer tags",
    isPublic: true,
    run: async (context) => {
      const tags = await listTags(context.db, {});
      return { page: 1, limit: tags.length, count: tags.length, tags };
    },
  }),
];
