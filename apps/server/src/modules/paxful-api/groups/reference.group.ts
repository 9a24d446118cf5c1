import { formatDecimal, multiplyDecimal, parseDecimal, roundDecimal } from "@souk/money";
import {
  getCurrentRates,
  listFiatCurrencies,
  listPaymentMethodGroups,
  listPaymentMethods,
} from "../../reference/index.ts";
import { defineAction } from "../paxful.action.ts";

/** One coin's price in a fiat currency from the USD rates, for display (2 decimals). */
function priceIn(cryptoUsd: string | undefined, fiatPerUsd: string | undefined): number | null {
  if (!cryptoUsd || !fiatPerUsd) return null;
  return Number(
    formatDecimal(roundDecimal(multiplyDecimal(parseDecimal(cryptoUsd), parseDecimal(fiatPerUsd)), 2, "half_up")),
  );
}

export const referenceActions = [
  defineAction({
    path: "payment-method/list",
    summary: "Payment methods: name, slug and Souk's id (payment_method takes either)",
    isPublic: true,
    run: async (context) =>
      (await listPaymentMethods(context.db, {})).map((method) => ({
        id: method.id,
        name: method.name,
        slug: method.slug,
        group: method.groupSlug,
      })),
  }),
  defineAction({
    path: "payment-method-group/list",
    summary: "Payment method groups",
    isPublic: true,
    run: async (context, input) =>
      (await listPaymentMethodGroups(context.db, input.locale)).map((group) => ({
        name: group.name,
        slug: group.slug,
        name_localized: group.nameLocalized,
        description: { original: group.name, localized: group.nameLocalized },
      })),
  }),
  defineAction({
    path: "currency/list",
    summary: "Fiat currencies with the price of each coin in them",
    isPublic: true,
    run: async (context, input) => {
      const [{ currencies }, rates] = await Promise.all([
        listFiatCurrencies(context.db, input.locale),
        getCurrentRates(context.db),
      ]);
      const rows = currencies.map((currency) => ({
        code: currency.code,
        name: currency.name,
        name_localized: currency.nameLocalized,
        rate: {
          usd: rates.fiatPerUsd[currency.code] ? Number(rates.fiatPerUsd[currency.code]) : null,
          btc: priceIn(rates.cryptoUsd.BTC, rates.fiatPerUsd[currency.code]),
          eth: priceIn(rates.cryptoUsd.ETH, rates.fiatPerUsd[currency.code]),
          usdt: priceIn(rates.cryptoUsd.USDT, rates.fiatPerUsd[currency.code]),
        },
      }));
      return { count: rows.length, currencies: rows };
    },
  }),
  defineAction({
    path: "currency/rates",
    summary: "Fiat currencies with their BTC and USD rates",
    isPublic: true,
    run: async (context) => {
      const [{ currencies }, rates] = await Promise.all([listFiatCurrencies(context.db), getCurrentRates(context.db)]);
      return currencies.map((currency) => ({
        code: currency.code,
        name: currency.name,
        rate_BTC: priceIn(rates.cryptoUsd.BTC, rates.fiatPerUsd[currency.code]),
        rate_USD: rates.fiatPerUsd[currency.code] ? Number(rates.fiatPerUsd[currency.code]) : null,
      }));
    },
  }),
  defineAction({
    path: "currency/btc",
    summary: "The price of one BTC in USD",
    isPublic: true,
    run: async (context) => {
      const rates = await getCurrentRates(context.db);
      return { price: rates.cryptoUsd.BTC ? Number(rates.cryptoUsd.BTC) : null, currency: "USD" };
    },
  }),
];
