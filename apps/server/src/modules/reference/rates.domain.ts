import { decimal, formatDecimal, multiplyDecimal, normalizeDecimal, parseDecimal, roundDecimal } from "@souk/money";
import { z } from "zod";

/** 'file': read from a rates file; 'derived': back-filled from one; 'feed': from a price feed. */
export type RateSource = "file" | "derived" | "feed";

/** One daily point: 1 baseCode = rate quoteCode. */
export interface RatePoint {
  baseCode: string;
  quoteCode: string;
  rate: string;
  day: string;
  source: RateSource;
}

/** Every price goes through USD: crypto as (code, USD), fiat as (USD, code). */
export const USD = "USD";

/** Days of history written behind a rates file's date, so charts have something to show. */
export const HISTORY_DAYS = 90;

/** Decimals kept for derived rates (rounded half up), ample for a price or a fiat-per-USD rate. */
const RATE_SCALE = 8;

const positiveDecimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, { message: "rate must be a decimal string" })
  .refine((text) => /[1-9]/.test(text), { message: "rate must be positive" });

/**
 * The rates file shipped with the app: crypto prices in USD and fiat units per USD, as decimal
 * strings (never JSON numbers, which would be floats), with the date they are valid for.
 */
const ratesFileSchema = z.object({
  asOf: z.iso.date(),
  crypto: z.record(z.string().regex(/^[A-Z0-9]{2,10}$/), positiveDecimal),
  fiat: z.record(z.string().regex(/^[A-Z]{3}$/), positiveDecimal),
});
export type RatesFile = z.infer<typeof ratesFileSchema>;

export function parseRatesFile(json: unknown): RatesFile {
  const parsed = ratesFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`invalid rates file: ${problems}`);
  }
  if (parsed.data.fiat[USD] !== undefined && normalizedRate(parsed.data.fiat[USD]) !== "1") {
    throw new Error("invalid rates file: fiat.USD must be 1 (rates are per US dollar)");
  }
  return parsed.data;
}

/** "87350.00000000" -> "87350": rates are shown without trailing zeros. */
export function normalizedRate(text: string): string {
  return formatDecimal(normalizeDecimal(parseDecimal(text)));
}

/**
 * The price of one coin in a fiat currency: USD price times fiat units per USD, rounded half up
 * to the fiat's decimals because it is a fiat amount.
 */
export function cryptoFiatRate(cryptoUsd: string, fiatPerUsd: string, fiatDecimals: number): string {
  return formatDecimal(multiplyDecimal(parseDecimal(cryptoUsd), parseDecimal(fiatPerUsd)), fiatDecimals, "half_up");
}

/** Shifts a "YYYY-MM-DD" day by whole days (calendar arithmetic in UTC, no money involved). */
export function shiftDay(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

// ---- deterministic history wobble ----------------------------------------------------------
// The history behind a rates file is made up, so it must be the same on every machine and every
// run (tests and screenshots compare it). It is computed with integer arithmetic only.

/** 32-bit FNV-1a of a text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A triangle wave of integer period, from -1000 to 1000. */
function triangle(position: number, period: number): number {
  const p = ((position % period) + period) % period;
  const rise = Math.trunc((4000 * p) / period);
  return p * 2 < period ? rise - 1000 : 3000 - rise;
}

function wave(seed: number, dayOffset: number): number {
  const slowPeriod = 21 + (seed % 29);
  const fastPeriod = 5 + ((seed >>> 8) % 7);
  const slowPhase = (seed >>> 16) % slowPeriod;
  const fastPhase = (seed >>> 24) % fastPeriod;
  const noise = (hashText(`${seed}:${dayOffset}`) % 2001) - 1000;
  // Weights 6:3:1 out of 10; the result stays within -1000..1000.
  return Math.trunc(
    (6 * triangle(dayOffset + slowPhase, slowPeriod) + 3 * triangle(dayOffset + fastPhase, fastPeriod) + noise) / 10,
  );
}

/**
 * Parts per million a derived point differs from the file's value, `dayOffset` days before the
 * file's date. It is 0 on the file's date itself and within ±2 × amplitudePpm elsewhere.
 */
export function wobblePpm(code: string, dayOffset: number, amplitudePpm: number): number {
  if (dayOffset === 0 || amplitudePpm === 0) return 0;
  const seed = hashText(code);
  return Math.trunc((amplitudePpm * (wave(seed, dayOffset) - wave(seed, 0))) / 1000);
}

// Currencies pegged to the dollar barely move; the wobble says so instead of charting fake swings.
const PEGGED_FIAT = new Set(["AED", "SAR", "HKD"]);

export function amplitudePpmFor(kind: "crypto" | "fiat", code: string, isStablecoin = false): number {
  if (kind === "crypto") return isStablecoin ? 400 : 45_000;
  if (code === USD) return 0;
  return PEGGED_FIAT.has(code) ? 300 : 7_000;
}

/** value × (1 + ppm / 10^6), exact, rounded half up to RATE_SCALE and without trailing zeros. */
export function applyPpm(rate: string, ppm: number): string {
  const factor = decimal(BigInt(1_000_000 + ppm), 6);
  return formatDecimal(
    normalizeDecimal(roundDecimal(multiplyDecimal(parseDecimal(rate), factor), RATE_SCALE, "half_up")),
  );
}

export interface KnownCurrencies {
  crypto: { code: string; isStablecoin: boolean }[];
  fiat: string[];
}

export interface RatePlan {
  points: RatePoint[];
  /** Codes of the file that are not currencies of this installation; they are not loaded. */
  skipped: string[];
}

/**
 * The points to write for a rates file: the file's value on its date and `days - 1` derived
 * points before it, for each currency of this installation the file prices.
 */
export function planRatePoints(file: RatesFile, known: KnownCurrencies, days = HISTORY_DAYS): RatePlan {
  const points: RatePoint[] = [];
  const pairs: { baseCode: string; quoteCode: string; rate: string; amplitude: number; code: string }[] = [];
  for (const crypto of known.crypto) {
    const rate = file.crypto[crypto.code];
    if (rate === undefined) continue;
    const amplitude = amplitudePpmFor("crypto", crypto.code, crypto.isStablecoin);
    pairs.push({ baseCode: crypto.code, quoteCode: USD, rate, amplitude, code: crypto.code });
  }
  for (const code of known.fiat) {
    const rate = file.fiat[code];
    if (rate === undefined) continue;
    pairs.push({ baseCode: USD, quoteCode: code, rate, amplitude: amplitudePpmFor("fiat", code), code });
  }
  for (const pair of pairs) {
    for (let dayOffset = 0; dayOffset < days; dayOffset += 1) {
      points.push({
        baseCode: pair.baseCode,
        quoteCode: pair.quoteCode,
        rate: applyPpm(pair.rate, wobblePpm(pair.code, dayOffset, pair.amplitude)),
        day: shiftDay(file.asOf, -dayOffset),
        source: dayOffset === 0 ? "file" : "derived",
      });
    }
  }
  const knownCrypto = new Set(known.crypto.map((crypto) => crypto.code));
  const knownFiat = new Set(known.fiat);
  const skipped = [
    ...Object.keys(file.crypto).filter((code) => !knownCrypto.has(code)),
    ...Object.keys(file.fiat).filter((code) => !knownFiat.has(code)),
  ];
  return { points, skipped };
}
