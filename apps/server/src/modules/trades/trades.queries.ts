import type { recentTradeSchema, tradeReceiptSchema } from "@souk/contracts";
import {
  type CompletedTradeFilter,
  type PageMeta,
  pageMeta,
  TRADE_ACTIVE_STATUSES,
  TRADE_CANCELLED_STATUSES,
  TRADE_RULES,
  TRADE_SUCCESSFUL_STATUSES,
  type TradeHistoryFilters,
  type TradeStatistics,
  type TradeStatus,
  type TradeSummary,
} from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { z } from "zod";
import type { Db } from "../../db/pool.ts";
import { inputError, isPublicId } from "../../platform/index.ts";
import * as errors from "./trades.errors.ts";
import * as listsRepo from "./trades.lists.repo.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";
import { cryptoAmountOf, toTradeSummary, tradeUrl } from "./trades.view.ts";

/** Lists and figures of trades: active trades, history, recent trades, statistics, the receipt. */

const FILTER_STATUSES: Record<CompletedTradeFilter, readonly TradeStatus[] | undefined> = {
  all: undefined,
  successful: TRADE_SUCCESSFUL_STATUSES,
  cancelled: TRADE_CANCELLED_STATUSES,
  disputed: undefined,
  dispute: ["dispute_open"],
  expired: ["expired"],
};

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(text: string, field: string): Date {
  const match = DAY_PATTERN.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw inputError({ [field]: ["date_invalid"] });
  }
  return date;
}

/** The repository filter of the history filters (docs/product.md#trade-history-and-figures). */
function toListFilter(userId: number, filters: Partial<TradeHistoryFilters>): listsRepo.TradeListFilter {
  const byFilter = FILTER_STATUSES[filters.filter ?? "all"];
  const statuses = filters.status
    ? (byFilter ?? [filters.status]).filter((status) => status === filters.status)
    : byFilter;
  const startedFrom = filters.startDate ? parseDay(filters.startDate, "startDate") : undefined;
  const endDay = filters.endDate ? parseDay(filters.endDate, "endDate") : undefined;
  if (startedFrom && endDay && endDay.getTime() < startedFrom.getTime())
    throw inputError({ endDate: ["date_before_start"] });
  return {
    userId,
    ...(statuses ? { statuses } : {}),
    ...(filters.filter === "disputed" ? { isDisputed: true } : {}),
    ...(filters.cryptoCurrencyCode ? { cryptoCurrencyCode: filters.cryptoCurrencyCode } : {}),
    ...(filters.offerType ? { offerType: filters.offerType } : {}),
    ...(filters.paymentMethodId ? { paymentMethodId: filters.paymentMethodId } : {}),
    ...(startedFrom ? { startedFrom } : {}),
    ...(endDay ? { startedBefore: new Date(endDay.getTime() + 86_400_000) } : {}),
  };
}

async function summaries(db: Db, userId: number, rows: repo.TradeRow[]): Promise<TradeSummary[]> {
  const parties = await peopleRepo.findParties(
    db,
    rows.flatMap((row) => [row.buyer_id, row.seller_id]),
  );
  const now = new Date();
  return rows.map((row) => toTradeSummary(row, userId, parties, now));
}

/**
 * A page of a user's trades, newest first (trade history, and the exports module's door). An
 * empty status set (a status outside the chosen filter) answers an empty page.
 */
export async function listTradeHistory(
  db: Db,
  userId: number,
  filters: Partial<TradeHistoryFilters>,
  paging: { limit: number; offset: number },
): Promise<{ total: number; items: TradeSummary[] }> {
  const filter = toListFilter(userId, filters);
  if (filter.statuses && filter.statuses.length === 0) return { total: 0, items: [] };
  const { total, rows } = await listsRepo.listUserTrades(db, filter, paging);
  return { total, items: await summaries(db, userId, rows) };
}

/** GET /rest/v1/trade/history. */
export async function getTradeHistory(
  db: Db,
  userId: number,
  query: TradeHistoryFilters & { page: number; perPage: number },
): Promise<{ items: TradeSummary[]; meta: PageMeta & { filter: CompletedTradeFilter } }> {
  const { total, items } = await listTradeHistory(db, userId, query, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items, meta: { ...pageMeta(total, query.page, query.perPage), filter: query.filter } };
}

/** The most active trades one list shows; more than this is not a person's workload. */
const ACTIVE_LIST_MAX = 200;

/** GET /rest/v1/trade/active: the viewer's open trades, the ones waiting for them flagged. */
export async function listActiveTrades(db: Db, userId: number) {
  const { rows } = await listsRepo.listUserTrades(
    db,
    { userId, statuses: TRADE_ACTIVE_STATUSES },
    { limit: ACTIVE_LIST_MAX, offset: 0 },
  );
  const items = await summaries(db, userId, rows);
  return {
    items,
    meta: {
      counts: {
        buy: items.filter((item) => item.side === "bought").length,
        sell: items.filter((item) => item.side === "sold").length,
      },
      alarmed: items.filter((item) => item.isAlarmed).map((item) => item.id),
      pollIntervalMs: TRADE_RULES.activeTradesPollMs,
    },
  };
}

/** GET /rest/v1/users/me/contacts/recent-trades: the viewer's latest trades with their partners. */
export async function listRecentTrades(
  db: Db,
  userId: number,
  page: { page: number; perPage: number },
): Promise<{ items: z.infer<typeof recentTradeSchema>[]; meta: PageMeta }> {
  const { total, rows } = await listsRepo.listUserTrades(
    db,
    { userId },
    { limit: page.perPage, offset: (page.page - 1) * page.perPage },
  );
  const parties = await peopleRepo.findParties(
    db,
    rows.flatMap((row) => [row.buyer_id, row.seller_id]),
  );
  const items = rows.map((row) => {
    const isBuyer = Number(row.buyer_id) === userId;
    const partner = parties.get(String(isBuyer ? row.seller_id : row.buyer_id));
    return {
      id: row.id_hashed,
      url: tradeUrl(row.id_hashed),
      partner: {
        username: partner?.username ?? "",
        avatarUrl: partner?.avatar_url ?? null,
        countryIso: partner?.country_iso ?? null,
      },
      side: isBuyer ? ("bought" as const) : ("sold" as const),
      status: row.status,
      cryptoAmount: cryptoAmountOf(row),
      cryptoCurrencyCode: row.crypto_currency_code,
      fiatAmount: row.fiat_amount,
      fiatCurrencyCode: row.fiat_currency_code,
      paymentMethodName: row.payment_method_name,
      startedAt: row.started_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
    };
  });
  return { items, meta: pageMeta(total, page.page, page.perPage) };
}

/** GET /rest/v1/trade/statistics. */
export async function getTradeStatistics(db: Db, userId: number): Promise<TradeStatistics> {
  const { counts, crypto, fiat, partners } = await listsRepo.tradeStatistics(db, userId);
  return {
    totalTrades: counts?.total ?? 0,
    activeTrades: counts?.active ?? 0,
    successfulTrades: counts?.successful ?? 0,
    cancelledTrades: counts?.cancelled ?? 0,
    expiredTrades: counts?.expired ?? 0,
    disputedTrades: counts?.disputed ?? 0,
    asBuyer: counts?.as_buyer ?? 0,
    asSeller: counts?.as_seller ?? 0,
    partners,
    cryptoVolumes: crypto.map((row) => ({
      cryptoCurrencyCode: row.code,
      bought: formatAmount(BigInt(row.bought), row.decimals),
      sold: formatAmount(BigInt(row.sold), row.decimals),
      total: formatAmount(BigInt(row.bought) + BigInt(row.sold), row.decimals),
    })),
    fiatVolumes: fiat.map((row) => ({ fiatCurrencyCode: row.code, total: row.total })),
  };
}

/** GET /rest/v1/trade/{id}/receipt (public): released trades only, and nothing about who traded. */
export async function getTradeReceipt(db: Db, idHashed: string): Promise<z.infer<typeof tradeReceiptSchema>> {
  const row = isPublicId(idHashed) ? await repo.findTradeByIdHashed(db, idHashed) : undefined;
  if (row?.status !== "released" || !row.completed_at) throw errors.tradeNotFound();
  return {
    id: row.id_hashed,
    status: "released",
    cryptoAmount: cryptoAmountOf(row),
    cryptoCurrencyCode: row.crypto_currency_code,
    fiatAmount: row.fiat_amount,
    fiatCurrencyCode: row.fiat_currency_code,
    fiatPricePerCrypto: row.fiat_price_per_crypto,
    paymentMethodName: row.payment_method_name,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at.toISOString(),
  };
}
