import { z } from "zod";
import { pageQuerySchema } from "./envelope.ts";

/**
 * The wallet (docs/product.md#wallet): balances, receiving addresses,
 * deposits, sends and withdrawals, the bond and the transaction history. Every amount is a
 * decimal string with all of its currency's decimals ("0.00150000"), never a JS number.
 */

export const WalletErrorCode = {
  /** A daily send limit of the user's verification level would be passed (kind validation, 422). */
  SEND_LIMIT_EXCEEDED: "ERROR_SEND_LIMIT_EXCEEDED",
  /** The bond of this currency is already deposited (kind conflict, 409). */
  BOND_ALREADY_DEPOSITED: "ERROR_BOND_ALREADY_DEPOSITED",
  /** No bond is deposited (kind conflict, 409). */
  BOND_NOT_DEPOSITED: "ERROR_BOND_NOT_DEPOSITED",
  DEPOSIT_NOT_FOUND: "ERROR_DEPOSIT_NOT_FOUND",
  /** The second factor is required or wrong (kind forbidden, 403). */
  SECOND_FACTOR_REQUIRED: "ERROR_SECOND_FACTOR_REQUIRED",
  /** The chain node does not answer before the first deposit address of a fresh install (kind busy, 503). */
  CUSTODY_UNAVAILABLE: "ERROR_CUSTODY_UNAVAILABLE",
} as const;

/** A crypto currency code as typed: "btc" and "BTC" are the same currency. */
export const cryptoCurrencyCodeSchema = z
  .string({ message: "crypto_currency_code_required" })
  .trim()
  .min(1, { message: "crypto_currency_code_required" })
  .max(16, { message: "crypto_currency_code_unknown" })
  .transform((code) => code.toUpperCase());

/**
 * An amount as typed. Only its length is checked here: whether it is an exact amount of the
 * currency (digits, decimals, range, above zero) is checked with the currency's decimals, and
 * the failure is reported on the field (amount_invalid, amount_too_precise, amount_too_large,
 * amount_must_be_positive). A JSON number is refused: floats never carry money.
 */
export const amountInputSchema = z
  .string({ message: "amount_must_be_a_string" })
  .min(1, { message: "amount_required" })
  .max(64, { message: "amount_invalid" });

// ---- balances ------------------------------------------------------------------------------

/** Wallet balance (docs/product.md#wallet), with what is held elsewhere for the same user. */
export const walletBalanceSchema = z.object({
  cryptoCurrencyCode: z.string(),
  /** Spendable now. */
  balance: z.string(),
  /** Deposits seen on the chain that do not have enough confirmations yet. */
  incomingAmount: z.string(),
  /** Held in escrow for the user's open trades as seller (amount plus fee). */
  escrowAmount: z.string(),
  /** Deposited as the vendor bond. */
  bondAmount: z.string(),
  /** Withdrawals requested and not yet completed (amount plus network fee). */
  pendingWithdrawalAmount: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletBalancesMetaSchema = z.object({
  /** Sum of each currency's spendable balance in the user's fiat currency, at least 2 decimals. */
  totalBalance: z.string(),
  fiatCurrencyCode: z.string(),
  ratesAsOf: z.string().nullable(),
  /** Currencies left out of the total because no rate is known. */
  missingRates: z.array(z.string()),
});
export type WalletBalancesMeta = z.infer<typeof walletBalancesMetaSchema>;

// ---- receiving -----------------------------------------------------------------------------

export const walletCurrencyQuerySchema = z.object({ cryptoCurrencyCode: cryptoCurrencyCodeSchema });
export type WalletCurrencyQuery = z.infer<typeof walletCurrencyQuerySchema>;

export const walletAddressSchema = z.object({
  cryptoCurrencyCode: z.string(),
  address: z.string(),
  /** Which chain handed it out ("dev" for the built-in development chain). */
  network: z.string(),
  /** Confirmations before a deposit to it is credited. */
  confirmationsRequired: z.number().int(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;

/** `dropped`: the chain rewound the deposit's block before it was credited (it may come back). */
export const DEPOSIT_STATUSES = ["pending", "credited", "dropped"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const walletDepositSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  cryptoCurrencyCode: z.string(),
  amount: z.string(),
  address: z.string(),
  txid: z.string(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  /**
   * True while the chain's node does not answer: confirmations are not counted until it does
   * (the deposit is not lost; it is credited once the node is back and the depth is reached).
   */
  isDelayed: z.boolean(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type WalletDeposit = z.infer<typeof walletDepositSchema>;

export const walletDepositsQuerySchema = pageQuerySchema.extend({
  cryptoCurrencyCode: cryptoCurrencyCodeSchema.optional(),
  status: z.enum(DEPOSIT_STATUSES, { message: "status_unknown" }).optional(),
});
export type WalletDepositsQuery = z.infer<typeof walletDepositsQuerySchema>;

const confirmationsSchema = z
  .number({ message: "confirmations_invalid" })
  .int({ message: "confirmations_invalid" })
  .min(0, { message: "confirmations_invalid" })
  .max(1_000_000, { message: "confirmations_invalid" });

/** POST /rest/v1/admin/wallet/deposits: a dev-chain deposit seen for a user (admin only). */
export const adminDepositRequestSchema = z.object({
  username: z.string().trim().min(1, { message: "username_required" }).max(64),
  amount: amountInputSchema,
  cryptoCurrencyCode: cryptoCurrencyCodeSchema,
  /** Without it the deposit arrives with the currency's required confirmations (credited at once). */
  confirmations: confirmationsSchema.optional(),
});
export type AdminDepositRequest = z.infer<typeof adminDepositRequestSchema>;

/** POST /rest/v1/admin/wallet/deposits/{id}/confirm: without a count, one more confirmation. */
export const adminConfirmDepositRequestSchema = z.object({ confirmations: confirmationsSchema.optional() });
export type AdminConfirmDepositRequest = z.infer<typeof adminConfirmDepositRequestSchema>;

export const depositIdParamsSchema = z.object({
  id: z.coerce.number({ message: "id_invalid" }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// ---- sending -------------------------------------------------------------------------------

/**
 * POST /rest/v1/wallet/send: to another Souk user by username, or to an address (a Souk user's
 * address is an instant internal send; any other address is a withdrawal). Exactly one of
 * username and address. Send an Idempotency-Key: a retry with it moves the money once.
 */
export const walletSendRequestSchema = z
  .object({
    cryptoCurrencyCode: cryptoCurrencyCodeSchema,
    amount: amountInputSchema,
    username: z.string().trim().min(1, { message: "username_required" }).max(64).optional(),
    address: z.string().trim().min(1, { message: "address_required" }).max(128).optional(),
    /** The second factor's code when the user has one enabled for withdrawals. */
    twoFactorCode: z.string().max(16).optional(),
  })
  .superRefine((value, context) => {
    if (value.username === undefined && value.address === undefined) {
      context.addIssue({ code: "custom", path: ["username"], message: "recipient_required" });
    }
    if (value.username !== undefined && value.address !== undefined) {
      context.addIssue({ code: "custom", path: ["address"], message: "recipient_ambiguous" });
    }
  });
export type WalletSendRequest = z.infer<typeof walletSendRequestSchema>;

/**
 * awaiting_approval: above the approval threshold, held by the ledger until staff approve (then
 * 'held') or reject (then 'rejected', the funds back to available).
 */
export const WITHDRAWAL_STATES = [
  "awaiting_approval",
  "held",
  "broadcasting",
  "completed",
  "failed",
  "rejected",
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const walletWithdrawalSchema = z.object({
  id: z.number().int(),
  cryptoCurrencyCode: z.string(),
  address: z.string(),
  amount: z.string(),
  networkFee: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  txid: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletWithdrawal = z.infer<typeof walletWithdrawalSchema>;

export const walletSendResultSchema = z.object({
  /** internal: credited to another Souk user at once; withdrawal: leaves for an outside address. */
  type: z.enum(["internal", "withdrawal"]),
  cryptoCurrencyCode: z.string(),
  amount: z.string(),
  /** Network fee charged on top of the amount ("0..." for internal sends). */
  networkFee: z.string(),
  /** The recipient's username for internal sends. */
  username: z.string().nullable(),
  address: z.string().nullable(),
  /** Ledger transfer id (a digit string: ids are 64-bit). */
  transferId: z.string(),
  withdrawal: walletWithdrawalSchema.nullable(),
  createdAt: z.string(),
});
export type WalletSendResult = z.infer<typeof walletSendResultSchema>;

/** GET /rest/v1/wallet/send-info: what a send of this currency costs and how much is left today. */
export const walletSendInfoSchema = z.object({
  cryptoCurrencyCode: z.string(),
  balance: z.string(),
  networkFee: z.string(),
  minWithdrawal: z.string(),
  dailyLimit: z.string(),
  sentToday: z.string(),
  remainingToday: z.string(),
  /** The most that can be withdrawn right now (balance and limit, after the network fee). */
  maxWithdrawal: z.string(),
  isWithdrawalSupported: z.boolean(),
});
export type WalletSendInfo = z.infer<typeof walletSendInfoSchema>;

export const broadcastReportSchema = z.object({
  claimed: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  retryLater: z.number().int(),
});
export type BroadcastReport = z.infer<typeof broadcastReportSchema>;

// ---- bond ----------------------------------------------------------------------------------

/** POST /wallet/deposit-bond (crypto_currency_code arrives camel-cased). */
export const bondDepositRequestSchema = z.object({ cryptoCurrencyCode: cryptoCurrencyCodeSchema });
export type BondDepositRequest = z.infer<typeof bondDepositRequestSchema>;

/** POST /wallet/retrieve-bond: without a currency, every deposited bond comes back. */
export const bondRetrieveRequestSchema = z.object({ cryptoCurrencyCode: cryptoCurrencyCodeSchema.optional() });
export type BondRetrieveRequest = z.infer<typeof bondRetrieveRequestSchema>;

export const bondOptionSchema = z.object({
  cryptoCurrencyCode: z.string(),
  requiredAmount: z.string(),
  heldAmount: z.string(),
  /** What is still missing to complete this currency's bond ("0..." when complete). */
  missingAmount: z.string(),
  /** Whether the user's spendable balance covers the missing amount. */
  isAvailable: z.boolean(),
  isComplete: z.boolean(),
});
export type BondOption = z.infer<typeof bondOptionSchema>;

export const bondStatusSchema = z.object({
  /** No currency's bond is complete: offers that need a bond stay disabled. */
  isBondInsufficient: z.boolean(),
  options: z.array(bondOptionSchema),
});
export type BondStatus = z.infer<typeof bondStatusSchema>;

// ---- history -------------------------------------------------------------------------------

export const WALLET_TRANSACTION_TYPES = [
  "deposit",
  "withdrawal",
  "trade_escrow",
  "trade_release",
  /** An offer bid held from the balance (out), or given back when outbid or cancelled (in). */
  "offer_bid",
  "fee",
  "bond",
  "internal_transfer",
  /** A reversing transfer an operator booked to correct a mistake. */
  "correction",
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

const dateOrDateTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: "date_invalid" });

/** GET /rest/v1/wallet/transactions. from and to are inclusive; a plain date means the whole day (UTC). */
export const walletTransactionsQuerySchema = pageQuerySchema.extend({
  cryptoCurrencyCode: cryptoCurrencyCodeSchema.optional(),
  type: z.enum(WALLET_TRANSACTION_TYPES, { message: "type_unknown" }).optional(),
  from: dateOrDateTimeSchema.optional(),
  to: dateOrDateTimeSchema.optional(),
});
export type WalletTransactionsQuery = z.infer<typeof walletTransactionsQuerySchema>;

export const walletTransactionSchema = z.object({
  /** Stable id of this movement: "<transferId>-<position>". */
  id: z.string(),
  transferId: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  direction: z.enum(["in", "out"]),
  cryptoCurrencyCode: z.string(),
  /** Always positive; direction says which way. */
  amount: z.string(),
  /** The other user of an internal transfer. */
  counterpartyUsername: z.string().nullable(),
  /** The outside address of a withdrawal. */
  address: z.string().nullable(),
  /** Withdrawals: held, broadcasting, completed, failed; everything else: completed. */
  status: z.string(),
  txid: z.string().nullable(),
  /** The public id of the trade of trade_escrow, trade_release and trade fees (its page is /trade/{id}). */
  tradeId: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

// ---- addresses ---------------------------------------------------------------------------------

const BECH32_BTC = /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/;
const BASE58_BTC = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
const GENERIC_ADDRESS = /^[A-Za-z0-9]{16,128}$/;

/** EVM addresses (ETH, USDT as ERC-20) and bech32 ones compare without regard to case. */
export function normalizeAddress(code: string, address: string): string {
  const trimmed = address.trim();
  if (code === "ETH" || code === "USDT") return trimmed.toLowerCase();
  if (code === "BTC" && /^(bc1|tb1|bcrt1)/i.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

/**
 * Whether a (normalized) address has the format of the currency's chain. The server checks every
 * withdrawal with it (through its chain adapter); the send form checks as the user types.
 */
export function isAddressFormatValid(code: string, address: string): boolean {
  if (code === "BTC") return BECH32_BTC.test(address) || BASE58_BTC.test(address);
  if (code === "ETH" || code === "USDT") return EVM_ADDRESS.test(address);
  return GENERIC_ADDRESS.test(address);
}
