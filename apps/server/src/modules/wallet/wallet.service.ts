import { randomUUID } from "node:crypto";
import type {
  WalletAddress,
  WalletBalance,
  WalletBalancesMeta,
  WalletSendInfo,
  WalletSendRequest,
  WalletSendResult,
} from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Db, Tx } from "../../db/pool.ts";
import { recordActivity } from "../account-security/index.ts";
import { accounts, getOwnerBalances, type TransferLeg, transfer, withLedgerTx } from "../ledger/index.ts";
import {
  type CryptoCurrency,
  getCurrentRates,
  getFiatCurrencyByCode,
  listCryptoCurrencies,
} from "../reference/index.ts";
import { findUserIdByUsername, getCurrentUser } from "../users/index.ts";
import { ensureDepositAddress, requireCurrency } from "./deposits.service.ts";
import { hasFrozenDeposit } from "./evm/evm.repo.ts";
import { chainAdapterFor } from "./wallet.chain.ts";
import {
  constantMinor,
  dailyLimitMinor,
  MIN_WITHDRAWALS,
  NETWORK_FEES,
  normalizeAddress,
  parseAmountInput,
  totalInFiat,
} from "./wallet.domain.ts";
import { amountError, currencyError, recipientError, sendLimitExceeded } from "./wallet.errors.ts";
import * as repo from "./wallet.repo.ts";
import { assertSecondFactor } from "./wallet.second-factor.ts";
import { confirmationsRequiredFor, loadWalletSettings } from "./wallet.settings.ts";
import { approvalsNeededFor, requestWithdrawalApproval, withdrawalThresholdsOf } from "./withdrawal-approvals.ts";
import { toWithdrawalView } from "./withdrawals.service.ts";

/** The rolling window of the daily send limit. */
const SEND_LIMIT_WINDOW_HOURS = 24;

// ---- balances ------------------------------------------------------------------------------

/** GET /rest/v2/wallet/balances: every crypto currency, with the total in the user's fiat. */
export async function getBalances(
  db: Db,
  userId: number,
): Promise<{ balances: WalletBalance[]; meta: WalletBalancesMeta }> {
  const [currencies, owned, pending, user, rates] = await Promise.all([
    listCryptoCurrencies(db),
    getOwnerBalances(db, userId),
    repo.sumPendingDeposits(db, userId),
    getCurrentUser(db, userId),
    getCurrentRates(db),
  ]);
  const balanceOf = (currencyId: number, kind: string) =>
    owned.find((row) => row.currencyId === currencyId && row.kind === kind)?.balanceMinor ?? 0n;
  const balances = currencies.map((currency) => {
    const incoming = pending.find((row) => row.currency_id === currency.id)?.total ?? "0";
    const format = (minor: bigint) => formatAmount(minor, currency.decimals);
    return {
      cryptoCurrencyCode: currency.code,
      balance: format(balanceOf(currency.id, "available")),
      incomingAmount: format(BigInt(incoming)),
      escrowAmount: format(balanceOf(currency.id, "escrow")),
      bondAmount: format(balanceOf(currency.id, "bond")),
      pendingWithdrawalAmount: format(balanceOf(currency.id, "withdrawal")),
    };
  });
  const fiat = await getFiatCurrencyByCode(db, user.fiatCurrencyCode);
  const total = totalInFiat(
    currencies.map((currency) => ({
      code: currency.code,
      minor: balanceOf(currency.id, "available"),
      decimals: currency.decimals,
    })),
    rates,
    user.fiatCurrencyCode,
    fiat?.decimals ?? 2,
  );
  return {
    balances,
    meta: {
      totalBalance: total.total,
      fiatCurrencyCode: total.fiatCurrencyCode,
      ratesAsOf: rates.asOf,
      missingRates: total.missingRates,
    },
  };
}

// ---- receiving -----------------------------------------------------------------------------

export async function getDepositAddress(db: Db, userId: number, code: string): Promise<WalletAddress> {
  const currency = await requireCurrency(db, code);
  if (currency.isBlocked) throw currencyError("crypto_currency_blocked");
  const address = await ensureDepositAddress(db, userId, currency);
  const adapter = chainAdapterFor(db, currency.code);
  return {
    cryptoCurrencyCode: currency.code,
    address: adapter.displayAddress?.(address.address) ?? address.address,
    network: address.adapter,
    confirmationsRequired: confirmationsRequiredFor(currency, loadWalletSettings()),
  };
}

// ---- sending -------------------------------------------------------------------------------

export interface Sender {
  userId: number;
  username: string;
}

type Recipient =
  | { type: "internal"; userId: number; username: string; viaAddress: string | null }
  | { type: "withdrawal"; address: string };

/**
 * POST /rest/v1/wallet/send. The ledger key is `send:u<sender>:<Idempotency-Key>`: a retry with
 * the same key (after a crash between commit and answer, say) finds the first transfer and
 * answers with it instead of moving the money again. Without a key each call is a new send.
 */
export async function sendCrypto(
  db: Db,
  sender: Sender,
  input: WalletSendRequest,
  idempotencyKey: string | null,
): Promise<WalletSendResult> {
  const currency = await requireCurrency(db, input.cryptoCurrencyCode);
  if (currency.isBlocked) throw currencyError("crypto_currency_blocked");
  const amountMinor = parseAmountInput(input.amount, currency.decimals);
  const recipient = await resolveRecipient(db, sender, currency, input);
  await assertSecondFactor(db, sender.userId, "withdrawal", input.twoFactorCode);
  const user = await getCurrentUser(db, sender.userId);
  const dailyLimit = dailyLimitMinor(currency.code, currency.decimals, user.kycLevelCheck.level);
  if (dailyLimit === null) throw currencyError("send_not_supported");
  const ledgerKey = `send:u${sender.userId}:${idempotencyKey ?? randomUUID()}`;

  if (recipient.type === "internal") {
    return withLedgerTx(db, async (tx) => {
      const sent = await transfer(tx, {
        idempotencyKey: ledgerKey,
        kind: "internal_transfer",
        currencyId: currency.id,
        reference: { type: "user", id: String(recipient.userId) },
        legs: [{ from: accounts.available(sender.userId), to: accounts.available(recipient.userId), amountMinor }],
      });
      const row = sent.isReplayed
        ? (await repo.findSendsByTransferIds(tx, [sent.transferId]))[0]
        : await repo.insertSend(tx, {
            transferId: sent.transferId,
            senderUserId: sender.userId,
            recipientUserId: recipient.userId,
            senderUsername: sender.username,
            recipientUsername: recipient.username,
            currencyId: currency.id,
            amountMinor,
            toAddress: recipient.viaAddress,
          });
      if (!row) throw new Error(`transfer ${sent.transferId} has no send record`);
      if (!sent.isReplayed) {
        await assertWithinDailyLimit(tx, sender.userId, currency, dailyLimit);
        await recordActivity(tx, {
          userId: sender.userId,
          type: "withdrawal",
          details: {
            amount: formatAmount(amountMinor, currency.decimals),
            currency: currency.code,
            to: recipient.username,
          },
        });
      }
      return {
        type: "internal" as const,
        cryptoCurrencyCode: currency.code,
        amount: formatAmount(row.amount_minor, currency.decimals),
        networkFee: formatAmount(0n, currency.decimals),
        username: row.recipient_username,
        address: row.to_address,
        transferId: String(sent.transferId),
        withdrawal: null,
        createdAt: row.created_at.toISOString(),
      };
    });
  }

  const networkFeeMinor = constantMinor(NETWORK_FEES, currency.code, currency.decimals);
  const minimum = constantMinor(MIN_WITHDRAWALS, currency.code, currency.decimals);
  if (networkFeeMinor === null || minimum === null) throw currencyError("withdrawal_not_supported");
  if (amountMinor < minimum) throw amountError("amount", "amount_below_minimum");
  const approvalsNeeded = approvalsNeededFor(amountMinor, withdrawalThresholdsOf(currency.code, currency.decimals));
  return withLedgerTx(db, async (tx) => {
    const legs: TransferLeg[] = [
      {
        from: accounts.available(sender.userId),
        to: accounts.withdrawal(sender.userId),
        amountMinor,
        code: "principal",
      },
    ];
    if (networkFeeMinor > 0n) {
      legs.push({
        from: accounts.available(sender.userId),
        to: accounts.withdrawal(sender.userId),
        amountMinor: networkFeeMinor,
        code: "network_fee",
      });
    }
    const held = await transfer(tx, {
      idempotencyKey: ledgerKey,
      kind: "withdrawal_hold",
      currencyId: currency.id,
      reference: { type: "address", id: recipient.address.slice(0, 64) },
      legs,
    });
    const withdrawal = held.isReplayed
      ? await repo.findWithdrawalByHoldTransfer(tx, held.transferId)
      : await repo.insertWithdrawal(tx, {
          userId: sender.userId,
          currencyId: currency.id,
          address: recipient.address,
          amountMinor,
          networkFeeMinor,
          holdTransferId: held.transferId,
          state: approvalsNeeded === 0 ? "held" : "awaiting_approval",
        });
    if (!withdrawal) throw new Error(`transfer ${held.transferId} has no withdrawal record`);
    if (!held.isReplayed) {
      await assertWithinDailyLimit(tx, sender.userId, currency, dailyLimit);
      if (approvalsNeeded !== 0) await requestWithdrawalApproval(tx, withdrawal, sender, currency, approvalsNeeded);
      await recordActivity(tx, {
        userId: sender.userId,
        type: "withdrawal",
        details: {
          amount: formatAmount(amountMinor, currency.decimals),
          currency: currency.code,
          to: recipient.address,
        },
      });
    }
    return {
      type: "withdrawal" as const,
      cryptoCurrencyCode: currency.code,
      amount: formatAmount(withdrawal.amount_minor, currency.decimals),
      networkFee: formatAmount(withdrawal.network_fee_minor, currency.decimals),
      username: null,
      address: withdrawal.address,
      transferId: String(held.transferId),
      withdrawal: toWithdrawalView(withdrawal, currency),
      createdAt: withdrawal.created_at.toISOString(),
    };
  });
}

async function resolveRecipient(
  db: Db,
  sender: Sender,
  currency: CryptoCurrency,
  input: WalletSendRequest,
): Promise<Recipient> {
  if (input.username !== undefined) {
    const recipientId = await findUserIdByUsername(db, input.username);
    if (recipientId === sender.userId) throw recipientError("username", "cannot_send_to_self");
    const recipient = recipientId === null ? null : await getCurrentUser(db, recipientId);
    // A banned account cannot receive: it could never spend it. It reads as unknown, like its profile.
    if (recipientId === null || !recipient || recipient.isBanned) throw recipientError("username", "user_unknown");
    return { type: "internal", userId: recipientId, username: recipient.username, viaAddress: null };
  }
  const typed = (input.address ?? "").trim();
  const adapter = chainAdapterFor(db, currency.code);
  if (!adapter.isValidAddress(currency.code, typed)) throw recipientError("address", "address_invalid");
  const address = normalizeAddress(currency.code, typed);
  const owner = await repo.findAddressOwner(db, currency.id, address);
  if (!owner) {
    const refusal = await adapter.checkDestination?.(currency.code, address);
    if (refusal) throw recipientError("address", refusal);
    if (await hasFrozenDeposit(db, sender.userId, currency.id)) throw recipientError("address", "withdrawals_frozen");
    return { type: "withdrawal", address };
  }
  // An address of another Souk user is paid internally and at once: nothing goes on the chain.
  const ownerId = Number(owner.user_id);
  if (ownerId === sender.userId) throw recipientError("address", "cannot_send_to_self");
  const recipient = await getCurrentUser(db, ownerId);
  if (recipient.isBanned) throw recipientError("address", "address_unavailable");
  return { type: "internal", userId: ownerId, username: recipient.username, viaAddress: address };
}

/**
 * Runs after the ledger locked the sender's available account, so a user's sends are counted one
 * after another: two concurrent sends cannot both see room under the limit.
 */
async function assertWithinDailyLimit(tx: Tx, userId: number, currency: CryptoCurrency, limit: bigint): Promise<void> {
  const sent = await repo.sumSentSince(tx, userId, currency.id, SEND_LIMIT_WINDOW_HOURS);
  if (sent <= limit) return;
  throw sendLimitExceeded({
    dailyLimit: formatAmount(limit, currency.decimals),
    sentToday: formatAmount(sent, currency.decimals),
    remainingToday: formatAmount(0n, currency.decimals),
  });
}

/** GET /rest/v1/wallet/send-info: fee, minimum and what is left of today's limit. */
export async function getSendInfo(db: Db, userId: number, code: string): Promise<WalletSendInfo> {
  const currency = await requireCurrency(db, code);
  const [user, owned, sentToday] = await Promise.all([
    getCurrentUser(db, userId),
    getOwnerBalances(db, userId),
    repo.sumSentSince(db, userId, currency.id, SEND_LIMIT_WINDOW_HOURS),
  ]);
  const format = (minor: bigint) => formatAmount(minor, currency.decimals);
  const balance = owned.find((row) => row.currencyId === currency.id && row.kind === "available")?.balanceMinor ?? 0n;
  const limit = dailyLimitMinor(currency.code, currency.decimals, user.kycLevelCheck.level) ?? 0n;
  const fee = constantMinor(NETWORK_FEES, currency.code, currency.decimals);
  const minimum = constantMinor(MIN_WITHDRAWALS, currency.code, currency.decimals);
  const remaining = limit > sentToday ? limit - sentToday : 0n;
  const afterFee = fee === null ? 0n : balance > fee ? balance - fee : 0n;
  return {
    cryptoCurrencyCode: currency.code,
    balance: format(balance),
    networkFee: format(fee ?? 0n),
    minWithdrawal: format(minimum ?? 0n),
    dailyLimit: format(limit),
    sentToday: format(sentToday),
    remainingToday: format(remaining),
    maxWithdrawal: format(afterFee < remaining ? afterFee : remaining),
    isWithdrawalSupported: fee !== null && minimum !== null && !currency.isBlocked,
  };
}
