import {
  amountInputSchema,
  cryptoCurrencyCodeSchema,
  isAddressFormatValid,
  normalizeAddress,
  type WalletSendRequest,
} from "@souk/contracts";
import { AmountParseError, parseAmount, tryParseAmount } from "@souk/money";
import { z } from "zod";
import type { SendMode } from "./wallet-money.ts";

/**
 * The send form: the contracts' send request (currency, amount, one recipient, the second
 * factor's code) as the user fills it in, with a switch between a username and an address.
 * Amounts are checked exactly with the currency's decimals before anything is sent; the server
 * checks them again and its refusals land on the same fields.
 */

export const SEND_FIELDS = ["cryptoCurrencyCode", "username", "address", "amount", "twoFactorCode"] as const;

export interface SendLimits {
  /** Decimals of the currency's smallest unit. */
  decimals: number;
  /** The most that can be sent in the chosen mode; null while unknown. */
  max: string | null;
  /** The smallest withdrawal; null while unknown. */
  minWithdrawal: string | null;
  /** The sender's own username: sending to oneself is refused as it is typed. */
  selfUsername?: string | null;
}

const parseFailureKeys: Record<AmountParseError["reason"], string> = {
  format: "amount_invalid",
  precision: "amount_too_precise",
  range: "amount_too_large",
};

export function buildSendFormSchema(limits: SendLimits) {
  return z
    .object({
      cryptoCurrencyCode: cryptoCurrencyCodeSchema,
      mode: z.enum(["username", "address"]),
      username: z.string().max(64),
      address: z.string().max(128),
      amount: amountInputSchema,
      twoFactorCode: z.string().max(16),
    })
    .superRefine((values, context) => {
      if (values.mode === "username" && values.username.trim() === "") {
        context.addIssue({ code: "custom", path: ["username"], message: "username_required" });
      }
      if (
        values.mode === "username" &&
        limits.selfUsername &&
        values.username.trim().toLowerCase() === limits.selfUsername.toLowerCase()
      ) {
        context.addIssue({ code: "custom", path: ["username"], message: "cannot_send_to_self" });
      }
      if (values.mode === "address" && values.address.trim() === "") {
        context.addIssue({ code: "custom", path: ["address"], message: "address_required" });
      } else if (values.mode === "address") {
        // The chain's address format, the same rule the server applies (contracts).
        const code = values.cryptoCurrencyCode.trim().toUpperCase();
        if (!isAddressFormatValid(code, normalizeAddress(code, values.address)))
          context.addIssue({ code: "custom", path: ["address"], message: "address_invalid" });
      }
      const amount = values.amount.trim();
      if (amount === "") {
        // An empty field was already refused by the amount schema; blanks only are refused here.
        if (values.amount !== "") context.addIssue({ code: "custom", path: ["amount"], message: "amount_required" });
        return;
      }
      let minor: bigint;
      try {
        minor = parseAmount(amount, limits.decimals);
      } catch (error) {
        if (!(error instanceof AmountParseError)) throw error;
        context.addIssue({ code: "custom", path: ["amount"], message: parseFailureKeys[error.reason] });
        return;
      }
      if (minor === 0n) {
        context.addIssue({ code: "custom", path: ["amount"], message: "amount_must_be_positive" });
        return;
      }
      const minimum = limits.minWithdrawal === null ? null : tryParseAmount(limits.minWithdrawal, limits.decimals);
      if (values.mode === "address" && minimum !== null && minor < minimum) {
        context.addIssue({ code: "custom", path: ["amount"], message: "amount_below_minimum" });
        return;
      }
      const max = limits.max === null ? null : tryParseAmount(limits.max, limits.decimals);
      if (max !== null && minor > max) {
        context.addIssue({ code: "custom", path: ["amount"], message: "amount_above_max" });
      }
    });
}

export type SendFormValues = z.input<ReturnType<typeof buildSendFormSchema>>;

/** The request body of POST /rest/v1/wallet/send: exactly one recipient, the code only when typed. */
export function toSendRequest(values: SendFormValues, mode: SendMode): WalletSendRequest {
  const request: WalletSendRequest = {
    cryptoCurrencyCode: values.cryptoCurrencyCode.trim().toUpperCase(),
    amount: values.amount.trim(),
  };
  if (mode === "username") request.username = values.username.trim();
  else request.address = values.address.trim();
  const code = values.twoFactorCode.trim();
  if (code !== "") request.twoFactorCode = code;
  return request;
}
