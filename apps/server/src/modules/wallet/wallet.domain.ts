import type { LedgerEntryCode, LedgerTransferKind, WalletTransactionType } from "@souk/contracts";
import {
  AmountParseError,
  addDecimal,
  type Decimal,
  decimal,
  formatDecimal,
  multiplyDecimal,
  parseAmount,
  roundDecimal,
  tryParseDecimal,
  ZERO,
} from "@souk/money";
import { BID_REFERENCE_TYPE, type EntryMatch } from "../ledger/index.ts";
import { amountError } from "./wallet.errors.ts";

/**
 * The wallet's pure rules: per-currency constants (network fees, minimum withdrawals, bond
 * amounts, daily send limits by verification level), amount parsing with field-keyed refusals,
 * address formats, the fiat total and the mapping from ledger movements to history types.
 * Amounts are written here as decimal strings and parsed with each currency's decimals, so a
 * constant can never be off by a power of ten.
 */

// ---- constants per currency ----------------------------------------------------------------

/**
 * What a withdrawal costs on the chain, charged on top of the amount. Fixed per currency until a
 * real chain adapter quotes it; internal sends are free.
 */
export const NETWORK_FEES: Readonly<Record<string, string>> = { BTC: "0.00002", ETH: "0.0005", USDT: "1" };

/** The smallest withdrawal, so that the network fee is never most of it. */
export const MIN_WITHDRAWALS: Readonly<Record<string, string>> = { BTC: "0.0001", ETH: "0.005", USDT: "10" };

/** The vendor bond per currency (POST /wallet/deposit-bond). */
export const BOND_AMOUNTS: Readonly<Record<string, string>> = { BTC: "0.001", ETH: "0.03", USDT: "100" };

/**
 * Daily send limits (internal sends plus withdrawals, rolling 24 hours) by verification tier:
 * tier 0 below level 1, tier 1 from level 1 (1.5 included), tier 2 from level 2, tier 3 from 3.
 */
const DAILY_SEND_LIMITS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  BTC: ["0.5", "5", "50", "500"],
  ETH: ["10", "100", "1000", "10000"],
  USDT: ["10000", "100000", "1000000", "10000000"],
};

function limitTierOf(kycLevel: number): 0 | 1 | 2 | 3 {
  if (!(kycLevel >= 1)) return 0;
  if (kycLevel < 2) return 1;
  if (kycLevel < 3) return 2;
  return 3;
}

/** Minor units of a per-currency constant, or null when the currency has none. */
export function constantMinor(table: Readonly<Record<string, string>>, code: string, decimals: number): bigint | null {
  const text = table[code];
  return text === undefined ? null : parseAmount(text, decimals);
}

export function dailyLimitMinor(code: string, decimals: number, kycLevel: number): bigint | null {
  const tiers = DAILY_SEND_LIMITS[code];
  return tiers ? parseAmount(tiers[limitTierOf(kycLevel)], decimals) : null;
}

// ---- amounts as typed ----------------------------------------------------------------------

/**
 * Reads an amount a user typed, exactly or not at all (docs/reliability.md#i10-exact-amounts):
 * "1e21", "01", "-1",
 * more decimals than the currency has, more than a BIGINT, and zero are refused on the field,
 * never rounded.
 */
export function parseAmountInput(input: string, decimals: number, field = "amount"): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(input, decimals);
  } catch (error) {
    if (!(error instanceof AmountParseError)) throw error;
    const key = { format: "amount_invalid", precision: "amount_too_precise", range: "amount_too_large" }[error.reason];
    throw amountError(field, key);
  }
  if (minor === 0n) throw amountError(field, "amount_must_be_positive");
  return minor;
}

// ---- addresses -----------------------------------------------------------------------------

// The address formats live in contracts, so the send form checks an address as it is typed with
// the same rules the server applies.
export { isAddressFormatValid, normalizeAddress } from "@souk/contracts";

// ---- fiat total ----------------------------------------------------------------------------

export interface FiatRates {
  /** USD price of one coin by crypto code. */
  cryptoUsd: Record<string, string>;
  /** Units of a fiat currency per 1 USD. */
  fiatPerUsd: Record<string, string>;
}

export interface FiatTotal {
  total: string;
  fiatCurrencyCode: string;
  missingRates: string[];
}

/**
 * The sum of each balance's fiat value, exact until one final rounding (half up) to the fiat's
 * decimals and at least two (docs/product.md#wallet). A currency without a rate is left out and
 * named;
 * a fiat currency without a rate falls back to USD.
 */
export function totalInFiat(
  balances: { code: string; minor: bigint; decimals: number }[],
  rates: FiatRates,
  fiatCurrencyCode: string,
  fiatDecimals: number,
): FiatTotal {
  const fiatRate = tryParseDecimal(rates.fiatPerUsd[fiatCurrencyCode] ?? "");
  const code = fiatRate ? fiatCurrencyCode : "USD";
  const perUsd: Decimal = fiatRate ?? decimal(1n);
  let totalUsd = ZERO;
  const missingRates: string[] = [];
  for (const balance of balances) {
    if (balance.minor === 0n) continue;
    const price = tryParseDecimal(rates.cryptoUsd[balance.code] ?? "");
    if (!price) {
      missingRates.push(balance.code);
      continue;
    }
    totalUsd = addDecimal(totalUsd, multiplyDecimal(decimal(balance.minor, balance.decimals), price));
  }
  const scale = Math.max(2, fiatRate ? fiatDecimals : 2);
  return {
    total: formatDecimal(roundDecimal(multiplyDecimal(totalUsd, perUsd), scale, "half_up")),
    fiatCurrencyCode: code,
    missingRates,
  };
}

// ---- history -------------------------------------------------------------------------------

/** The history type of one entry on a user's available account. */
export function transactionTypeOf(
  kind: LedgerTransferKind,
  code: LedgerEntryCode,
  referenceType: string | null,
): WalletTransactionType {
  if (code === "fee" || code === "network_fee") return "fee";
  switch (kind) {
    case "deposit":
      return "deposit";
    case "internal_transfer":
      return "internal_transfer";
    case "withdrawal_hold":
    case "withdrawal_complete":
    case "withdrawal_void":
      return "withdrawal";
    case "escrow_hold":
    case "escrow_void":
      return referenceType === BID_REFERENCE_TYPE ? "offer_bid" : "trade_escrow";
    case "escrow_post":
      return referenceType === BID_REFERENCE_TYPE ? "offer_bid" : "trade_release";
    case "bond_deposit":
    case "bond_retrieve":
      return "bond";
    case "reversal":
      return "correction";
    case "chain_fee":
      return "fee";
  }
}

/** The ledger filter behind a history type filter. */
export function entryMatchesFor(type: WalletTransactionType): EntryMatch[] {
  const principal: LedgerEntryCode[] = ["principal"];
  switch (type) {
    case "deposit":
      return [{ transferKinds: ["deposit"], codes: principal }];
    case "internal_transfer":
      return [{ transferKinds: ["internal_transfer"], codes: principal }];
    case "withdrawal":
      return [{ transferKinds: ["withdrawal_hold", "withdrawal_complete", "withdrawal_void"], codes: principal }];
    case "trade_escrow":
      return [{ transferKinds: ["escrow_hold", "escrow_void"], codes: principal, referenceTypes: ["trade"] }];
    case "trade_release":
      return [{ transferKinds: ["escrow_post"], codes: principal, referenceTypes: ["trade"] }];
    case "offer_bid":
      return [{ transferKinds: ["escrow_hold", "escrow_void"], referenceTypes: [BID_REFERENCE_TYPE] }];
    case "fee":
      return [
        {
          transferKinds: ["escrow_hold", "escrow_void", "escrow_post", "withdrawal_hold", "withdrawal_void"],
          codes: ["fee", "network_fee"],
        },
      ];
    case "bond":
      return [{ transferKinds: ["bond_deposit", "bond_retrieve"] }];
    case "correction":
      return [{ transferKinds: ["reversal"] }];
  }
}

/** A plain date filter covers its whole UTC day; a date-time is taken as given. */
export function dateRange(
  from: string | undefined,
  to: string | undefined,
): { fromInclusive?: Date; toExclusive?: Date } {
  const isDateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
  const range: { fromInclusive?: Date; toExclusive?: Date } = {};
  if (from) range.fromInclusive = new Date(isDateOnly(from) ? `${from}T00:00:00.000Z` : from);
  if (to) {
    const end = new Date(isDateOnly(to) ? `${to}T00:00:00.000Z` : to);
    range.toExclusive = isDateOnly(to) ? new Date(end.getTime() + 86_400_000) : new Date(end.getTime() + 1);
  }
  return range;
}
