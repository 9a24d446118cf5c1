import {
  DECIMAL_INPUT_MAX_LENGTH,
  DECIMAL_INPUT_PATTERN,
  type DecimalInputKind,
  formatDecimal,
  SIGNED_DECIMAL_INPUT_PATTERN,
  tryParseDecimalInput,
  WHOLE_DECIMAL_INPUT_PATTERN,
} from "@souk/money";
import { z } from "zod";

/**
 * A decimal as a person types it, in one of the kinds the money package parses (unsigned, signed,
 * whole), made canonical ("007.50" -> "7.50", "12." -> "12", "-0" -> "0"), which is exact, never
 * rounded. The schema accepts exactly what parseDecimalInput accepts (a property test holds them
 * together), so a value that passes can never fail to parse further in.
 */
export function decimalInput(
  kind: DecimalInputKind,
  messages: { invalid: string; tooLong?: string; required?: string; maxLength?: number },
) {
  const pattern =
    kind === "signed"
      ? SIGNED_DECIMAL_INPUT_PATTERN
      : kind === "whole"
        ? WHOLE_DECIMAL_INPUT_PATTERN
        : DECIMAL_INPUT_PATTERN;
  return z
    .string(messages.required ? { message: messages.required } : undefined)
    .max(Math.min(messages.maxLength ?? DECIMAL_INPUT_MAX_LENGTH, DECIMAL_INPUT_MAX_LENGTH), {
      message: messages.tooLong ?? "decimal_too_long",
    })
    .regex(pattern, { message: messages.invalid })
    .transform((text, context) => {
      const value = tryParseDecimalInput(text, kind);
      if (value === null) {
        context.addIssue({ code: "custom", message: messages.invalid });
        return z.NEVER;
      }
      return formatDecimal(value);
    });
}

/** Decimal amount (docs/product.md#amount-inputs): digits with an optional single dot and an optional fraction. */
export const decimalInputSchema = decimalInput("unsigned", { invalid: "decimal_invalid" });

/** A margin: a decimal that may be negative ("-2.5"). */
export const signedDecimalInputSchema = decimalInput("signed", { invalid: "decimal_invalid" });

/** Numeric limit input in offers accepts digits only (docs/product.md#amount-inputs); leading zeros are dropped. */
export const digitsTextSchema = decimalInput("whole", {
  invalid: "digits_only",
  tooLong: "amount_too_large",
  maxLength: 15,
});

/** The same, also taking a JSON number (a whole one: "12.5" or 12.5 is refused as not digits). */
export const digitsInputSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .pipe(digitsTextSchema);
