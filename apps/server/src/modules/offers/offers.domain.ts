import {
  type BADGES,
  checkOfferDraft,
  type DutyHour,
  GIFT_CARD_REGION_IDS,
  OFFER_LIMITS,
  OFFER_TAGS,
  type OfferCreateRequest,
  type OfferDraft,
  type OfferFlowType,
  type OfferOwner,
  type OfferTab,
  type OfferTag,
  offerInputSchema,
  P2P_FLOW_TYPES,
  SHOP_FLOW_TYPES,
} from "@souk/contracts";
import { type BadgeFacts, badgeOf } from "../reputation/index.ts";
import { hasAtMostDecimals, isWithin, plain } from "./pricing.domain.ts";

/** Field-keyed refusals: `{"fiatLimitMax": ["limit_max_below_min"]}`. */
export type FieldErrors = Record<string, string[]>;

function add(errors: FieldErrors, field: string, message: string): void {
  errors[field] ??= [];
  if (!errors[field].includes(message)) errors[field].push(message);
}

// ---- drafts --------------------------------------------------------------------------------

/** What a new offer is when the wizard leaves a field out. */
export const DRAFT_DEFAULTS = {
  flowType: "default",
  priceType: "margin",
  margin: "0",
  fixedPrice: null,
  rangeType: "min_max",
  predefinedAmounts: [],
  newBuyerMaxFiatLimit: null,
  paymentWindowMinutes: 30,
  offerTerms: "",
  tradeDetails: "",
  label: "",
  tags: [],
  requireMinPastTrades: 0,
  requireVerifiedId: false,
  requireFullNameVisibility: false,
  showOnlyTrustedUser: false,
  isAnonymousUserRestricted: false,
  availableIn: [],
  dutyHours: [],
  timezone: "UTC",
  offerCap: null,
  manualEscrowFee: null,
  isThirdPartyTreatmentEnabled: false,
  isGiftCardCheckEnabled: false,
  isBinCodeEnabled: false,
  binCodes: [],
  cardRegions: [],
  location: null,
  isActive: true,
} as const satisfies Partial<OfferDraft>;

const REQUIRED_ON_CREATE = [
  "type",
  "cryptoCurrencyCode",
  "fiatCurrencyCode",
  "paymentMethodSlug",
  "fiatLimitMin",
  "fiatLimitMax",
] as const;

/**
 * The complete draft an input describes: on create, the input over the defaults (the required
 * fields must be there); on edit, the input over the offer as it is.
 */
export function draftFromInput(
  input: OfferCreateRequest,
  base: OfferDraft | null,
): { draft: OfferDraft; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (base === null) {
    for (const field of REQUIRED_ON_CREATE) if (input[field] === undefined) add(errors, field, "required");
  }
  const start = (base ?? {
    ...DRAFT_DEFAULTS,
    type: "sell",
    cryptoCurrencyCode: "",
    fiatCurrencyCode: "",
    paymentMethodSlug: "",
    fiatLimitMin: "1",
    fiatLimitMax: "1",
  }) as OfferDraft;
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const draft: OfferDraft = {
    ...start,
    ...defined,
    cryptoCurrencyCode: (input.cryptoCurrencyCode ?? start.cryptoCurrencyCode).toUpperCase(),
    fiatCurrencyCode: (input.fiatCurrencyCode ?? start.fiatCurrencyCode).toUpperCase(),
    paymentMethodSlug: (input.paymentMethodSlug ?? start.paymentMethodSlug).toLowerCase(),
    availableIn: (input.availableIn ?? start.availableIn).map((iso) => iso.toUpperCase()),
    tags: (input.tags ?? start.tags).map((tag) => tag.trim().toLowerCase()),
    cardRegions: (input.cardRegions ?? start.cardRegions).map((region) => region.trim().toLowerCase()),
    location:
      input.location === undefined
        ? start.location
        : input.location === null
          ? null
          : {
              city: input.location.city || null,
              subdivision: input.location.subdivision || null,
              countryIso: input.location.countryIso ? input.location.countryIso.toUpperCase() : null,
            },
  } as OfferDraft;
  // A min-max range has no predefined amounts; a margin-priced offer keeps no fixed price.
  if (draft.rangeType === "min_max") draft.predefinedAmounts = [];
  if (draft.priceType === "margin") draft.fixedPrice = null;
  return { draft: normalizeDraft(draft), errors };
}

/** Numbers in a draft are compared as text, so they are kept in one form ("2.5", never "2.50"). */
export function normalizeDraft(draft: OfferDraft): OfferDraft {
  return {
    ...draft,
    margin: plain(draft.margin),
    fixedPrice: draft.fixedPrice === null ? null : plain(draft.fixedPrice),
    fiatLimitMin: plain(draft.fiatLimitMin),
    fiatLimitMax: plain(draft.fiatLimitMax),
    predefinedAmounts: draft.predefinedAmounts.map(plain),
    newBuyerMaxFiatLimit: draft.newBuyerMaxFiatLimit === null ? null : plain(draft.newBuyerMaxFiatLimit),
    manualEscrowFee: draft.manualEscrowFee === null ? null : plain(draft.manualEscrowFee),
    offerCap:
      draft.offerCap === null
        ? null
        : {
            active: draft.offerCap.active,
            amount: draft.offerCap.amount === null ? null : plain(draft.offerCap.amount),
          },
  };
}

/** Reference data and switches a draft is checked against, looked up by the service. */
export interface DraftContext {
  crypto: { id: number; code: string; isBlocked: boolean } | null;
  fiat: { id: number; code: string; decimals: number } | null;
  paymentMethod: {
    id: number;
    slug: string;
    groupSlug: string;
    isBinCodeEnabled: boolean;
    currencyCodes: string[] | null;
  } | null;
  hasMarketRate: boolean;
  isKnownCountry: (iso: string) => boolean;
  isKnownTimezone: (zone: string) => boolean;
  features: { offerCap: boolean; manualEscrowFee: boolean; offRamp: boolean; bazaar: boolean };
}

/** The draft's whole numbers whose range only the request schema checks. */
const SCHEMA_RANGED_NUMBERS = ["paymentWindowMinutes", "requireMinPastTrades"] as const;

/**
 * Every rule an offer must meet, each refusal keyed by its field. Formats were checked by the
 * request schema; these are the rules that need several fields or reference data.
 */
export function validateDraft(draft: OfferDraft, context: DraftContext): FieldErrors {
  const errors: FieldErrors = {};

  if (!context.crypto) add(errors, "cryptoCurrencyCode", "crypto_currency_unknown");
  else if (context.crypto.isBlocked) add(errors, "cryptoCurrencyCode", "crypto_currency_blocked");
  if (!context.fiat) add(errors, "fiatCurrencyCode", "fiat_currency_unknown");
  else if (context.crypto && !context.hasMarketRate) add(errors, "fiatCurrencyCode", "no_market_rate");
  const method = context.paymentMethod;
  if (!method) add(errors, "paymentMethodSlug", "payment_method_unknown");
  else if (context.fiat && method.currencyCodes && !method.currencyCodes.includes(context.fiat.code)) {
    add(errors, "paymentMethodSlug", "payment_method_not_for_currency");
  }

  if (draft.flowType === "offramp" && !context.features.offRamp) add(errors, "flowType", "flow_type_unavailable");
  if (draft.flowType === "bazaar" && !context.features.bazaar) add(errors, "flowType", "flow_type_unavailable");

  // Price.
  if (!isWithin(draft.margin, OFFER_LIMITS.marginMin, OFFER_LIMITS.marginMax))
    add(errors, "margin", "margin_out_of_range");
  if (!hasAtMostDecimals(draft.margin, 2)) add(errors, "margin", "margin_too_precise");
  if (draft.priceType === "fixed") {
    if (draft.fixedPrice === null) add(errors, "fixedPrice", "fixed_price_required");
    // The developer API reads prices as signed decimals (a margin may be negative): refuse a sign here.
    else if (draft.fixedPrice.startsWith("-") || !/[1-9]/.test(draft.fixedPrice))
      add(errors, "fixedPrice", "fixed_price_must_be_positive");
    else if (context.fiat && !hasAtMostDecimals(draft.fixedPrice, context.fiat.decimals)) {
      add(errors, "fixedPrice", "fixed_price_too_precise");
    } else if ((draft.fixedPrice.split(".")[0] ?? "").length > 20) add(errors, "fixedPrice", "fixed_price_too_large");
  }

  // Whole-number ranges the request schema states: the developer API's payload reaches here
  // without that schema, and a value out of range would otherwise fail the table's CHECK (a 500).
  for (const field of SCHEMA_RANGED_NUMBERS) {
    const checked = offerInputSchema.shape[field].safeParse(draft[field]);
    if (!checked.success) add(errors, field, checked.error.issues[0]?.message ?? "invalid");
  }

  // Limits: digits only (the schema), at least 1, min <= max.
  if (draft.fiatLimitMin === "0") add(errors, "fiatLimitMin", "must_be_positive");
  if (draft.fiatLimitMax === "0") add(errors, "fiatLimitMax", "must_be_positive");
  if (draft.rangeType === "predefined" && draft.predefinedAmounts.length === 0) {
    add(errors, "predefinedAmounts", "predefined_amounts_required");
  }
  for (const issue of checkOfferDraft(draft)) add(errors, issue.field, issue.message);

  // Tags: known, applicable to the payment method's group, no repeats.
  if (new Set(draft.tags).size !== draft.tags.length) add(errors, "tags", "tag_duplicate");
  for (const slug of draft.tags) {
    const tag = OFFER_TAGS.find((item) => item.slug === slug);
    if (!tag) add(errors, "tags", "tag_unknown");
    else if (method && tag.groups.length > 0 && !(tag.groups as readonly string[]).includes(method.groupSlug)) {
      add(errors, "tags", "tag_not_for_payment_method");
    }
  }

  if (draft.availableIn.some((iso) => !context.isKnownCountry(iso))) add(errors, "availableIn", "country_unknown");
  if (new Set(draft.availableIn).size !== draft.availableIn.length) add(errors, "availableIn", "country_duplicate");

  // Duty hours: one window per day, ending after it starts, in a real time zone.
  const days = draft.dutyHours.map((hour) => hour.day);
  if (new Set(days).size !== days.length) add(errors, "dutyHours", "duty_day_duplicate");
  if (draft.dutyHours.some((hour) => minutesOf(hour.endTime) <= minutesOf(hour.startTime))) {
    add(errors, "dutyHours", "duty_hours_end_before_start");
  }
  if (!context.isKnownTimezone(draft.timezone)) add(errors, "timezone", "timezone_invalid");

  if (draft.offerCap !== null) {
    if (!context.features.offerCap) add(errors, "offerCap", "feature_disabled");
    else if (draft.offerCap.active && draft.offerCap.amount === null) add(errors, "offerCap.amount", "required");
    else if (draft.offerCap.amount === "0") add(errors, "offerCap.amount", "must_be_positive");
  }
  if (draft.manualEscrowFee !== null) {
    if (!context.features.manualEscrowFee) add(errors, "manualEscrowFee", "feature_disabled");
    else if (!isWithin(draft.manualEscrowFee, OFFER_LIMITS.manualEscrowFeeMin, OFFER_LIMITS.manualEscrowFeeMax)) {
      add(errors, "manualEscrowFee", "manual_escrow_fee_out_of_range");
    } else if (!hasAtMostDecimals(draft.manualEscrowFee, 2))
      add(errors, "manualEscrowFee", "manual_escrow_fee_too_precise");
  }

  if (draft.binCodes.length > 0 && method && !method.isBinCodeEnabled) {
    add(errors, "binCodes", "bin_codes_not_for_payment_method");
  }
  if (draft.isBinCodeEnabled && method && !method.isBinCodeEnabled) {
    add(errors, "isBinCodeEnabled", "bin_codes_not_for_payment_method");
  }
  if (draft.cardRegions.some((region) => !GIFT_CARD_REGION_IDS.includes(region)))
    add(errors, "cardRegions", "card_region_unknown");
  if (draft.cardRegions.length > 0 && method && method.groupSlug !== "gift-cards") {
    add(errors, "cardRegions", "card_regions_not_for_payment_method");
  }
  if (draft.location?.countryIso && !context.isKnownCountry(draft.location.countryIso)) {
    add(errors, "location.countryIso", "country_unknown");
  }
  return errors;
}

function minutesOf(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

// ---- duty hours ----------------------------------------------------------------------------

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = weekdayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    weekdayFormatters.set(zone, formatter);
  }
  return formatter;
}

export function isKnownTimezone(zone: string): boolean {
  try {
    zonedFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Weekday (1 Monday .. 7 Sunday) and minute of the day at a moment in a zone. */
export function localMoment(zone: string, at: Date): { day: number; minute: number } {
  const parts = zonedFormatter(zone).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "0";
  return { day: WEEKDAYS[part("weekday")] ?? 1, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/**
 * Whether an offer is on duty: no duty hours means always; otherwise an active window of that
 * weekday must contain the local time (end exclusive, "24:00" the end of the day). The listing
 * applies the same rule through dutyUtcRanges.
 */
export function isOnDuty(hours: DutyHour[], zone: string, at: Date): boolean {
  if (hours.length === 0) return true;
  const now = localMoment(zone, at);
  return hours.some(
    (hour) =>
      hour.active &&
      hour.day === now.day &&
      now.minute >= minutesOf(hour.startTime) &&
      now.minute < minutesOf(hour.endTime),
  );
}

const MINUTES_PER_WEEK = 7 * 1440;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes a zone is ahead of UTC at a moment (daylight saving included): Europe/Berlin in July, 120. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormatters.set(zone, formatter);
  }
  const text = formatter.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Minutes since Monday 00:00 UTC. */
export function minuteOfWeekUtc(at: Date): number {
  const day = (at.getUTCDay() + 6) % 7;
  return day * 1440 + at.getUTCHours() * 60 + at.getUTCMinutes();
}

/**
 * Duty hours as a PostgreSQL int4multirange of minutes of the week in UTC, for a zone `offset`
 * minutes ahead of UTC: null (no duty hours: always on duty), "{}" (none active: never), or
 * "{[a,b),...}". Windows that cross the end of the week are split in two.
 */
export function dutyUtcRanges(hours: DutyHour[], offsetMinutes: number): string | null {
  if (hours.length === 0) return null;
  const ranges: [number, number][] = [];
  for (const hour of hours) {
    if (!hour.active) continue;
    const localStart = (hour.day - 1) * 1440 + minutesOf(hour.startTime);
    const localEnd = (hour.day - 1) * 1440 + minutesOf(hour.endTime);
    if (localEnd <= localStart) continue;
    const start = (((localStart - offsetMinutes) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
    const end = start + (localEnd - localStart);
    if (end <= MINUTES_PER_WEEK) ranges.push([start, end]);
    else ranges.push([start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return `{${ranges.map(([a, b]) => `[${a},${b})`).join(",")}}`;
}

/** Whether a minute of the week (UTC) falls in ranges made by dutyUtcRanges. */
export function isInUtcRanges(ranges: string | null, minute: number): boolean {
  if (ranges === null) return true;
  for (const match of ranges.matchAll(/\[(\d+),(\d+)\)/g)) {
    if (minute >= Number(match[1]) && minute < Number(match[2])) return true;
  }
  return false;
}

// ---- shaping -------------------------------------------------------------------------------

export function tagsOf(slugs: string[]): OfferTag[] {
  return slugs.flatMap((slug) => {
    const tag = OFFER_TAGS.find((item) => item.slug === slug);
    return tag ? [{ slug: tag.slug, name: tag.name, description: tag.description }] : [];
  });
}

/** Tags a payment method (or group) may carry: those without a group list, and its group's. */
export function tagsFor(groupSlug: string | null): OfferTag[] {
  return OFFER_TAGS.filter(
    (tag) => groupSlug === null || tag.groups.length === 0 || (tag.groups as readonly string[]).includes(groupSlug),
  ).map((tag) => ({ slug: tag.slug, name: tag.name, description: tag.description }));
}

export function flowTypesOfTab(tab: OfferTab): readonly OfferFlowType[] {
  return tab === "shop" ? SHOP_FLOW_TYPES : P2P_FLOW_TYPES;
}

export function isAutomatedFlow(flowType: OfferFlowType): boolean {
  return (SHOP_FLOW_TYPES as readonly string[]).includes(flowType);
}

const RECENT_MINUTES = 60;

function ago(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** Online within OFFER_LIMITS.onlineMinutes, recently active within an hour, else offline. */
export function ownerStatus(lastSeenAt: Date | null, now: Date): OfferOwner["status"] {
  if (lastSeenAt === null) return { type: "offline", text: "Not seen yet" };
  const minutes = Math.max(0, Math.floor((now.getTime() - lastSeenAt.getTime()) / 60_000));
  if (minutes < OFFER_LIMITS.onlineMinutes) return { type: "online", text: "Online" };
  if (minutes < RECENT_MINUTES) return { type: "recently_active", text: `Seen ${ago(minutes)}` };
  return { type: "offline", text: `Seen ${ago(minutes)}` };
}

/** The English names of the badges, the answer's `badge.name` (the web shows its own words). */
const BADGE_NAMES: Record<(typeof BADGES)[number], string> = {
  no_badge: "No badge",
  vendor: "Vendor",
  power_trader: "Power trader",
  expert_trader: "Expert trader",
  operator: "Operator",
  ceo: "CEO",
  ambassador: "Ambassador",
  peer: "Peer",
  champion: "Champion",
};

/** The owner's badge by the reputation module's rule, the profile's (docs/decisions/139-medals-badges-and-trade-volume.md). */
export function ownerBadge(facts: BadgeFacts): OfferOwner["badge"] {
  const id = badgeOf(facts);
  return { id, name: BADGE_NAMES[id] };
}

/** 95 -> "2 minutes", 5400 -> "1 hour 30 minutes"; null when no trade was released yet. */
export function humanizeSeconds(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return "less than a minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} hour${hours === 1 ? "" : "s"}`;
  return rest === 0 ? hourText : `${hourText} ${rest} minute${rest === 1 ? "" : "s"}`;
}

export function locationText(
  location: { city: string | null; subdivision: string | null; countryName: string | null } | null,
): string | null {
  if (!location) return null;
  const parts = [location.city, location.subdivision, location.countryName].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** The visitor's side and the owner's side are opposite: a visitor who buys takes a sell offer. */
export function ownerSideOf(visitorSide: "buy" | "sell"): "buy" | "sell" {
  return visitorSide === "buy" ? "sell" : "buy";
}

/**
 * Why a change matters to someone about to trade: only the price moved (offer_margin_changed),
 * something else did (offer_changed), it was only switched on or off ("toggle"), or nothing.
 */
export function changeReasonOf(
  before: OfferDraft,
  after: OfferDraft,
): "offer_margin_changed" | "offer_changed" | "toggle" | null {
  const keys = (Object.keys(after) as (keyof OfferDraft)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return null;
  if (keys.every((key) => key === "isActive")) return "toggle";
  const priceKeys: (keyof OfferDraft)[] = ["priceType", "margin", "fixedPrice", "isActive"];
  return keys.every((key) => priceKeys.includes(key)) ? "offer_margin_changed" : "offer_changed";
}
