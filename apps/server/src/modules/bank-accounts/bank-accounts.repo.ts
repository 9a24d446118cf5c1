import type { TradeBankAccount } from "@souk/contracts";
import { type Generated, type RawBuilder, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { CheckedBankAccount } from "./bank-accounts.rules.ts";

/** bank_accounts and offer_bank_accounts are this module's (migration 0160); of offers it reads owner and switch. */
interface BankAccountTable {
  id: Generated<bigint>;
  user_id: bigint;
  country_iso: string;
  fiat_currency_id: number;
  holder_name: string;
  is_personal: boolean;
  bank_id: string | null;
  bank_name: string;
  swift_code: string | null;
  account_number: string;
  iban: string | null;
  routing_number: string | null;
  ifsc: string | null;
  clabe: string | null;
  additional_info: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}

type BankAccountsTables = {
  bank_accounts: BankAccountTable;
  offer_bank_accounts: { offer_id: bigint; bank_account_id: bigint; position: number };
  offers: { id: bigint; id_hashed: string; user_id: bigint; is_active: boolean; deleted_at: Date | null };
  countries: { id: number; iso: string };
  fiat_currencies: { id: number; code: string };
};

type StoredBankAccount = Selectable<BankAccountTable>;
export type BankAccountRow = StoredBankAccount & { fiat_currency_code: string; country_id: number };

function tables(db: Db | Tx) {
  return db.withTables<BankAccountsTables>();
}

function columnsOf(userId: number, fiatCurrencyId: number, account: CheckedBankAccount) {
  return {
    user_id: BigInt(userId),
    country_iso: account.countryIso,
    fiat_currency_id: fiatCurrencyId,
    holder_name: account.holderName,
    is_personal: account.isPersonal,
    bank_id: account.bankId,
    bank_name: account.bankName,
    swift_code: account.swiftCode,
    account_number: account.accountNumber,
    iban: account.iban,
    routing_number: account.routingNumber,
    ifsc: account.ifsc,
    clabe: account.clabe,
    additional_info: account.additionalInfo,
    state: account.state,
    city: account.city,
    zip: account.zip,
    address: account.address,
  };
}

export async function countryIsoOf(db: Db, countryId: number): Promise<string | null> {
  const row = await tables(db).selectFrom("countries").select("iso").where("id", "=", countryId).executeTakeFirst();
  return row && row.iso !== "YY" ? row.iso : null;
}

export async function isKnownFiatCurrency(db: Db, fiatCurrencyId: number): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("fiat_currencies")
    .select("id")
    .where("id", "=", fiatCurrencyId)
    .executeTakeFirst();
  return row !== undefined;
}

function selectAccounts(db: Db | Tx) {
  return tables(db)
    .selectFrom("bank_accounts as a")
    .innerJoin("fiat_currencies as f", "f.id", "a.fiat_currency_id")
    .innerJoin("countries as c", "c.iso", "a.country_iso")
    .selectAll("a")
    .select(["f.code as fiat_currency_code", "c.id as country_id"])
    .where("a.deleted_at", "is", null);
}

export async function listAccounts(db: Db | Tx, userId: number): Promise<BankAccountRow[]> {
  return selectAccounts(db).where("a.user_id", "=", BigInt(userId)).orderBy("a.id").execute();
}

/** The user's account with this id (not deleted), locked when asked. */
export async function findAccount(
  db: Db | Tx,
  userId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<BankAccountRow | undefined> {
  let query = selectAccounts(db).where("a.user_id", "=", BigInt(userId)).where("a.id", "=", BigInt(id));
  if (options.forUpdate) query = query.forUpdate("a");
  return query.executeTakeFirst();
}

export async function countAccounts(db: Db | Tx, userId: number): Promise<number> {
  const row = await tables(db)
    .selectFrom("bank_accounts")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", BigInt(userId))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertAccount(tx: Tx, userId: number, fiatCurrencyId: number, account: CheckedBankAccount) {
  const row = await tables(tx)
    .insertInto("bank_accounts")
    .values(columnsOf(userId, fiatCurrencyId, account))
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateAccount(
  tx: Tx,
  userId: number,
  id: number,
  fiatCurrencyId: number,
  account: CheckedBankAccount,
) {
  await tables(tx)
    .updateTable("bank_accounts")
    .set({ ...columnsOf(userId, fiatCurrencyId, account), updated_at: sql<Date>`now()` })
    .where("id", "=", BigInt(id))
    .execute();
}

export async function softDeleteAccount(tx: Tx, id: number): Promise<void> {
  await tables(tx)
    .updateTable("bank_accounts")
    .set({ deleted_at: sql<Date>`now()` })
    .where("id", "=", BigInt(id))
    .execute();
}

/** Hashed ids of the live offers an account is attached to; `activeOnly` keeps the switched-on ones. */
export async function offersUsing(db: Db | Tx, accountIds: number[], activeOnly: boolean) {
  if (accountIds.length === 0) return [];
  let query = tables(db)
    .selectFrom("offer_bank_accounts as l")
    .innerJoin("offers as o", "o.id", "l.offer_id")
    .select(["l.bank_account_id", "o.id_hashed"])
    .where("l.bank_account_id", "in", accountIds.map(BigInt))
    .where("o.deleted_at", "is", null);
  if (activeOnly) query = query.where("o.is_active", "=", true);
  return query.orderBy("o.id").execute();
}

/** The owner's live offer by hashed id, locked (its attachments change under the lock). */
export async function lockOwnOffer(tx: Tx, userId: number, idHashed: string) {
  return tables(tx)
    .selectFrom("offers")
    .select("id")
    .where("id_hashed", "=", idHashed)
    .where("user_id", "=", BigInt(userId))
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

export async function replaceOfferLinks(tx: Tx, offerId: bigint, accountIds: number[]): Promise<void> {
  await tables(tx).deleteFrom("offer_bank_accounts").where("offer_id", "=", offerId).execute();
  if (accountIds.length === 0) return;
  await tables(tx)
    .insertInto("offer_bank_accounts")
    .values(accountIds.map((id, position) => ({ offer_id: offerId, bank_account_id: BigInt(id), position })))
    .execute();
}

/**
 * The accounts attached to offers, in the vendor's order, deleted ones left out (a running trade
 * still shows them: `tradePaymentAccountsSql`).
 */
export async function accountsOfOffers(db: Db | Tx, offerIds: bigint[]) {
  if (offerIds.length === 0) return [];
  return (
    tables(db)
      .selectFrom("offer_bank_accounts as l")
      .innerJoin("bank_accounts as a", "a.id", "l.bank_account_id")
      .innerJoin("offers as o", "o.id", "l.offer_id")
      .selectAll("a")
      .select(["l.offer_id"])
      .where("l.offer_id", "in", offerIds)
      // Only the offer owner's own accounts, whatever a row says.
      .whereRef("a.user_id", "=", "o.user_id")
      .where("a.deleted_at", "is", null)
      .orderBy("l.offer_id")
      .orderBy("l.position")
      .execute()
  );
}

/** What a trade's buyer reads of the account to pay into (no address or owner ids), by column. */
const TRADE_ACCOUNT_COLUMNS: Record<keyof TradeBankAccount, keyof BankAccountTable> = {
  holderName: "holder_name",
  bankName: "bank_name",
  countryIso: "country_iso",
  accountNumber: "account_number",
  iban: "iban",
  swiftCode: "swift_code",
  routingNumber: "routing_number",
  ifsc: "ifsc",
  clabe: "clabe",
  additionalInfo: "additional_info",
};

/**
 * The accounts a trade's buyer pays into, as one JSON array of TradeBankAccount, written as a
 * sub-select for the caller's own read (the trade view folds it into the read of its parties, so a
 * trade answer costs no extra round trip). Deleted accounts stay: the trade was started on them.
 */
export function tradePaymentAccountsSql(offerId: bigint | RawBuilder<unknown>): RawBuilder<unknown> {
  const fields = Object.entries(TRADE_ACCOUNT_COLUMNS).map(
    ([key, column]) => sql`${sql.lit(key)}, ${sql.ref(`a.${column}`)}`,
  );
  return sql`(SELECT coalesce(json_agg(json_build_object(${sql.join(fields)}) ORDER BY l.position), '[]')
    FROM offer_bank_accounts l
    JOIN bank_accounts a ON a.id = l.bank_account_id
    JOIN offers o ON o.id = l.offer_id
    WHERE l.offer_id = ${offerId} AND a.user_id = o.user_id)`;
}
