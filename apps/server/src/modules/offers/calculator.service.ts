import type { Db } from "../../db/pool.ts";
import { getRateHistory } from "../reference/index.ts";
import { coinPrice, priceHistory, RANGE_DAYS } from "./calculator.domain.ts";
import { getCatalog, getMarket } from "./catalog.service.ts";
import { unknownFilterValue } from "./offers.errors.ts";

const USD = "USD";

/** GET /rest/v1/calculator: a coin's daily price in a fiat currency over a range, oldest first. */
export async function getPriceChart(
  db: Db,
  query: { range: keyof typeof RANGE_DAYS; currency: string; cryptoCurrencyCode: string },
): Promise<{ time: number; value: string }[]> {
  const catalog = await getCatalog(db);
  const fiat = catalog.fiatByCode.get(query.currency.toUpperCase());
  if (!fiat) throw unknownFilterValue("currency", "fiat_currency_unknown");
  const crypto = catalog.cryptoByCode.get(query.cryptoCurrencyCode.toUpperCase());
  if (!crypto) throw unknownFilterValue("cryptoCurrencyCode", "crypto_currency_unknown");
  const days = RANGE_DAYS[query.range];
  const [cryptoUsd, fiatPerUsd] = await Promise.all([
    getRateHistory(db, crypto.code, USD, days),
    fiat.code === USD ? Promise.resolve(null) : getRateHistory(db, USD, fiat.code, days),
  ]);
  return priceHistory(cryptoUsd, fiatPerUsd, fiat.decimals);
}

/** GET /rest/v1/calculator/currency: converter currencies with their rates. */
export async function listConverterCurrencies(db: Db) {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const btcUsd = market.cryptoUsd.BTC;
  const usdtUsd = market.cryptoUsd.USDT;
  const currencies = catalog.fiatList.flatMap((fiat) => {
    const perUsd = market.fiatPerUsd[fiat.code];
    if (perUsd === undefined) return [];
    return [
      {
        id: fiat.id,
        name: fiat.name,
        code: fiat.code,
        rate: {
          usd: perUsd,
          btc: btcUsd === undefined ? null : coinPrice(btcUsd, perUsd, fiat.decimals),
          usdt: usdtUsd === undefined ? null : coinPrice(usdtUsd, perUsd, fiat.decimals),
        },
        // The converter starts from a fiat amount of 1 (docs/product.md#converter).
        defaultAmount: "1",
        order: fiat.sortOrder,
      },
    ];
  });
  return { currencies, asOf: market.asOf };
}
