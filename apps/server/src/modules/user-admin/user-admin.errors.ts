import { AdminErrorCode } from "@souk/contracts";
import { conflict, type DomainError, forbidden, inputError } from "../../platform/index.ts";
import type { StaffRefusal } from "./user-admin.domain.ts";

/** The envelope answer of each refusal of the domain. */
export function refusalError(refusal: StaffRefusal): DomainError {
  switch (refusal) {
    case "self":
      return forbidden("Staff cannot act on their own account.", AdminErrorCode.STAFF_ACTION_ON_SELF);
    case "higher_role":
      return forbidden("This account's role is as high as yours.", AdminErrorCode.STAFF_ACTION_ON_HIGHER_ROLE);
    case "closed":
      return conflict("This account is closed.", AdminErrorCode.STAFF_ACTION_ON_CLOSED_ACCOUNT);
    case "already_restricted":
      return conflict("This restriction is already in place.", AdminErrorCode.ALREADY_RESTRICTED);
    case "not_restricted":
      return conflict("This account has no such restriction.", AdminErrorCode.NOT_RESTRICTED);
    case "role_unchanged":
      return conflict("The account's roles already say so.", AdminErrorCode.ROLE_UNCHANGED);
    case "until_in_past":
      return inputError({ until: ["until_in_past"] });
  }
}
