import type { Db } from "../../db/pool.ts";
import { type CryptoCurrency, getCurrentRates, listCryptoCurrencies, listFiatCurrencies } from "../reference/index.ts";
import * as repo from "./catalog.repo.ts";

/**
 * Reference data the marketplace reads on every request, held in memory. Ids, codes and slugs are
 * fixed by the reference migrations, so a cached copy is never wrong about them; names and new
 * rows show up within CATALOG_TTL_MS. Rates are cached for RATES_TTL_MS: they change daily (or
 * when a feed posts), and one copy per server for a few seconds keeps a query off every listing.
 */
const CATALOG_TTL_MS = 60_000;
const RATES_TTL_MS = 5_000;

interface CatalogPaymentMethod {
  id: number;
  name: string;
  nameLocalized: string;
  slug: string;
  groupId: number;
  groupSlug: string;
  categoryId: number;
  isBinCodeEnabled: boolean;
  iconName: string;
  currencyCodes: string[] | null;
}

interface CatalogFiat {
  id: number;
  code: string;
  name: string;
  decimals: number;
  sortOrder: number;
}

export interface Catalog {
  cryptoById: Map<number, CryptoCurrency>;
  cryptoByCode: Map<string, CryptoCurrency>;
  fiatById: Map<number, CatalogFiat>;
  fiatByCode: Map<string, CatalogFiat>;
  fiatList: CatalogFiat[];
  methodById: Map<number, CatalogPaymentMethod>;
  methodBySlug: Map<string, CatalogPaymentMethod>;
  groupBySlug: Map<string, { id: number; slug: string; name: string }>;
  countryByIso: Map<string, { id: number; iso: string; name: string }>;
}

export interface Market {
  asOf: string | null;
  /** USD per coin by crypto code. */
  cryptoUsd: Record<string, string>;
  /** Fiat units per USD by fiat code. */
  fiatPerUsd: Record<string, string>;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

const catalogs = new WeakMap<Db, Cached<Catalog>>();
const markets = new WeakMap<Db, Cached<Market>>();

async function loadCatalog(db: Db): Promise<Catalog> {
  const [crypto, fiat, methods, groups, countries] = await Promise.all([
    listCryptoCurrencies(db),
    listFiatCurrencies(db),
    repo.listPaymentMethodRows(db),
    repo.listPaymentMethodGroupRows(db),
    repo.listCountryRows(db),
  ]);
  const fiatList = fiat.currencies.map((item, index) => ({
    id: item.id,
    code: item.code,
    name: item.name,
    decimals: item.decimals,
    sortOrder: index + 1,
  }));
  const methodList: CatalogPaymentMethod[] = methods.map((row) => ({
    id: row.id,
    name: row.name,
    nameLocalized: row.names.en ?? row.name,
    slug: row.slug,
    groupId: row.payment_method_group_id,
    groupSlug: row.group_slug,
    categoryId: row.category_id,
    isBinCodeEnabled: row.is_bin_code_enabled,
    iconName: row.icon_name,
    currencyCodes: row.currency_codes,
  }));
  return {
    cryptoById: new Map(crypto.map((item) => [item.id, item])),
    cryptoByCode: new Map(crypto.map((item) => [item.code, item])),
    fiatById: new Map(fiatList.map((item) => [item.id, item])),
    fiatByCode: new Map(fiatList.map((item) => [item.code, item])),
    fiatList,
    methodById: new Map(methodList.map((item) => [item.id, item])),
    methodBySlug: new Map(methodList.map((item) => [item.slug, item])),
    groupBySlug: new Map(groups.map((row) => [row.slug, row])),
    countryByIso: new Map(countries.map((row) => [row.iso, row])),
  };
}

function cached<T>(store: WeakMap<Db, Cached<T>>, db: Db, ttlMs: number, load: (db: Db) => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = store.get(db);
  if (hit && now - hit.at < ttlMs) return hit.value;
  // One load at a time per handle; a failed load is forgotten so the next call tries again.
  const value = load(db);
  store.set(db, { at: now, value });
  value.catch(() => {
    if (store.get(db)?.value === value) store.delete(db);
  });
  return value;
}

export function getCatalog(db: Db): Promise<Catalog> {
  return cached(catalogs, db, CATALOG_TTL_MS, loadCatalog);
}

export function getMarket(db: Db): Promise<Market> {
  return cached(markets, db, RATES_TTL_MS, getCurrentRates);
}
