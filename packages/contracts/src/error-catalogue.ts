import type { AdminErrorCode } from "./admin.ts";
import type { ApprovalErrorCode } from "./approvals.ts";
import type { BankAccountErrorCode } from "./bank-accounts.ts";
import type { ChatErrorCode } from "./chat.ts";
import type { ErrorCode } from "./errors.ts";
import type { ExportErrorCode } from "./exports.ts";
import type { FeedbackErrorCode } from "./feedback.ts";
import type { LedgerErrorCode } from "./ledger.ts";
import type { OfferModerationErrorCode } from "./offer-moderation.ts";
import type { OfferErrorCode } from "./offers.ts";
import type { ReferenceErrorCode } from "./reference.ts";
import type { SiteErrorCode } from "./site.ts";
import type { TradeErrorCode } from "./trades.ts";
import type { VerificationErrorCode } from "./verification.ts";
import type { WalletErrorCode } from "./wallet.ts";

type ValueOf<Catalogue> = Catalogue[keyof Catalogue];

/**
 * Every error code the server may answer with: the platform's and each area's catalogue. Closed, so
 * a code that is in no catalogue does not compile (docs/product.md#error-envelope).
 */
export type ErrorCodeValue =
  | ValueOf<typeof ErrorCode>
  | ValueOf<typeof AdminErrorCode>
  | ValueOf<typeof ApprovalErrorCode>
  | ValueOf<typeof BankAccountErrorCode>
  | ValueOf<typeof ChatErrorCode>
  | ValueOf<typeof ExportErrorCode>
  | ValueOf<typeof FeedbackErrorCode>
  | ValueOf<typeof LedgerErrorCode>
  | ValueOf<typeof OfferErrorCode>
  | ValueOf<typeof OfferModerationErrorCode>
  | ValueOf<typeof ReferenceErrorCode>
  | ValueOf<typeof SiteErrorCode>
  | ValueOf<typeof TradeErrorCode>
  | ValueOf<typeof VerificationErrorCode>
  | ValueOf<typeof WalletErrorCode>;
