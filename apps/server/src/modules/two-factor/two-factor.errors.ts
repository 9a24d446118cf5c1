import { WalletErrorCode } from "@souk/contracts";
import { conflict, DomainError, inputError, rateLimited } from "../../platform/index.ts";
import type { CodeOutcome } from "./two-factor.check.ts";

/**
 * A guarded action (release, send) without the right code: the spec's ERROR_SECOND_FACTOR_REQUIRED
 * on the field that carries the code (`code` for a release, `twoFactorCode` for a send).
 */
export const secondFactorRequired = (field: string, key = "second_factor_required") =>
  new DomainError(WalletErrorCode.SECOND_FACTOR_REQUIRED, "forbidden", "Enter the code of your second factor.", {
    [field]: [key],
  });

export const noEnrolment = () => conflict("Start enrolment first: choose a second factor.");
export const alreadyEnabled = () => conflict("A second factor is already on; turn it off first.");
export const notEnabled = () => conflict("No second factor is on.");
export const phoneRequired = () =>
  inputError({ type: ["two_factor.phone_required"] }, "Verify a phone number first to receive codes by SMS.");

/** A refused code on a two-factor route: too many tries (429), or an input error on `code`. */
export function codeRefusal(outcome: Exclude<CodeOutcome, { outcome: "passed" }>, field = "code"): DomainError {
  if (outcome.outcome === "throttled") return rateLimited("Too many wrong codes; try again later.", outcome.retryAfter);
  const key = outcome.outcome === "no_factor" ? "two_factor.none" : `two_factor.${outcome.reason}`;
  return inputError({ [field]: [key] }, "The code was not accepted.");
}
