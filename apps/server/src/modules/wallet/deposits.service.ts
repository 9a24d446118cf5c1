import { randomBytes } from "node:crypto";
import type { PageMeta, WalletDeposit, WalletDepositsQuery } from "@souk/contracts";
import { pageMeta } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Db, Tx } from "../../db/pool.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { accounts, transfer, withLedgerTx } from "../ledger/index.ts";
import { type CryptoCurrency, getCryptoCurrencyByCode, listCryptoCurrencies } from "../reference/index.ts";
import { findUserIdByUsername, getCurrentUser } from "../users/index.ts";
import { isFollowerDelayed } from "./evm/evm.health.ts";
import { chainAdapterFor } from "./wallet.chain.ts";
import { parseAmountInput } from "./wallet.domain.ts";
import { currencyError, depositNotFound, recipientError } from "./wallet.errors.ts";
import { announceWalletFact } from "./wallet.notices.ts";
import * as repo from "./wallet.repo.ts";
import {
  adapterNameFor,
  confirmationsRequiredFor,
  loadWalletSettings,
  type WalletSettings,
} from "./wallet.settings.ts";

/**
 * Deposits: the chain reports coins sent to a user's address (the dev chain through the CLI or
 * an admin; a real chain through its follower, see evm/evm.follower.ts); they show as incoming
 * until their confirmations reach the currency's threshold, then are credited exactly once
 * (world -> the user's available account).
 */

export async function requireCurrency(db: Db, code: string): Promise<CryptoCurrency> {
  const currency = await getCryptoCurrencyByCode(db, code.toUpperCase());
  if (!currency) throw currencyError("crypto_currency_unknown");
  return currency;
}

/** The user's receiving address of a currency, created on first use. */
export async function ensureDepositAddress(db: Db, userId: number, currency: CryptoCurrency): Promise<repo.AddressRow> {
  const adapter = chainAdapterFor(db, currency.code);
  const existing = await repo.findAddress(db, userId, currency.id, adapter.name);
  if (existing) return existing;
  const fresh = await adapter.newAddress({ userId, currencyCode: currency.code });
  await repo.insertAddress(db, {
    userId,
    currencyId: currency.id,
    address: fresh.address,
    adapter: adapter.name,
    derivationIndex: fresh.derivationIndex,
  });
  const stored = await repo.findAddress(db, userId, currency.id, adapter.name);
  if (!stored) throw new Error("the deposit address was not stored");
  return stored;
}

export interface RecordDepositInput {
  username: string;
  /** As typed: parsed exactly with the currency's decimals. */
  amount: string;
  cryptoCurrencyCode: string;
  /** Without it the deposit arrives fully confirmed (credited at once). */
  confirmations?: number | undefined;
  source: repo.DepositRow["source"];
  /** The chain's transaction id; the dev chain makes one up. The same txid never credits twice. */
  txid?: string;
  /** Staff or the CLI recording it by hand: the audit log gets one row in the deposit's transaction. */
  auditActor?: AuditActor;
}

/** A deposit seen on the chain; credited in the same transaction when already confirmed enough. */
export async function recordDeposit(
  db: Db,
  input: RecordDepositInput,
  settings: WalletSettings = loadWalletSettings(),
): Promise<WalletDeposit> {
  const currency = await requireCurrency(db, input.cryptoCurrencyCode);
  // A coin on a real chain is credited only by what its chain shows, never by hand.
  if (adapterNameFor(currency.code, settings) !== "dev") throw currencyError("deposit_comes_from_the_chain");
  const amountMinor = parseAmountInput(input.amount, currency.decimals);
  const userId = await findUserIdByUsername(db, input.username);
  if (userId === null) throw recipientError("username", "user_unknown");
  const required = confirmationsRequiredFor(currency, settings);
  const address = await ensureDepositAddress(db, userId, currency);
  const txid = input.txid ?? randomBytes(32).toString("hex");
  const row = await withLedgerTx(db, async (tx) => {
    const inserted = await repo.insertDeposit(tx, {
      userId,
      currencyId: currency.id,
      address: address.address,
      amountMinor,
      txid,
      confirmations: input.confirmations ?? required,
      source: input.source,
    });
    // The same chain output reported twice is the same deposit.
    const deposit = inserted ?? (await repo.findDepositByTx(tx, currency.id, txid));
    if (!deposit) throw new Error("the deposit was neither stored nor found");
    // A deposit credited at once is told once, confirmed; one still waiting is told pending.
    if (inserted && inserted.confirmations < required) await announceDeposit(tx, inserted, "wallet.deposit_pending");
    if (inserted && input.auditActor) {
      await recordAudit(tx, {
        actor: input.auditActor,
        action: "deposit.record",
        subjectType: "user",
        subjectId: input.username,
        details: { depositId: Number(inserted.id), amount: input.amount, currency: currency.code },
      });
    }
    return creditIfConfirmed(tx, deposit, required);
  });
  return toDepositView(row, await usernameOf(db, row.user_id), currency, required, false);
}

/**
 * Raises a deposit's confirmations (by one when no count is given) and credits it when they
 * reach the threshold. Two confirmations racing for one deposit queue on its row; the second
 * finds it credited. The ledger key `deposit:<id>` would refuse a second credit anyway.
 */
export async function confirmDeposit(
  db: Db,
  depositId: number,
  confirmations: number | null,
  settings: WalletSettings = loadWalletSettings(),
  auditActor?: AuditActor,
): Promise<WalletDeposit> {
  const currencies = await currenciesById(db);
  const row = await withLedgerTx(db, async (tx) => {
    const deposit = await repo.raiseConfirmations(tx, depositId, confirmations);
    if (!deposit) throw depositNotFound();
    if (auditActor) {
      await recordAudit(tx, {
        actor: auditActor,
        action: "deposit.confirm",
        subjectType: "deposit",
        subjectId: String(depositId),
        details: { confirmations: deposit.confirmations },
      });
    }
    const currency = currencies.get(deposit.currency_id);
    if (!currency) throw new Error(`deposit ${depositId} names an unknown currency`);
    return creditIfConfirmed(tx, deposit, confirmationsRequiredFor(currency, settings));
  });
  const currency = currencies.get(row.currency_id);
  if (!currency) throw new Error(`deposit ${depositId} names an unknown currency`);
  return toDepositView(
    row,
    await usernameOf(db, row.user_id),
    currency,
    confirmationsRequiredFor(currency, settings),
    false,
  );
}

/** `confirm all`: every pending deposit, one transaction each. */
export async function confirmPendingDeposits(
  db: Db,
  confirmations: number | null,
  settings: WalletSettings = loadWalletSettings(),
): Promise<WalletDeposit[]> {
  const results: WalletDeposit[] = [];
  for (const id of await repo.listPendingDepositIds(db))
    results.push(await confirmDeposit(db, id, confirmations, settings));
  return results;
}

async function creditIfConfirmed(tx: Tx, deposit: repo.DepositRow, required: number): Promise<repo.DepositRow> {
  if (deposit.status !== "pending" || deposit.confirmations < required) return deposit;
  const credit = await transfer(tx, {
    idempotencyKey: `deposit:${deposit.id}`,
    kind: "deposit",
    currencyId: deposit.currency_id,
    reference: { type: "deposit", id: String(deposit.id) },
    legs: [
      { from: accounts.world(), to: accounts.available(Number(deposit.user_id)), amountMinor: deposit.amount_minor },
    ],
  });
  await repo.markDepositCredited(tx, deposit.id, credit.transferId);
  await announceDeposit(tx, deposit, "wallet.deposit_confirmed");
  return { ...deposit, status: "credited", credit_transfer_id: credit.transferId, credited_at: new Date() };
}

/** The owner hears of a deposit seen and of its credit (the notifications read it after the commit). */
function announceDeposit(
  tx: Tx,
  deposit: Pick<repo.DepositRow, "id" | "user_id" | "currency_id" | "amount_minor" | "txid">,
  event: "wallet.deposit_pending" | "wallet.deposit_confirmed",
): Promise<void> {
  return announceWalletFact(tx, {
    event,
    id: deposit.id,
    userId: Number(deposit.user_id),
    currencyId: deposit.currency_id,
    amountMinor: deposit.amount_minor,
    txid: deposit.txid,
  });
}

export async function listUserDeposits(
  db: Db,
  userId: number,
  query: WalletDepositsQuery,
  settings: WalletSettings = loadWalletSettings(),
): Promise<{ deposits: WalletDeposit[]; meta: PageMeta }> {
  const currencies = await currenciesById(db);
  const currencyId = query.cryptoCurrencyCode ? (await requireCurrency(db, query.cryptoCurrencyCode)).id : undefined;
  const { total, rows } = await repo.listDeposits(
    db,
    { userId, ...(currencyId === undefined ? {} : { currencyId }), ...(query.status ? { status: query.status } : {}) },
    query.perPage,
    (query.page - 1) * query.perPage,
  );
  const username = await usernameOf(db, BigInt(userId));
  const isChainDelayed = rows.some((row) => row.source === "chain" && row.status === "pending")
    ? await isFollowerDelayed(db, settings)
    : false;
  const deposits = rows.flatMap((row) => {
    const currency = currencies.get(row.currency_id);
    if (!currency) return [];
    const isDelayed = isChainDelayed && row.source === "chain" && row.status === "pending";
    return [toDepositView(row, username, currency, confirmationsRequiredFor(currency, settings), isDelayed)];
  });
  return { deposits, meta: pageMeta(total, query.page, query.perPage) };
}

export async function currenciesById(db: Db): Promise<Map<number, CryptoCurrency>> {
  return new Map((await listCryptoCurrencies(db)).map((currency) => [currency.id, currency]));
}

async function usernameOf(db: Db, userId: bigint): Promise<string> {
  return (await getCurrentUser(db, Number(userId))).username;
}

function toDepositView(
  row: repo.DepositRow,
  username: string,
  currency: CryptoCurrency,
  required: number,
  isDelayed: boolean,
): WalletDeposit {
  return {
    id: Number(row.id),
    username,
    cryptoCurrencyCode: currency.code,
    amount: formatAmount(row.amount_minor, currency.decimals),
    address: row.address,
    txid: row.txid,
    confirmations: row.confirmations,
    confirmationsRequired: required,
    status: row.status,
    isDelayed,
    createdAt: row.created_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
  };
}
