import { BANK_ACCOUNTS_MAX, BankAccountErrorCode, ErrorCode } from "@souk/contracts";
import { conflict, DomainError, notFound } from "../../platform/index.ts";

/** The one answer for "no such account" and "not yours": existence never leaks. */
export const bankAccountNotFound = () => notFound("No such bank account.", BankAccountErrorCode.BANK_ACCOUNT_NOT_FOUND);

/** The spec's 422 on deleting an account an active offer uses; details name the offers. */
export const bankAccountInUse = (offerIds: string[]) =>
  new DomainError(
    BankAccountErrorCode.BANK_ACCOUNT_IN_USE,
    "validation",
    "This bank account is attached to an active offer: detach it or switch the offer off first.",
    { offerIds },
  );

export const tooManyBankAccounts = () =>
  conflict(`A user keeps at most ${BANK_ACCOUNTS_MAX} bank accounts.`, ErrorCode.CONFLICT, { max: BANK_ACCOUNTS_MAX });
