import { formatDecimal, multiplyDecimal, parseDecimal, roundDecimal } from "@souk/money";

/** Days of daily points each chart range shows (the history holds daily rates). */
export const RANGE_DAYS = { day: 2, week: 7, month: 30, year: 365 } as const;

export interface DailyRate {
  day: string;
  rate: string;
}

/**
 * Chart points of a coin's price in a fiat currency: the coin's USD price times the fiat's units
 * per USD, day by day, for the days both histories have. Time is the day's start in epoch seconds,
 * the value is rounded half up to the fiat's decimals.
 */
export function priceHistory(
  cryptoUsd: DailyRate[],
  fiatPerUsd: DailyRate[] | null,
  fiatDecimals: number,
): { time: number; value: string }[] {
  const perUsdByDay = fiatPerUsd ? new Map(fiatPerUsd.map((point) => [point.day, point.rate])) : null;
  return cryptoUsd.flatMap((point) => {
    const perUsd = perUsdByDay ? perUsdByDay.get(point.day) : "1";
    if (perUsd === undefined) return [];
    const value = roundDecimal(
      multiplyDecimal(parseDecimal(point.rate), parseDecimal(perUsd)),
      fiatDecimals,
      "half_up",
    );
    return [{ time: Date.parse(`${point.day}T00:00:00Z`) / 1000, value: formatDecimal(value) }];
  });
}

/** The price of one coin in a fiat currency today, rounded to the fiat's decimals. */
export function coinPrice(cryptoUsd: string, fiatPerUsd: string, fiatDecimals: number): string {
  return formatDecimal(
    roundDecimal(multiplyDecimal(parseDecimal(cryptoUsd), parseDecimal(fiatPerUsd)), fiatDecimals, "half_up"),
  );
}
