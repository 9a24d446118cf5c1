import { LedgerErrorCode } from "@souk/contracts";
import { conflict, DomainError, inputError } from "../../platform/index.ts";

/**
 * An overdraft is a conflict with the account's state (409), not malformed input: the same
 * request may succeed after a deposit. details.amount lets a form show it on the amount field.
 * Which account and how much it holds stay out of the answer.
 */
export const insufficientBalance = () =>
  new DomainError(LedgerErrorCode.INSUFFICIENT_BALANCE, "conflict", "The balance is too low for this amount.", {
    amount: ["insufficient_balance"],
  });

export const idempotencyConflict = () =>
  new DomainError(
    LedgerErrorCode.IDEMPOTENCY_CONFLICT,
    "conflict",
    "This idempotency key was already used for a different transfer.",
  );

export const escrowAlreadySettled = () =>
  new DomainError(LedgerErrorCode.ESCROW_ALREADY_SETTLED, "conflict", "This trade's escrow was already settled.");

export const escrowAlreadyHeld = () =>
  new DomainError(LedgerErrorCode.ESCROW_ALREADY_HELD, "conflict", "This trade's escrow is already held.");

export const escrowNotHeld = () =>
  new DomainError(LedgerErrorCode.ESCROW_NOT_HELD, "conflict", "No escrow is held for this trade.");

export const escrowAmountMismatch = () =>
  new DomainError(
    LedgerErrorCode.ESCROW_AMOUNT_MISMATCH,
    "conflict",
    "The amounts do not settle the escrow held for this trade exactly.",
  );

export const alreadyReversed = () =>
  new DomainError(LedgerErrorCode.ALREADY_REVERSED, "conflict", "This transfer was already reversed.");

/** An account that had to be emptied held another amount by the time it was locked. */
export const balanceChanged = () => conflict("The balance changed while this request ran; try again.");

/** Lock waits or serialization retries ran out. The web retries this code (docs/product.md#busy-ledger-retry). */
export const ledgerBusy = () =>
  new DomainError(LedgerErrorCode.LEDGER_BUSY, "busy", "The ledger is busy; the request was not applied. Try again.");

export const unknownCryptoCurrency = (field = "cryptoCurrencyCode") =>
  inputError({ [field]: ["crypto_currency_unknown"] });

/** A programming error in a caller (a malformed transfer): never shown to users as such. */
export class LedgerUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerUsageError";
  }
}
