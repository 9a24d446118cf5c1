/**
 * The offer most API tests trade on: USDT sold for USD at a fixed price of 1, paid in cash, so
 * fiat amounts are crypto amounts (600 USD buys exactly 600 USDT) and assertions read simply.
 */
export function cashSellOfferBody(fiatLimitMax = "5000"): Record<string, string> {
  return {
    type: "sell",
    cryptoCurrencyCode: "USDT",
    fiatCurrencyCode: "USD",
    paymentMethodSlug: "cash-in-person",
    priceType: "fixed",
    fixedPrice: "1",
    margin: "0",
    fiatLimitMin: "10",
    fiatLimitMax,
  };
}
