import type {
  Country,
  CountryFilterQuery,
  CountryListQuery,
  CryptoCurrencyView,
  FiatCurrency,
  Language,
  PaymentMethod,
  PaymentMethodGroup,
  PaymentMethodQuery,
  Timezone,
} from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { getCurrentRates } from "./rates.service.ts";
import {
  type CountryRef,
  type CryptoCurrency,
  countryFilterOf,
  isStoredId,
  resolveLocale,
  toCountry,
  toCountryRef,
  toCryptoCurrency,
  toCryptoCurrencyView,
  toFiatCurrency,
  toLanguage,
  toPaymentMethod,
  toPaymentMethodGroup,
  toTimezones,
} from "./reference.domain.ts";
import { currencyNotFound, paymentMethodNotFound, unknownFilterValue } from "./reference.errors.ts";
import * as repo from "./reference.repo.ts";

// ---- fiat currencies -----------------------------------------------------------------------

export async function listFiatCurrencies(
  db: Db,
  locale?: string,
): Promise<{ currencies: FiatCurrency[]; popularCurrencies: string[] }> {
  const language = resolveLocale(locale);
  const currencies = (await repo.listFiatCurrencies(db)).map((row) => toFiatCurrency(row, language));
  return { currencies, popularCurrencies: currencies.filter((item) => item.isPopular).map((item) => item.code) };
}

/** GET /rest/v2/currencies/{code}: codes are matched without regard to case. */
export async function getFiatCurrency(db: Db, code: string, locale?: string): Promise<FiatCurrency> {
  const currency = await getFiatCurrencyByCode(db, code, locale);
  if (!currency) throw currencyNotFound();
  return currency;
}

export async function getFiatCurrencyById(db: Db, id: number, locale?: string): Promise<FiatCurrency | null> {
  if (!isStoredId(id)) return null;
  const row = await repo.findFiatCurrencyById(db, id);
  return row ? toFiatCurrency(row, resolveLocale(locale)) : null;
}

export async function getFiatCurrencyByCode(db: Db, code: string, locale?: string): Promise<FiatCurrency | null> {
  const row = await repo.findFiatCurrencyByCode(db, code.trim().toUpperCase());
  return row ? toFiatCurrency(row, resolveLocale(locale)) : null;
}

// ---- crypto currencies ---------------------------------------------------------------------

export async function listCryptoCurrencies(db: Db): Promise<CryptoCurrency[]> {
  return (await repo.listCryptoCurrencies(db)).map(toCryptoCurrency);
}

export async function getCryptoCurrencyByCode(db: Db, code: string): Promise<CryptoCurrency | null> {
  const row = await repo.findCryptoCurrencyByCode(db, code.trim().toUpperCase());
  return row ? toCryptoCurrency(row) : null;
}

/** GET /rest/v2/wallet/crypto-currencies: every crypto currency with its USD price. */
export async function listWalletCryptoCurrencies(db: Db): Promise<CryptoCurrencyView[]> {
  const [currencies, rates] = await Promise.all([listCryptoCurrencies(db), getCurrentRates(db)]);
  return currencies.map((currency) => toCryptoCurrencyView(currency, rates.cryptoUsd[currency.code] ?? null));
}

/** GET /rest/v2/wallet/crypto-currencies/rates: code -> USD price, for the currencies that have one. */
export async function getCryptoUsdRates(db: Db): Promise<{ rates: Record<string, string>; asOf: string | null }> {
  const [currencies, current] = await Promise.all([repo.listCryptoCurrencies(db), getCurrentRates(db)]);
  const rates: Record<string, string> = {};
  for (const currency of currencies) {
    const rate = current.cryptoUsd[currency.code];
    if (rate !== undefined) rates[currency.code] = rate;
  }
  return { rates, asOf: current.asOf };
}

// ---- payment methods -----------------------------------------------------------------------

/** How long the per-method offer counts are reused: they are a rough figure for pickers. */
const SELL_QUANTITY_TTL_MS = 60_000;
const sellQuantityCache = new WeakMap<Db, { at: number; value: Promise<Map<number, number>> }>();

/** Listed sell offers per payment method, counted at most once a minute per process. */
function sellQuantitiesOf(db: Db): Promise<Map<number, number>> {
  const cached = sellQuantityCache.get(db);
  if (cached && Date.now() - cached.at < SELL_QUANTITY_TTL_MS) return cached.value;
  const value = repo.countListedSellOffersByMethod(db);
  sellQuantityCache.set(db, { at: Date.now(), value });
  value.catch(() => sellQuantityCache.delete(db));
  return value;
}

async function shapePaymentMethods(
  db: Db,
  rows: repo.PaymentMethodWithGroupRow[],
  language: string,
): Promise<PaymentMethod[]> {
  const quantities = rows.length > 0 ? await sellQuantitiesOf(db) : new Map<number, number>();
  return rows.map((row) => toPaymentMethod(row, language, quantities));
}

/** An unknown group slug or currency code is an input error, not an empty list. */
export async function listPaymentMethods(db: Db, query: PaymentMethodQuery): Promise<PaymentMethod[]> {
  const filter: repo.PaymentMethodFilter = {};
  if (query.group !== undefined) {
    const group = await repo.findPaymentMethodGroupBySlug(db, query.group.trim().toLowerCase());
    if (!group) throw unknownFilterValue("group");
    filter.groupId = group.id;
  }
  if (query.currency !== undefined) {
    const currency = await repo.findFiatCurrencyByCode(db, query.currency.trim().toUpperCase());
    if (!currency) throw unknownFilterValue("currency");
    filter.currencyCode = currency.code;
  }
  const language = resolveLocale(query.locale);
  return shapePaymentMethods(db, await repo.listPaymentMethods(db, filter), language);
}

export async function listPopularPaymentMethods(db: Db, locale?: string): Promise<PaymentMethod[]> {
  const language = resolveLocale(locale);
  return shapePaymentMethods(db, await repo.listPaymentMethods(db, { isPopular: true }), language);
}

export async function listPaymentMethodGroups(db: Db, locale?: string): Promise<PaymentMethodGroup[]> {
  const language = resolveLocale(locale);
  return (await repo.listPaymentMethodGroups(db)).map((row) => toPaymentMethodGroup(row, language));
}

/** GET /rest/v2/payment-methods/{slug}. */
export async function getPaymentMethod(db: Db, slug: string, locale?: string): Promise<PaymentMethod> {
  const method = await getPaymentMethodBySlug(db, slug, locale);
  if (!method) throw paymentMethodNotFound();
  return method;
}

export async function getPaymentMethodBySlug(db: Db, slug: string, locale?: string): Promise<PaymentMethod | null> {
  const rows = await repo.listPaymentMethods(db, { slug: slug.trim().toLowerCase() });
  return (await shapePaymentMethods(db, rows, resolveLocale(locale)))[0] ?? null;
}

export async function getPaymentMethodById(db: Db, id: number, locale?: string): Promise<PaymentMethod | null> {
  if (!isStoredId(id)) return null;
  const rows = await repo.listPaymentMethods(db, { id });
  return (await shapePaymentMethods(db, rows, resolveLocale(locale)))[0] ?? null;
}

// ---- countries -----------------------------------------------------------------------------

export interface CountryPage {
  countries: Country[];
  total: number;
  limit: number;
  offset: number;
}

async function pageOfCountries(
  db: Db,
  filter: repo.CountryFilter,
  query: { limit: number; offset: number; locale?: string | undefined },
): Promise<CountryPage> {
  const language = resolveLocale(query.locale);
  const page = await repo.listCountries(db, filter, query.limit, query.offset);
  return {
    countries: page.rows.map((row) => toCountry(row, language)),
    total: page.total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** GET /rest/v1/countries: every country, Worldwide included. */
export async function listAllCountries(db: Db, query: CountryListQuery): Promise<CountryPage> {
  return pageOfCountries(db, { includeIsoNull: true }, query);
}

/** GET /rest/v2/countries with the kyc, important and iso_null filters (see countryFilterOf). */
export async function listCountries(db: Db, query: CountryFilterQuery): Promise<CountryPage> {
  return pageOfCountries(db, countryFilterOf(query), query);
}

/** GET /rest/v2/countries/phone-verification: countries whose numbers can receive codes. */
export async function listPhoneVerificationCountries(db: Db, query: CountryListQuery): Promise<CountryPage> {
  return pageOfCountries(db, { isPhoneVerificationSupported: true, includeIsoNull: false }, query);
}

export async function getCountryByIso(db: Db, iso: string, locale?: string): Promise<CountryRef | null> {
  const row = await repo.findCountryByIso(db, iso.trim().toUpperCase());
  return row ? toCountryRef(row, resolveLocale(locale)) : null;
}

/** Whether numbers of this country (alpha-2) can receive verification codes; unknown countries cannot. */
export async function isPhoneVerificationSupported(db: Db, iso: string): Promise<boolean> {
  const row = await repo.findCountryByIso(db, iso.trim().toUpperCase());
  return row?.is_phone_verification_supported ?? false;
}

// ---- time zones and languages --------------------------------------------------------------

export async function listTimezones(db: Db, at: Date = new Date()): Promise<Timezone[]> {
  return toTimezones(await repo.listTimezones(db), at);
}

export async function listLanguages(db: Db): Promise<Language[]> {
  return (await repo.listLanguages(db)).map(toLanguage);
}
