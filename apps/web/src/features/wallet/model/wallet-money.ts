import type { CryptoFiatRates, Locale, WalletSendInfo } from "@souk/contracts";
import {
  convertCryptoToFiat,
  formatAmount,
  formatDecimal,
  normalizeDecimal,
  parseDecimal,
  tryParseAmount,
  tryParseDecimal,
} from "@souk/money";
import { formatCryptoAmount } from "../../../lib/format.ts";

/**
 * The wallet's arithmetic, exact from end to end: amounts arrive as decimal strings with all of
 * their currency's decimals, become bigint minor units, and go back to strings for display.
 */

/** Minor units of an amount the server sent, or null when it is not an amount of this currency. */
function toMinor(amount: string, decimals: number): bigint | null {
  return tryParseAmount(amount, decimals);
}

/** An amount the server sent, with the currency's decimals and the locale's separators. */
export function formatCrypto(amount: string, decimals: number, locale: Locale): string {
  const minor = toMinor(amount, decimals);
  return minor === null ? amount : formatCryptoAmount(minor, decimals, locale);
}

/** Whether an amount the server sent is above zero. */
export function isPositiveAmount(amount: string): boolean {
  return /[1-9]/.test(amount) && !amount.startsWith("-");
}

/** "0.24998000" → "0.24998": the shortest exact text of an amount, for an input field. */
export function toInputAmount(amount: string): string {
  const value = tryParseDecimal(amount);
  return value ? formatDecimal(normalizeDecimal(value)) : amount;
}

/** The price of one coin in a fiat currency, from the crypto-fiat rates list. */
export function findFiatRate(rates: readonly CryptoFiatRates[] | undefined, cryptoCode: string, fiatCode: string) {
  return rates
    ?.find((entry) => entry.cryptoCurrencyCode === cryptoCode)
    ?.rates.find((rate) => rate.fiatCurrencyCode === fiatCode)?.fiatRate;
}

/** The fiat value of a balance, rounded half up to the fiat's decimals; null without a rate. */
export function fiatValueOf(
  amount: string,
  decimals: number,
  fiatRate: string | undefined,
  fiatDecimals: number,
): string | null {
  const minor = toMinor(amount, decimals);
  const rate = fiatRate === undefined ? null : tryParseDecimal(fiatRate);
  if (minor === null || rate === null) return null;
  return formatDecimal(convertCryptoToFiat(minor, decimals, rate, fiatDecimals), fiatDecimals);
}

/** The fraction digits of a decimal string ("31979.30" → 2). */
export function scaleOf(value: string): number {
  return parseDecimal(value).scale;
}

export type SendMode = "username" | "address";

/**
 * What a send costs: the network fee is charged on top of a withdrawal; a send to a username is
 * internal and free. Null while the typed amount is not an exact amount of the currency.
 */
export interface SendSummary {
  amountMinor: bigint;
  feeMinor: bigint;
  totalMinor: bigint;
  remainingMinor: bigint;
}

export function summarizeSend(input: {
  amount: string;
  decimals: number;
  mode: SendMode;
  sendInfo: Pick<WalletSendInfo, "balance" | "networkFee">;
}): SendSummary | null {
  const amountMinor = tryParseAmount(input.amount.trim(), input.decimals);
  const balanceMinor = toMinor(input.sendInfo.balance, input.decimals);
  if (amountMinor === null || balanceMinor === null) return null;
  const feeMinor = input.mode === "address" ? (toMinor(input.sendInfo.networkFee, input.decimals) ?? 0n) : 0n;
  const totalMinor = amountMinor + feeMinor;
  return { amountMinor, feeMinor, totalMinor, remainingMinor: balanceMinor - totalMinor };
}

/**
 * The largest amount that can be sent now: for a withdrawal the server's figure (balance and
 * limit, after the fee); internally the balance, within what is left of today's limit.
 */
export function maxSendable(
  mode: SendMode,
  sendInfo: Pick<WalletSendInfo, "balance" | "remainingToday" | "maxWithdrawal">,
  decimals: number,
): string {
  if (mode === "address") return sendInfo.maxWithdrawal;
  const balance = toMinor(sendInfo.balance, decimals) ?? 0n;
  const remaining = toMinor(sendInfo.remainingToday, decimals) ?? 0n;
  return formatAmount(balance < remaining ? balance : remaining, decimals);
}
