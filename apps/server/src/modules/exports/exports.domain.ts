import {
  COMPLETED_TRADE_FILTERS,
  type CompletedTradeFilter,
  type ExportCreateRequest,
  type ExportFilters,
  type ExportFormat,
  type TradeHistoryFilters,
  type TradeSummary,
} from "@souk/contracts";
import type { ExportRow } from "./exports.render.ts";

/** The filters as stored with the export: every key present, null when not chosen. */
export function filtersOf(input: ExportCreateRequest): ExportFilters {
  return {
    cryptoCurrencyCode: input.cryptoCurrencyCode ?? null,
    offerType: input.offerType ?? null,
    paymentMethodId: input.paymentMethodId ?? null,
    status: input.status ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
  };
}

/**
 * The trade history's filters for an export. The spec's export filter is called `status`; it
 * takes a completed-trade filter word (all, successful, ...) or one trade status, and the trade
 * history has a field for each.
 */
export function historyFiltersOf(filters: ExportFilters): Partial<TradeHistoryFilters> {
  const status = filters.status;
  const isFilterWord = status !== null && (COMPLETED_TRADE_FILTERS as readonly string[]).includes(status);
  return {
    filter: isFilterWord ? (status as CompletedTradeFilter) : "all",
    ...(status !== null && !isFilterWord ? { status: status as TradeHistoryFilters["status"] } : {}),
    ...(filters.cryptoCurrencyCode ? { cryptoCurrencyCode: filters.cryptoCurrencyCode } : {}),
    ...(filters.offerType ? { offerType: filters.offerType } : {}),
    ...(filters.paymentMethodId ? { paymentMethodId: filters.paymentMethodId } : {}),
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
}

export function exportFileName(format: ExportFormat, filters: Pick<ExportFilters, "startDate" | "endDate">): string {
  return `trade-history-${filters.startDate}-to-${filters.endDate}.${format}`;
}

export function toExportRow(trade: TradeSummary): ExportRow {
  return {
    tradeId: trade.id,
    startedAt: trade.startedAt,
    completedAt: trade.completedAt,
    cancelledAt: trade.cancelledAt,
    status: trade.status,
    side: trade.side,
    offerType: trade.offerType,
    partner: trade.partner.username,
    cryptoAmount: trade.cryptoAmount,
    cryptoCurrencyCode: trade.cryptoCurrencyCode,
    feeAmount: trade.feeAmount,
    fiatAmount: trade.fiatAmount,
    fiatCurrencyCode: trade.fiatCurrencyCode,
    fiatPricePerCrypto: trade.fiatPricePerCrypto,
    paymentMethod: trade.paymentMethodName,
  };
}

/** Reading the trades is most of the work: it fills the bar up to 80; writing the file takes it to 100. */
export function readingProgress(read: number, total: number): number {
  if (total <= 0) return 80;
  return Math.min(80, Math.floor((read / total) * 80));
}
