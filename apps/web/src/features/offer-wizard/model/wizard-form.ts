import {
  checkOfferDraft,
  dutyHourSchema,
  OFFER_LIMITS,
  OFFER_PRICE_TYPES,
  OFFER_RANGE_TYPES,
  OFFER_TYPES,
  type OfferCreateRequest,
  type OfferDraft,
  offerCreateRequestSchema,
} from "@souk/contracts";
import { compareDecimal, parseDecimal } from "@souk/money";
import { z } from "zod";
import { canonicalDecimal, canonicalDigits, canonicalSignedDecimal } from "../../../lib/text-inputs.ts";

/**
 * The offer wizard's form. Inputs hold text as typed; every rule is checked in one pass (so a
 * rule about two fields runs even while a third is empty), and the values become the contracts'
 * offer payload through offerCreateRequestSchema, which makes every number canonical.
 */

export const WIZARD_STEPS = ["basics", "pricing", "terms", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The payment windows offered, in minutes, within the contracts' bounds. */
export const PAYMENT_WINDOW_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240, 360].filter(
  (minutes) => minutes >= OFFER_LIMITS.paymentWindowMinutesMin && minutes <= OFFER_LIMITS.paymentWindowMinutesMax,
);

const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DEFAULT_DUTY_START = "09:00";
const DEFAULT_DUTY_END = "18:00";

const dutyRowSchema = z.object({
  day: z.number().int(),
  active: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
});

export const wizardFormSchema = z
  .object({
    type: z.enum(OFFER_TYPES),
    cryptoCurrencyCode: z.string(),
    paymentMethodSlug: z.string(),
    fiatCurrencyCode: z.string(),
    priceType: z.enum(OFFER_PRICE_TYPES),
    margin: z.string(),
    fixedPrice: z.string(),
    rangeType: z.enum(OFFER_RANGE_TYPES),
    fiatLimitMin: z.string(),
    fiatLimitMax: z.string(),
    predefinedAmounts: z.array(z.string()),
    newBuyerMaxFiatLimit: z.string(),
    offerCap: z.object({ active: z.boolean(), amount: z.string() }),
    paymentWindowMinutes: z.string(),
    offerTerms: z.string(),
    tradeDetails: z.string(),
    label: z.string(),
    tags: z.array(z.string()),
    requireMinPastTrades: z.string(),
    requireVerifiedId: z.boolean(),
    requireFullNameVisibility: z.boolean(),
    showOnlyTrustedUser: z.boolean(),
    isAnonymousUserRestricted: z.boolean(),
    availableIn: z.array(z.string()),
    hasDutyHours: z.boolean(),
    dutyHours: z.array(dutyRowSchema),
    timezone: z.string(),
    cardRegions: z.array(z.string()),
    isActive: z.boolean(),
    /**
     * The vendor's own accounts ticked for a sell offer, as text ids; null while an edited offer's
     * list is not read yet (the payload then leaves the offer's accounts as they are).
     */
    bankAccountIds: z.array(z.string()).nullable(),
  })
  .superRefine((values, context) => {
    for (const issue of checkWizardValues(values)) context.addIssue({ code: "custom", ...issue });
  });

export type WizardFormValues = z.infer<typeof wizardFormSchema>;
export type WizardField = keyof WizardFormValues;

interface WizardIssue {
  path: (string | number)[];
  message: string;
}

function isGreater(a: string, b: string): boolean {
  return compareDecimal(parseDecimal(a), parseDecimal(b)) > 0;
}

/** Every rule the browser can check, each refusal a message key on a field path. */
export function checkWizardValues(values: WizardFormValues): WizardIssue[] {
  const issues: WizardIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });

  if (values.cryptoCurrencyCode === "") add(["cryptoCurrencyCode"], "required");
  if (values.paymentMethodSlug === "") add(["paymentMethodSlug"], "payment_method_required");
  if (values.fiatCurrencyCode === "") add(["fiatCurrencyCode"], "required");

  if (values.priceType === "margin") {
    const margin = canonicalSignedDecimal(values.margin);
    if (values.margin.trim() === "") add(["margin"], "required");
    else if (margin === null) add(["margin"], "decimal_invalid");
    else if (isGreater(OFFER_LIMITS.marginMin, margin) || isGreater(margin, OFFER_LIMITS.marginMax)) {
      add(["margin"], "margin_out_of_range");
    } else if ((margin.split(".")[1] ?? "").replace(/0+$/, "").length > 2) add(["margin"], "margin_too_precise");
  } else {
    const fixed = canonicalDecimal(values.fixedPrice);
    if (values.fixedPrice.trim() === "") add(["fixedPrice"], "fixed_price_required");
    else if (fixed === null) add(["fixedPrice"], "decimal_invalid");
    else if (!/[1-9]/.test(fixed)) add(["fixedPrice"], "fixed_price_must_be_positive");
  }

  const min = checkDigits(values.fiatLimitMin, ["fiatLimitMin"], add);
  const max = checkDigits(values.fiatLimitMax, ["fiatLimitMax"], add);
  const amounts = values.predefinedAmounts.map((amount) => canonicalDigits(amount));
  const valid = amounts.filter((amount): amount is string => amount !== null && amount !== "0");
  // The field's own rules first; its cross-field rules (checkOfferDraft) only once those pass, one message at a time.
  let arePredefinedAmountsChecked = values.rangeType !== "predefined";
  if (values.rangeType === "predefined") {
    if (amounts.length === 0) add(["predefinedAmounts"], "predefined_amounts_required");
    else if (valid.length !== amounts.length) add(["predefinedAmounts"], "digits_only");
    else if (valid.length > OFFER_LIMITS.predefinedAmountsMax) add(["predefinedAmounts"], "too_many");
    else arePredefinedAmountsChecked = true;
  }
  const newBuyerLimit =
    values.newBuyerMaxFiatLimit.trim() === ""
      ? null
      : checkDigits(values.newBuyerMaxFiatLimit, ["newBuyerMaxFiatLimit"], add);
  const draftIssues = checkOfferDraft({
    rangeType: values.rangeType,
    fiatLimitMin: min,
    fiatLimitMax: max,
    predefinedAmounts: valid,
    newBuyerMaxFiatLimit: newBuyerLimit,
  });
  for (const issue of draftIssues) {
    if (issue.field === "predefinedAmounts") {
      const isFirst = draftIssues.find((other) => other.field === "predefinedAmounts") === issue;
      if (arePredefinedAmountsChecked && isFirst) add([issue.field], issue.message);
    } else add([issue.field], issue.message);
  }

  if (values.offerCap.active) {
    if (values.offerCap.amount.trim() === "") add(["offerCap", "amount"], "required");
    else checkDigits(values.offerCap.amount, ["offerCap", "amount"], add);
  } else if (values.offerCap.amount.trim() !== "") {
    checkDigits(values.offerCap.amount, ["offerCap", "amount"], add);
  }

  if (values.offerTerms.length > OFFER_LIMITS.termsMaxLength) add(["offerTerms"], "too_long");
  if (values.tradeDetails.length > OFFER_LIMITS.termsMaxLength) add(["tradeDetails"], "too_long");
  if (values.label.trim().length > OFFER_LIMITS.labelMaxLength) add(["label"], "too_long");
  if (values.tags.length > OFFER_LIMITS.tagsMax) add(["tags"], "too_many");

  const pastTrades = values.requireMinPastTrades.trim();
  if (pastTrades !== "") {
    const digits = canonicalDigits(pastTrades);
    if (digits === null) add(["requireMinPastTrades"], "digits_only");
    else if (Number(digits) > OFFER_LIMITS.requireMinPastTradesMax) add(["requireMinPastTrades"], "too_large");
  }

  if (values.hasDutyHours) {
    const active = values.dutyHours.filter((row) => row.active);
    if (active.length === 0) add(["dutyHours"], "duty_hours_required");
    values.dutyHours.forEach((row, index) => {
      if (!row.active) return;
      const parsed = dutyHourSchema.safeParse(row);
      if (!parsed.success) add(["dutyHours", index, "endTime"], "time_invalid");
      else if (minutesOf(row.endTime) <= minutesOf(row.startTime))
        add(["dutyHours", index, "endTime"], "duty_hours_end_before_start");
    });
  }
  if (values.timezone.trim() === "") add(["timezone"], "required");
  return issues;
}

function checkDigits(
  text: string,
  path: (string | number)[],
  add: (path: (string | number)[], message: string) => void,
): string | null {
  if (text.trim() === "") {
    add(path, "required");
    return null;
  }
  const digits = canonicalDigits(text);
  if (digits === null) {
    add(path, "digits_only");
    return null;
  }
  if (digits === "0") {
    add(path, "must_be_positive");
    return null;
  }
  return digits;
}

function minutesOf(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

// ---- steps and server errors -----------------------------------------------------------------

const STEP_FIELDS: Record<WizardStep, readonly WizardField[]> = {
  basics: ["type", "cryptoCurrencyCode", "paymentMethodSlug", "fiatCurrencyCode"],
  pricing: [
    "priceType",
    "margin",
    "fixedPrice",
    "rangeType",
    "fiatLimitMin",
    "fiatLimitMax",
    "predefinedAmounts",
    "newBuyerMaxFiatLimit",
    "offerCap",
    "paymentWindowMinutes",
  ],
  terms: [
    "offerTerms",
    "tradeDetails",
    "label",
    "tags",
    "requireMinPastTrades",
    "requireVerifiedId",
    "requireFullNameVisibility",
    "showOnlyTrustedUser",
    "isAnonymousUserRestricted",
    "availableIn",
    "hasDutyHours",
    "dutyHours",
    "timezone",
    "cardRegions",
    "bankAccountIds",
  ],
  review: ["isActive"],
};

export function fieldsOfStep(step: WizardStep): readonly WizardField[] {
  return STEP_FIELDS[step];
}

/**
 * The form path a server field key lands on ("offerCap" → "offerCap.amount", "dutyHours.2" →
 * "dutyHours"), or null for a key the form has no field for.
 */
export function formPathOfServerField(key: string): string | null {
  if (key === "offerCap" || key === "offerCap.amount") return "offerCap.amount";
  const root = key.split(".")[0] ?? key;
  if (root === "dutyHours") return "dutyHours";
  if (root === "paymentMethod") return "paymentMethodSlug";
  for (const fields of Object.values(STEP_FIELDS)) {
    if ((fields as readonly string[]).includes(root)) return root;
  }
  return null;
}

/** The step a field path belongs to; the review step for anything else. */
export function stepOfField(path: string): WizardStep {
  const root = path.split(".")[0] ?? path;
  for (const step of WIZARD_STEPS) {
    if ((STEP_FIELDS[step] as readonly string[]).includes(root)) return step;
  }
  return "review";
}

/** The first step, in wizard order, that holds one of these field paths. */
export function firstStepWithErrors(paths: readonly string[]): WizardStep | null {
  const steps = new Set(paths.map(stepOfField));
  return WIZARD_STEPS.find((step) => steps.has(step)) ?? null;
}

// ---- values in and out -----------------------------------------------------------------------

function defaultDutyRows(): WizardFormValues["dutyHours"] {
  return WEEK_DAYS.map((day) => ({ day, active: day <= 5, startTime: DEFAULT_DUTY_START, endTime: DEFAULT_DUTY_END }));
}

export interface WizardPreset {
  type?: "buy" | "sell";
  cryptoCurrencyCode?: string;
  paymentMethodSlug?: string;
  fiatCurrencyCode?: string;
  timezone?: string;
}

/** A new offer's starting values: the server's defaults, with what the page already knows. */
export function emptyWizardValues(preset: WizardPreset = {}): WizardFormValues {
  return {
    type: preset.type ?? "sell",
    cryptoCurrencyCode: preset.cryptoCurrencyCode ?? "BTC",
    paymentMethodSlug: preset.paymentMethodSlug ?? "",
    fiatCurrencyCode: preset.fiatCurrencyCode ?? "USD",
    priceType: "margin",
    margin: "2",
    fixedPrice: "",
    rangeType: "min_max",
    fiatLimitMin: "",
    fiatLimitMax: "",
    predefinedAmounts: [],
    newBuyerMaxFiatLimit: "",
    offerCap: { active: false, amount: "" },
    paymentWindowMinutes: "30",
    offerTerms: "",
    tradeDetails: "",
    label: "",
    tags: [],
    requireMinPastTrades: "",
    requireVerifiedId: false,
    requireFullNameVisibility: false,
    showOnlyTrustedUser: false,
    isAnonymousUserRestricted: false,
    availableIn: [],
    hasDutyHours: false,
    dutyHours: defaultDutyRows(),
    timezone: preset.timezone ?? "UTC",
    cardRegions: [],
    isActive: true,
    bankAccountIds: [],
  };
}

/** The form values of an existing offer (its originalData). */
export function wizardValuesFromDraft(draft: OfferDraft): WizardFormValues {
  const rows = defaultDutyRows().map((row) => {
    const stored = draft.dutyHours.find((hour) => hour.day === row.day);
    return stored
      ? { day: row.day, active: stored.active, startTime: stored.startTime, endTime: stored.endTime }
      : { ...row, active: false };
  });
  return {
    type: draft.type,
    cryptoCurrencyCode: draft.cryptoCurrencyCode,
    paymentMethodSlug: draft.paymentMethodSlug,
    fiatCurrencyCode: draft.fiatCurrencyCode,
    priceType: draft.priceType,
    margin: draft.margin,
    fixedPrice: draft.fixedPrice ?? "",
    rangeType: draft.rangeType,
    fiatLimitMin: draft.fiatLimitMin,
    fiatLimitMax: draft.fiatLimitMax,
    predefinedAmounts: draft.predefinedAmounts,
    newBuyerMaxFiatLimit: draft.newBuyerMaxFiatLimit ?? "",
    offerCap: { active: draft.offerCap?.active ?? false, amount: draft.offerCap?.amount ?? "" },
    paymentWindowMinutes: String(draft.paymentWindowMinutes),
    offerTerms: draft.offerTerms,
    tradeDetails: draft.tradeDetails,
    label: draft.label,
    tags: draft.tags,
    requireMinPastTrades: draft.requireMinPastTrades === 0 ? "" : String(draft.requireMinPastTrades),
    requireVerifiedId: draft.requireVerifiedId,
    requireFullNameVisibility: draft.requireFullNameVisibility,
    showOnlyTrustedUser: draft.showOnlyTrustedUser,
    isAnonymousUserRestricted: draft.isAnonymousUserRestricted,
    availableIn: draft.availableIn,
    hasDutyHours: draft.dutyHours.length > 0,
    dutyHours: rows,
    timezone: draft.timezone,
    cardRegions: draft.cardRegions,
    isActive: draft.isActive,
    bankAccountIds: null,
  };
}

export interface PayloadOptions {
  /** The offer-cap feature flag: without it no cap is sent. */
  isOfferCapEnabled: boolean;
  /** The payment method's group: card regions belong to gift cards only. */
  paymentMethodGroupSlug: string | null;
}

/** The contracts' offer payload for POST and PUT, canonical through offerCreateRequestSchema. */
export function wizardValuesToPayload(values: WizardFormValues, options: PayloadOptions): OfferCreateRequest {
  const capAmount = values.offerCap.amount.trim();
  const raw = {
    type: values.type,
    cryptoCurrencyCode: values.cryptoCurrencyCode,
    fiatCurrencyCode: values.fiatCurrencyCode,
    paymentMethodSlug: values.paymentMethodSlug,
    priceType: values.priceType,
    ...(values.priceType === "margin"
      ? { margin: values.margin.trim(), fixedPrice: null }
      : { fixedPrice: values.fixedPrice.trim() }),
    rangeType: values.rangeType,
    fiatLimitMin: values.fiatLimitMin.trim(),
    fiatLimitMax: values.fiatLimitMax.trim(),
    predefinedAmounts: values.rangeType === "predefined" ? values.predefinedAmounts.map((amount) => amount.trim()) : [],
    newBuyerMaxFiatLimit: values.newBuyerMaxFiatLimit.trim() === "" ? null : values.newBuyerMaxFiatLimit.trim(),
    paymentWindowMinutes: Number(values.paymentWindowMinutes),
    offerTerms: values.offerTerms,
    tradeDetails: values.tradeDetails,
    label: values.label.trim(),
    tags: values.tags,
    requireMinPastTrades:
      values.requireMinPastTrades.trim() === "" ? 0 : Number(canonicalDigits(values.requireMinPastTrades)),
    requireVerifiedId: values.requireVerifiedId,
    requireFullNameVisibility: values.requireFullNameVisibility,
    showOnlyTrustedUser: values.showOnlyTrustedUser,
    isAnonymousUserRestricted: values.isAnonymousUserRestricted,
    availableIn: values.availableIn,
    dutyHours: values.hasDutyHours
      ? values.dutyHours
          .filter((row) => row.active)
          .map(({ day, startTime, endTime, active }) => ({ day, startTime, endTime, active }))
      : [],
    timezone: values.timezone,
    cardRegions: options.paymentMethodGroupSlug === "gift-cards" ? values.cardRegions : [],
    isActive: values.isActive,
    // Accounts are the payee's: only a sell offer's vendor is paid into them.
    ...(values.type === "sell" && values.bankAccountIds !== null
      ? { bankAccountIds: values.bankAccountIds.map(Number) }
      : {}),
    ...(options.isOfferCapEnabled
      ? {
          offerCap:
            capAmount === "" && !values.offerCap.active
              ? null
              : { amount: capAmount === "" ? null : capAmount, active: values.offerCap.active },
        }
      : {}),
  };
  return offerCreateRequestSchema.parse(raw);
}
