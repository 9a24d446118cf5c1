import { compareDecimal, parseDecimal } from "@souk/money";
import type { OfferRangeType } from "./offers.ts";

/**
 * The rules of an offer's amounts that need several fields, written once for the server
 * (offers.domain.ts validateDraft) and the web wizard (wizard-form.ts checkWizardValues). Values are
 * canonical decimal text; a field that is empty or not a number yet is null, and the rules that
 * need it wait.
 */
export interface OfferDraftAmounts {
  rangeType: OfferRangeType;
  fiatLimitMin: string | null;
  fiatLimitMax: string | null;
  /** The predefined amounts that are numbers (the caller refuses the others). */
  predefinedAmounts: readonly string[];
  newBuyerMaxFiatLimit: string | null;
}

export interface OfferDraftIssue {
  field: "fiatLimitMax" | "predefinedAmounts" | "newBuyerMaxFiatLimit";
  message:
    | "limit_max_below_min"
    | "predefined_amounts_duplicate"
    | "predefined_amount_out_of_range"
    | "new_buyer_limit_out_of_range";
}

const isAbove = (a: string, b: string) => compareDecimal(parseDecimal(a), parseDecimal(b)) > 0;

/**
 * The minimum is at most the maximum; predefined amounts are distinct and, like the new buyers'
 * limit, lie between the two (checked only once the two are in order). Issues come in field order.
 */
export function checkOfferDraft(draft: OfferDraftAmounts): OfferDraftIssue[] {
  const issues: OfferDraftIssue[] = [];
  const { fiatLimitMin: min, fiatLimitMax: max } = draft;
  const range = min !== null && max !== null ? { min, max } : null;
  if (range && isAbove(range.min, range.max)) issues.push({ field: "fiatLimitMax", message: "limit_max_below_min" });
  const inOrder = range !== null && !isAbove(range.min, range.max) ? range : null;
  const isOutside = (amount: string) =>
    inOrder !== null && (isAbove(inOrder.min, amount) || isAbove(amount, inOrder.max));
  if (draft.rangeType === "predefined") {
    if (new Set(draft.predefinedAmounts).size !== draft.predefinedAmounts.length) {
      issues.push({ field: "predefinedAmounts", message: "predefined_amounts_duplicate" });
    }
    if (draft.predefinedAmounts.some(isOutside)) {
      issues.push({ field: "predefinedAmounts", message: "predefined_amount_out_of_range" });
    }
  }
  if (draft.newBuyerMaxFiatLimit !== null && isOutside(draft.newBuyerMaxFiatLimit)) {
    issues.push({ field: "newBuyerMaxFiatLimit", message: "new_buyer_limit_out_of_range" });
  }
  return issues;
}
