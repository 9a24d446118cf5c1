import { z } from "zod";
import { ErrorCode } from "./errors.ts";

/**
 * The ledger's vocabulary and its admin report. Amounts move as bigint minor units inside the
 * server; here they are decimal strings or minor-unit digit strings, never JS numbers.
 */

export const LEDGER_ACCOUNT_KINDS = ["available", "escrow", "bond", "fees", "world", "withdrawal"] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSFER_KINDS = [
  "deposit",
  "internal_transfer",
  "withdrawal_hold",
  "withdrawal_complete",
  "withdrawal_void",
  "escrow_hold",
  "escrow_post",
  "escrow_void",
  "bond_deposit",
  "bond_retrieve",
  "reversal",
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** What a leg of a transfer is for. */
export const LEDGER_ENTRY_CODES = ["principal", "fee", "network_fee"] as const;
export type LedgerEntryCode = (typeof LEDGER_ENTRY_CODES)[number];

/** Escrow fee paid by the seller when nothing overrides it: 1 %. */
export const DEFAULT_ESCROW_FEE_BPS = 100;
/** Platform fee accounts per currency; a trade's fee goes to the shard its id hashes to. */
export const FEE_SHARD_COUNT = 16;

export const LedgerErrorCode = {
  /** The paying account would go below zero (kind conflict, 409). */
  INSUFFICIENT_BALANCE: "ERROR_INSUFFICIENT_BALANCE",
  /** The same ledger idempotency key was used for another transfer (kind conflict, 409). */
  IDEMPOTENCY_CONFLICT: "ERROR_LEDGER_IDEMPOTENCY_CONFLICT",
  /** The trade's escrow was already posted or voided (kind conflict, 409). */
  ESCROW_ALREADY_SETTLED: "ERROR_ESCROW_ALREADY_SETTLED",
  /** The trade's escrow is already held; a trade holds once (kind conflict, 409). */
  ESCROW_ALREADY_HELD: "ERROR_ESCROW_ALREADY_HELD",
  /** There is no escrow held for this trade (kind conflict, 409). */
  ESCROW_NOT_HELD: "ERROR_ESCROW_NOT_HELD",
  /** A post or void did not empty the escrow exactly (kind conflict, 409). */
  ESCROW_AMOUNT_MISMATCH: "ERROR_ESCROW_AMOUNT_MISMATCH",
  /** The transfer was already reversed (kind conflict, 409). */
  ALREADY_REVERSED: "ERROR_LEDGER_ALREADY_REVERSED",
  /** Lock wait or serialization retries ran out: try again (kind busy, 503; the web retries it). */
  LEDGER_BUSY: ErrorCode.LEDGER_BUSY,
} as const;

export const ledgerCheckSchema = z.object({
  /** Stable name, e.g. "transfers_balanced". */
  name: z.string(),
  /** The invariant it proves (docs/reliability.md#ledger-invariants), e.g. "I1". */
  invariant: z.string(),
  description: z.string(),
  isOk: z.boolean(),
  /** How many rows (transfers, accounts, currencies) the check looked at. */
  checkedCount: z.number().int(),
  /** At most the first 20 problems, as readable sentences. */
  problems: z.array(z.string()),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const ledgerVerifyReportSchema = z.object({
  isOk: z.boolean(),
  checkedAt: z.string(),
  durationMs: z.number().int(),
  checks: z.array(ledgerCheckSchema),
});
export type LedgerVerifyReport = z.infer<typeof ledgerVerifyReportSchema>;
