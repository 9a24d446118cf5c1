import { randomUUID } from "node:crypto";
import type { BondOption, BondStatus } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Db } from "../../db/pool.ts";
import { accounts, getOwnerBalances, transfer, withLedgerTx } from "../ledger/index.ts";
import { listCryptoCurrencies } from "../reference/index.ts";
import { requireCurrency } from "./deposits.service.ts";
import { BOND_AMOUNTS, constantMinor } from "./wallet.domain.ts";
import { bondAlreadyDeposited, bondNotDeposited, currencyError } from "./wallet.errors.ts";

/**
 * The vendor bond: a fixed amount per currency moved from the user's available balance to a bond
 * account of theirs (POST /wallet/deposit-bond) and back (POST /wallet/retrieve-bond). Offers
 * read getBondStatus to tell whether an offer may be enabled (depositInfo.isBondInsufficient).
 */

export async function getBondStatus(db: Db, userId: number): Promise<BondStatus> {
  const [currencies, owned] = await Promise.all([listCryptoCurrencies(db), getOwnerBalances(db, userId)]);
  const balanceOf = (currencyId: number, kind: string) =>
    owned.find((row) => row.currencyId === currencyId && row.kind === kind)?.balanceMinor ?? 0n;
  const options: BondOption[] = [];
  for (const currency of currencies) {
    const required = constantMinor(BOND_AMOUNTS, currency.code, currency.decimals);
    if (required === null) continue;
    const held = balanceOf(currency.id, "bond");
    const missing = held >= required ? 0n : required - held;
    const format = (minor: bigint) => formatAmount(minor, currency.decimals);
    options.push({
      cryptoCurrencyCode: currency.code,
      requiredAmount: format(required),
      heldAmount: format(held),
      missingAmount: format(missing),
      isAvailable: missing === 0n || balanceOf(currency.id, "available") >= missing,
      isComplete: missing === 0n,
    });
  }
  return { isBondInsufficient: !options.some((option) => option.isComplete), options };
}

/**
 * Moves the bond amount into the bond account. Checked after the transfer locked the bond
 * account: of two concurrent deposits, the second sees the first's bond and is refused.
 */
export async function depositBond(
  db: Db,
  userId: number,
  code: string,
  idempotencyKey: string | null,
): Promise<BondStatus> {
  const currency = await requireCurrency(db, code);
  const required = constantMinor(BOND_AMOUNTS, currency.code, currency.decimals);
  if (required === null) throw currencyError("bond_not_supported");
  await withLedgerTx(db, async (tx) => {
    const moved = await transfer(tx, {
      idempotencyKey: `bond:u${userId}:deposit:${idempotencyKey ?? randomUUID()}`,
      kind: "bond_deposit",
      currencyId: currency.id,
      legs: [{ from: accounts.available(userId), to: accounts.bond(userId), amountMinor: required }],
    });
    const bondAfter = moved.balancesAfter?.get(`bond:u${userId}:c${currency.id}`);
    if (bondAfter !== undefined && bondAfter > required) throw bondAlreadyDeposited();
  });
  return getBondStatus(db, userId);
}

/** Gives back the whole bond of one currency, or of every currency when none is named. */
export async function retrieveBond(
  db: Db,
  userId: number,
  code: string | undefined,
  idempotencyKey: string | null,
): Promise<BondStatus> {
  const currencies = code ? [await requireCurrency(db, code)] : await listCryptoCurrencies(db);
  const owned = await getOwnerBalances(db, userId);
  const held = currencies
    .map((currency) => ({
      currency,
      amountMinor: owned.find((row) => row.currencyId === currency.id && row.kind === "bond")?.balanceMinor ?? 0n,
    }))
    .filter((bond) => bond.amountMinor > 0n);
  if (held.length === 0) throw bondNotDeposited();
  const requestKey = idempotencyKey ?? randomUUID();
  await withLedgerTx(db, async (tx) => {
    for (const bond of held) {
      // emptiedAccounts: the bond must be exactly what was read, or nothing moves (a concurrent
      // change makes this request fail rather than leave part of a bond behind).
      await transfer(tx, {
        idempotencyKey: `bond:u${userId}:retrieve:${requestKey}:${bond.currency.code}`,
        kind: "bond_retrieve",
        currencyId: bond.currency.id,
        legs: [{ from: accounts.bond(userId), to: accounts.available(userId), amountMinor: bond.amountMinor }],
        emptiedAccounts: [accounts.bond(userId)],
      });
    }
  });
  return getBondStatus(db, userId);
}
