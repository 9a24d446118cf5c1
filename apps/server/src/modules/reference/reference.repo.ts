import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";

/** Localized names by locale, e.g. {"en": "Euro", "fr": "Euro"}. */
export type LocalizedNames = Record<string, string>;

export interface FiatCurrencyRow {
  id: number;
  code: string;
  name: string;
  names: LocalizedNames;
  symbol: string;
  decimals: number;
  is_popular: boolean;
  sort_order: number;
}

export interface CryptoCurrencyRow {
  id: number;
  code: string;
  url_param: string;
  full_name: string;
  short_name: string;
  icon: string;
  decimals: number;
  formatting_decimals_count: number;
  fiat_precision: number;
  max_precision: number;
  is_stablecoin: boolean;
  is_blocked: boolean;
  confirmations_required: number;
  sort_order: number;
}

export interface PaymentMethodGroupRow {
  id: number;
  slug: string;
  name: string;
  names: LocalizedNames;
  sort_order: number;
}

interface PaymentMethodRow {
  id: number;
  name: string;
  names: LocalizedNames;
  slug: string;
  payment_method_group_id: number;
  category_id: number;
  is_bin_code_enabled: boolean;
  icon_name: string;
  is_popular: boolean;
  currency_codes: string[] | null;
  sort_order: number;
}

/** A payment method with its group's slug joined in. */
export type PaymentMethodWithGroupRow = PaymentMethodRow & { group_slug: string };

export interface CountryRow {
  id: number;
  iso: string;
  iso3: string | null;
  name: string;
  names: LocalizedNames;
  phone_code: string | null;
  is_kyc_supported: boolean;
  is_important: boolean;
  is_phone_verification_supported: boolean;
}

export interface TimezoneRow {
  id: number;
  name: string;
  label: string;
}

export interface LanguageRow {
  code: string;
  name: string;
  native_name: string;
  is_ui_supported: boolean;
  sort_order: number;
}

type ReferenceTables = {
  fiat_currencies: FiatCurrencyRow;
  crypto_currencies: CryptoCurrencyRow;
  payment_method_groups: PaymentMethodGroupRow;
  payment_methods: PaymentMethodRow;
  countries: CountryRow;
  timezones: TimezoneRow;
  languages: LanguageRow;
};

function tables(db: Db) {
  return db.withTables<ReferenceTables>();
}

// ---- fiat and crypto currencies ------------------------------------------------------------

export async function listFiatCurrencies(db: Db): Promise<FiatCurrencyRow[]> {
  return tables(db).selectFrom("fiat_currencies").selectAll().orderBy("sort_order").orderBy("code").execute();
}

export async function findFiatCurrencyById(db: Db, id: number): Promise<FiatCurrencyRow | undefined> {
  return tables(db).selectFrom("fiat_currencies").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findFiatCurrencyByCode(db: Db, code: string): Promise<FiatCurrencyRow | undefined> {
  return tables(db).selectFrom("fiat_currencies").selectAll().where("code", "=", code).executeTakeFirst();
}

export async function listCryptoCurrencies(db: Db): Promise<CryptoCurrencyRow[]> {
  return tables(db).selectFrom("crypto_currencies").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export async function findCryptoCurrencyByCode(db: Db, code: string): Promise<CryptoCurrencyRow | undefined> {
  return tables(db).selectFrom("crypto_currencies").selectAll().where("code", "=", code).executeTakeFirst();
}

// ---- payment methods -----------------------------------------------------------------------

export interface PaymentMethodFilter {
  groupId?: number;
  /** Methods usable with this fiat code: those listing it and those open to any currency. */
  currencyCode?: string;
  isPopular?: boolean;
  slug?: string;
  id?: number;
}

export async function listPaymentMethods(
  db: Db,
  filter: PaymentMethodFilter = {},
): Promise<PaymentMethodWithGroupRow[]> {
  let query = tables(db)
    .selectFrom("payment_methods as m")
    .innerJoin("payment_method_groups as g", "g.id", "m.payment_method_group_id")
    .selectAll("m")
    .select("g.slug as group_slug");
  if (filter.groupId !== undefined) query = query.where("m.payment_method_group_id", "=", filter.groupId);
  if (filter.isPopular !== undefined) query = query.where("m.is_popular", "=", filter.isPopular);
  if (filter.slug !== undefined) query = query.where("m.slug", "=", filter.slug);
  if (filter.id !== undefined) query = query.where("m.id", "=", filter.id);
  if (filter.currencyCode !== undefined) {
    const code = filter.currencyCode;
    query = query.where((eb) =>
      eb.or([eb("m.currency_codes", "is", null), eb(sql<string>`${code}`, "=", sql<string>`ANY(m.currency_codes)`)]),
    );
  }
  return query.orderBy("m.sort_order").orderBy("m.id").execute();
}

export async function listPaymentMethodGroups(db: Db): Promise<PaymentMethodGroupRow[]> {
  return tables(db).selectFrom("payment_method_groups").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export async function findPaymentMethodGroupBySlug(db: Db, slug: string): Promise<PaymentMethodGroupRow | undefined> {
  return tables(db).selectFrom("payment_method_groups").selectAll().where("slug", "=", slug).executeTakeFirst();
}

// ---- countries -----------------------------------------------------------------------------

export interface CountryFilter {
  isKycSupported?: boolean;
  isImportant?: boolean;
  isPhoneVerificationSupported?: boolean;
  /** Whether pseudo-countries without an alpha-3 code (Worldwide) are part of the answer. */
  includeIsoNull: boolean;
}

export interface CountryPage {
  rows: CountryRow[];
  total: number;
}

function filteredCountries(db: Db, filter: CountryFilter) {
  let query = tables(db).selectFrom("countries");
  if (filter.isKycSupported !== undefined) query = query.where("is_kyc_supported", "=", filter.isKycSupported);
  if (filter.isImportant !== undefined) query = query.where("is_important", "=", filter.isImportant);
  if (filter.isPhoneVerificationSupported !== undefined) {
    query = query.where("is_phone_verification_supported", "=", filter.isPhoneVerificationSupported);
  }
  if (!filter.includeIsoNull) query = query.where("iso3", "is not", null);
  return query;
}

/** Worldwide first (when included), then by English name, so pages are stable whatever the locale. */
export async function listCountries(
  db: Db,
  filter: CountryFilter,
  limit: number,
  offset: number,
): Promise<CountryPage> {
  const [rows, count] = await Promise.all([
    filteredCountries(db, filter)
      .selectAll()
      .orderBy(sql`iso3 IS NULL`, "desc")
      .orderBy("name")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredCountries(db, filter)
      .select((eb) => eb.fn.countAll<bigint>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findCountryByIso(db: Db, iso: string): Promise<CountryRow | undefined> {
  return tables(db).selectFrom("countries").selectAll().where("iso", "=", iso).executeTakeFirst();
}

// ---- time zones and languages --------------------------------------------------------------

export async function listTimezones(db: Db): Promise<TimezoneRow[]> {
  return tables(db).selectFrom("timezones").selectAll().orderBy("id").execute();
}

export async function listLanguages(db: Db): Promise<LanguageRow[]> {
  return tables(db).selectFrom("languages").selectAll().orderBy("sort_order").orderBy("name").execute();
}

/**
 * Listed sell offers per payment method (the pickers' `sellQuantity`). Offers belong to a module
 * that depends on this one; the count reads their table directly rather than import it back.
 */
export async function countListedSellOffersByMethod(db: Db): Promise<Map<number, number>> {
  const result = await sql<{ payment_method_id: number; n: number }>`
    SELECT payment_method_id, count(*)::integer AS n FROM offers
    WHERE is_listed AND type = 'sell'
    GROUP BY payment_method_id`.execute(db);
  return new Map(result.rows.map((row) => [row.payment_method_id, row.n]));
}
