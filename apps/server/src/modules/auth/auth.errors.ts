import { ErrorCode } from "@souk/contracts";
import { DomainError } from "../../platform/index.ts";

export const invalidCredentials = () =>
  new DomainError(ErrorCode.INVALID_CREDENTIALS, "unauthenticated", "The login or password is wrong.");

export const accountBanned = () => new DomainError(ErrorCode.ACCOUNT_BANNED, "forbidden", "This account is banned.");

export const accountClosed = () => new DomainError(ErrorCode.ACCOUNT_CLOSED, "forbidden", "This account is closed.");
