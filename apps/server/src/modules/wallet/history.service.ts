import type { PageMeta, WalletTransaction, WalletTransactionsQuery } from "@souk/contracts";
import { pageMeta } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Db } from "../../db/pool.ts";
import { listOwnerEntries } from "../ledger/index.ts";
import { currenciesById, requireCurrency } from "./deposits.service.ts";
import { dateRange, entryMatchesFor, transactionTypeOf } from "./wallet.domain.ts";
import { inputErrorForRange } from "./wallet.errors.ts";
import * as repo from "./wallet.repo.ts";

/**
 * GET /rest/v1/wallet/transactions: every movement of the user's spendable balance, newest
 * first, read from the ledger entries on their available accounts (so the list always adds up to
 * the balance) and named with the wallet's own records (who an internal transfer was with, what
 * became of a withdrawal).
 */
export async function listTransactions(
  db: Db,
  userId: number,
  query: WalletTransactionsQuery,
): Promise<{ transactions: WalletTransaction[]; meta: PageMeta }> {
  const currencies = await currenciesById(db);
  const currencyId = query.cryptoCurrencyCode ? (await requireCurrency(db, query.cryptoCurrencyCode)).id : undefined;
  const range = dateRange(query.from, query.to);
  if (range.fromInclusive && range.toExclusive && range.fromInclusive >= range.toExclusive) {
    throw inputErrorForRange();
  }
  const { total, entries } = await listOwnerEntries(
    db,
    {
      ownerUserId: userId,
      accountKinds: ["available"],
      currencyId,
      matches: query.type ? entryMatchesFor(query.type) : undefined,
      ...range,
    },
    { limit: query.perPage, offset: (query.page - 1) * query.perPage },
  );
  const transferIds = [...new Set(entries.map((entry) => entry.transferId))];
  const tradeIds = [
    ...new Set(entries.flatMap((entry) => (entry.reference?.type === "trade" ? [entry.reference.id] : []))),
  ];
  const [sends, withdrawals, tradeHashes] = await Promise.all([
    repo.findSendsByTransferIds(db, transferIds),
    repo.findWithdrawalsByTransferIds(db, transferIds),
    repo.findTradeHashes(db, tradeIds),
  ]);
  const sendOf = new Map(sends.map((send) => [send.transfer_id, send]));
  const withdrawalOf = new Map<bigint, repo.WithdrawalRow>();
  for (const withdrawal of withdrawals) {
    withdrawalOf.set(withdrawal.hold_transfer_id, withdrawal);
    if (withdrawal.settle_transfer_id !== null) withdrawalOf.set(withdrawal.settle_transfer_id, withdrawal);
  }
  const transactions = entries.map((entry): WalletTransaction => {
    const currency = currencies.get(entry.currencyId);
    const decimals = currency?.decimals ?? 8;
    const send = sendOf.get(entry.transferId);
    const withdrawal = withdrawalOf.get(entry.transferId);
    const isIncoming = entry.amountMinor > 0n;
    const counterparty = send
      ? Number(send.sender_user_id) === userId
        ? send.recipient_username
        : send.sender_username
      : null;
    return {
      id: `${entry.transferId}-${entry.position}`,
      transferId: String(entry.transferId),
      type: transactionTypeOf(entry.transferKind, entry.code, entry.reference?.type ?? null),
      direction: isIncoming ? "in" : "out",
      cryptoCurrencyCode: currency?.code ?? String(entry.currencyId),
      amount: formatAmount(isIncoming ? entry.amountMinor : -entry.amountMinor, decimals),
      counterpartyUsername: counterparty,
      address: withdrawal?.address ?? send?.to_address ?? null,
      status: withdrawal?.state ?? "completed",
      txid: withdrawal?.txid ?? null,
      tradeId: entry.reference?.type === "trade" ? (tradeHashes.get(entry.reference.id) ?? null) : null,
      createdAt: entry.createdAt.toISOString(),
    };
  });
  return { transactions, meta: pageMeta(total, query.page, query.perPage) };
}
