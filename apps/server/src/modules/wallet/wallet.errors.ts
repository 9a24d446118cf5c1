import { WalletErrorCode } from "@souk/contracts";
import { conflict, DomainError, inputError, notFound } from "../../platform/index.ts";

export const amountError = (field: string, key: string) => inputError({ [field]: [key] });

export const currencyError = (key: string) => inputError({ cryptoCurrencyCode: [key] });

export const recipientError = (field: "username" | "address", key: string) => inputError({ [field]: [key] });

export const sendLimitExceeded = (details: { dailyLimit: string; sentToday: string; remainingToday: string }) =>
  new DomainError(WalletErrorCode.SEND_LIMIT_EXCEEDED, "validation", "This send passes your daily limit.", {
    amount: ["daily_limit_exceeded"],
    ...details,
  });

export const bondAlreadyDeposited = () =>
  conflict("The bond of this currency is already deposited.", WalletErrorCode.BOND_ALREADY_DEPOSITED);

export const bondNotDeposited = () => conflict("No bond is deposited.", WalletErrorCode.BOND_NOT_DEPOSITED);

export const depositNotFound = () => notFound("No such deposit.", WalletErrorCode.DEPOSIT_NOT_FOUND);

export const inputErrorForRange = () => inputError({ to: ["date_range_invalid"] });

/** The chain node does not answer, and a deposit address cannot yet be handed out safely. */
export const custodyUnavailable = () =>
  new DomainError(
    WalletErrorCode.CUSTODY_UNAVAILABLE,
    "busy",
    "Deposits of this currency are not available right now; try again in a few minutes.",
  );
