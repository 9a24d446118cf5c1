import type { CryptoCurrencyView } from "@souk/contracts";

/** An answer of the API as fetch gives it: a JSON body with its status. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Bitcoin as the reference endpoints describe it. */
export const btcCurrency: CryptoCurrencyView = {
  id: 1,
  code: "BTC",
  urlParam: "bitcoin",
  fullName: "Bitcoin",
  rate: "87350",
  icon: "btc",
  formattingDecimalsCount: 8,
  shortName: "BTC",
  isStablecoin: false,
  precision: 8,
  fiatPrecision: 2,
  maxPrecision: 8,
  isBlocked: false,
};
