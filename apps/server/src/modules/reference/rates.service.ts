import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CryptoFiatRates } from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { cryptoFiatRate, HISTORY_DAYS, normalizedRate, parseRatesFile, planRatePoints, USD } from "./rates.domain.ts";
import * as ratesRepo from "./rates.repo.ts";
import { localizedName, resolveLocale } from "./reference.domain.ts";
import * as referenceRepo from "./reference.repo.ts";

/** The rates file shipped with the app; the RATES_FILE setting points elsewhere. */
const DEFAULT_RATES_FILE = path.join(import.meta.dirname, "data", "rates.json");

export interface RatesRefreshResult {
  filePath: string;
  asOf: string;
  /** Rows inserted or changed: 0 when the same file is loaded again. */
  written: number;
  /** Codes in the file that are not currencies here; they were not loaded. */
  skipped: string[];
}

/**
 * Loads a rates file into rate_history: the file's value on its date and a derived daily history
 * before it. Idempotent (one row per pair and day), so every server copy may run it at start-up.
 * A relative path is resolved against the working directory.
 */
export async function refreshRatesFromFile(db: Db, filePath?: string): Promise<RatesRefreshResult> {
  const resolved = path.resolve(filePath || DEFAULT_RATES_FILE);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(resolved, "utf8"));
  } catch (error) {
    throw new Error(`cannot read the rates file ${resolved}: ${(error as Error).message}`);
  }
  const file = parseRatesFile(json);
  const [crypto, fiat] = await Promise.all([
    referenceRepo.listCryptoCurrencies(db),
    referenceRepo.listFiatCurrencies(db),
  ]);
  const plan = planRatePoints(file, {
    crypto: crypto.map((row) => ({ code: row.code, isStablecoin: row.is_stablecoin })),
    fiat: fiat.map((row) => row.code),
  });
  const written = await withTx(db, (tx) => ratesRepo.upsertRatePoints(tx, plan.points));
  return { filePath: resolved, asOf: file.asOf, written, skipped: plan.skipped };
}

export interface CurrentRates {
  /** The most recent day any current rate is from; null when no rates are loaded. */
  asOf: string | null;
  /** USD price of one coin by crypto code: {"BTC": "87350"}. */
  cryptoUsd: Record<string, string>;
  /** Units of each fiat currency per 1 USD: {"EUR": "0.865", "USD": "1"}. */
  fiatPerUsd: Record<string, string>;
}

/**
 * The latest rate of every pair. Offers price with it:
 * fiatPricePerCrypto = cryptoUsd[crypto] × fiatPerUsd[fiat] × (1 + margin).
 */
export async function getCurrentRates(db: Db): Promise<CurrentRates> {
  const rows = await ratesRepo.listLatestRates(db);
  const current: CurrentRates = { asOf: null, cryptoUsd: {}, fiatPerUsd: {} };
  for (const row of rows) {
    const rate = normalizedRate(row.rate);
    // By the table's convention a crypto price is (code, USD) and a fiat rate (USD, code).
    if (row.base_code === USD) current.fiatPerUsd[row.quote_code] = rate;
    else current.cryptoUsd[row.base_code] = rate;
    if (current.asOf === null || row.day > current.asOf) current.asOf = row.day;
  }
  return current;
}

export interface RateHistoryPoint {
  day: string;
  rate: string;
}

/** The last `days` daily points of a pair (for example BTC/USD or USD/EUR), oldest first. */
export async function getRateHistory(
  db: Db,
  baseCode: string,
  quoteCode: string,
  days = HISTORY_DAYS,
): Promise<RateHistoryPoint[]> {
  const rows = await ratesRepo.listRateHistory(db, baseCode, quoteCode, days);
  return rows.map((row) => ({ day: row.day, rate: normalizedRate(row.rate) }));
}

/** Each crypto currency's price in every fiat currency that has a rate (GET /rest/v2/crypto-fiat-rates). */
export async function listCryptoFiatRates(
  db: Db,
  locale: string | undefined,
): Promise<{ rates: CryptoFiatRates[]; asOf: string | null }> {
  const language = resolveLocale(locale);
  const [crypto, fiat, current] = await Promise.all([
    referenceRepo.listCryptoCurrencies(db),
    referenceRepo.listFiatCurrencies(db),
    getCurrentRates(db),
  ]);
  const rates: CryptoFiatRates[] = [];
  for (const coin of crypto) {
    const usdRate = current.cryptoUsd[coin.code];
    if (usdRate === undefined) continue;
    const perFiat = fiat.flatMap((currency) => {
      const fiatPerUsd = current.fiatPerUsd[currency.code];
      if (fiatPerUsd === undefined) return [];
      return [
        {
          fiatCurrencyCode: currency.code,
          fiatCurrencyName: localizedName(currency.names, currency.name, language),
          fiatRate: cryptoFiatRate(usdRate, fiatPerUsd, currency.decimals),
        },
      ];
    });
    rates.push({ cryptoCurrencyCode: coin.code, usdRate, rates: perFiat });
  }
  return { rates, asOf: current.asOf };
}
