import { BANK_ACCOUNTS_MAX, type BankAccount, type BankAccountPayload, type TradeBankAccount } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { inputError, isPublicId, offerNotFound, type Viewer } from "../../platform/index.ts";
import { accountLabel, foreignAccountIds, toBankAccount, toTradeBankAccount } from "./bank-accounts.domain.ts";
import { bankAccountInUse, bankAccountNotFound, tooManyBankAccounts } from "./bank-accounts.errors.ts";
import * as repo from "./bank-accounts.repo.ts";
import { type CheckedBankAccount, checkBankAccount } from "./bank-accounts.rules.ts";
import { bankDirectory } from "./bank-directory.ts";

/** Reads the facts the rules need, decides, and answers the account to store (or throws the field errors). */
async function checked(db: Db, payload: BankAccountPayload): Promise<CheckedBankAccount> {
  const [countryIso, isKnownFiatCurrency] = await Promise.all([
    repo.countryIsoOf(db, payload.countryId),
    repo.isKnownFiatCurrency(db, payload.fiatCurrencyId),
  ]);
  const { errors, account } = checkBankAccount(payload, {
    countryIso,
    isKnownFiatCurrency,
    directory: bankDirectory(),
  });
  if (!account) throw inputError(errors);
  return account;
}

async function answer(db: Db, row: repo.BankAccountRow): Promise<BankAccount> {
  const uses = await repo.offersUsing(db, [Number(row.id)], false);
  return toBankAccount(
    row,
    uses.map((use) => use.id_hashed),
  );
}

/** GET /rest/v1/bankaccounts: the viewer's own accounts, oldest first. */
export async function listBankAccounts(db: Db, viewer: Viewer): Promise<BankAccount[]> {
  const rows = await repo.listAccounts(db, viewer.userId);
  const uses = await repo.offersUsing(
    db,
    rows.map((row) => Number(row.id)),
    false,
  );
  return rows.map((row) =>
    toBankAccount(
      row,
      uses.filter((use) => use.bank_account_id === row.id).map((use) => use.id_hashed),
    ),
  );
}

/** GET /rest/v1/bankaccounts/{id}: the viewer's own; anyone else's is the same 404 as none. */
export async function getBankAccount(db: Db, viewer: Viewer, id: number): Promise<BankAccount> {
  const row = await repo.findAccount(db, viewer.userId, id);
  if (!row) throw bankAccountNotFound();
  return answer(db, row);
}

/**
 * One of the owner's own live accounts as a trade's buyer reads it, to share in a trade; anyone
 * else's (or a deleted one) is the same 404 as none.
 */
export async function tradeBankAccountOf(db: Db, ownerId: number, id: number): Promise<TradeBankAccount> {
  const row = await repo.findAccount(db, ownerId, id);
  if (!row) throw bankAccountNotFound();
  return toTradeBankAccount(row);
}

/** POST /rest/v1/bankaccounts. */
export async function createBankAccount(db: Db, viewer: Viewer, payload: BankAccountPayload): Promise<BankAccount> {
  const account = await checked(db, payload);
  const id = await withTx(db, async (tx) => {
    if ((await repo.countAccounts(tx, viewer.userId)) >= BANK_ACCOUNTS_MAX) throw tooManyBankAccounts();
    return repo.insertAccount(tx, viewer.userId, payload.fiatCurrencyId, account);
  });
  return getBankAccount(db, viewer, id);
}

/** PUT /rest/v1/bankaccounts/{id}: the whole payload again, checked as for a new account. */
export async function updateBankAccount(
  db: Db,
  viewer: Viewer,
  id: number,
  payload: BankAccountPayload,
): Promise<BankAccount> {
  if (!(await repo.findAccount(db, viewer.userId, id))) throw bankAccountNotFound();
  const account = await checked(db, payload);
  await withTx(db, async (tx) => {
    if (!(await repo.findAccount(tx, viewer.userId, id, { forUpdate: true }))) throw bankAccountNotFound();
    await repo.updateAccount(tx, viewer.userId, id, payload.fiatCurrencyId, account);
  });
  return getBankAccount(db, viewer, id);
}

/** DELETE /rest/v1/bankaccounts/{id}: refused (422) while an active offer carries the account. */
export async function deleteBankAccount(db: Db, viewer: Viewer, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    if (!(await repo.findAccount(tx, viewer.userId, id, { forUpdate: true }))) throw bankAccountNotFound();
    const active = await repo.offersUsing(tx, [id], true);
    if (active.length > 0) throw bankAccountInUse(active.map((use) => use.id_hashed));
    await repo.softDeleteAccount(tx, id);
  });
}

/**
 * Replaces an offer's accounts inside the caller's transaction (the offer is the owner's, already
 * checked or just written): only the owner's own live accounts, else the field error
 * `bankAccountIds: bank_account_invalid` and nothing changes. My offers and the wizard share it.
 */
export async function attachOwnBankAccounts(
  tx: Tx,
  ownerId: number,
  offerId: bigint,
  bankAccountIds: readonly number[],
): Promise<void> {
  const own = await repo.listAccounts(tx, ownerId);
  const refused = foreignAccountIds(bankAccountIds, new Set(own.map((row) => Number(row.id))));
  if (refused.length > 0) throw inputError({ bankAccountIds: ["bank_account_invalid"] });
  await repo.replaceOfferLinks(tx, offerId, [...bankAccountIds]);
}

/**
 * PUT /rest/v1/offers/{id}/bank-accounts: the owner's own accounts only; the list replaces the
 * offer's. Another user's account (or an unknown id) is a field error and nothing changes.
 */
export async function setOfferBankAccounts(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  bankAccountIds: number[],
): Promise<{ idHashed: string; bankAccounts: { id: number; name: string }[] }> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  const offerId = await withTx(db, async (tx) => {
    const offer = await repo.lockOwnOffer(tx, viewer.userId, idHashed);
    if (!offer) throw offerNotFound();
    await attachOwnBankAccounts(tx, viewer.userId, offer.id, bankAccountIds);
    return offer.id;
  });
  const linked = await offerBankAccounts(db, [offerId]);
  return { idHashed, bankAccounts: linked.get(String(offerId)) ?? [] };
}

/** The accounts attached to each offer (by serial id), as my offers lists them. */
export async function offerBankAccounts(
  db: Db,
  offerIds: bigint[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const rows = await repo.accountsOfOffers(db, offerIds);
  const byOffer = new Map<string, { id: number; name: string }[]>();
  for (const row of rows) {
    const list = byOffer.get(String(row.offer_id)) ?? [];
    list.push({ id: Number(row.id), name: accountLabel(row) });
    byOffer.set(String(row.offer_id), list);
  }
  return byOffer;
}

/**
 * The accounts a trade's buyer pays into, as SQL yielding a JSON array of TradeBankAccount
 * (`tradePaymentAccountsSql`): those attached to the trade's offer when its owner is the seller
 * (the payee), else none. The trades module decides when the buyer may read them.
 */
export function tradePaymentAccountsQuery(trade: {
  offerId: bigint;
  offerOwnerId: bigint;
  sellerId: bigint;
}): RawBuilder<unknown> {
  return trade.offerOwnerId === trade.sellerId ? repo.tradePaymentAccountsSql(trade.offerId) : sql`'[]'::json`;
}

/**
 * The same accounts as SQL for a statement that writes the `trades` row itself (an UPDATE of
 * trades): read from that row's offer, owner and seller. The trade's own copy is made of it.
 */
export function tradeRowPaymentAccountsSql(): RawBuilder<unknown> {
  return sql`CASE WHEN trades.offer_owner_id = trades.seller_id
    THEN ${repo.tradePaymentAccountsSql(sql`trades.offer_id`)} ELSE '[]'::json END`;
}
