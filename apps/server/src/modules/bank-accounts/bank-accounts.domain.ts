import type { BankAccount, TradeBankAccount } from "@souk/contracts";
import type { BankAccountRow } from "./bank-accounts.repo.ts";

/** The account as its owner sees it. */
export function toBankAccount(row: BankAccountRow, offerIds: string[]): BankAccount {
  return {
    id: Number(row.id),
    countryIso: row.country_iso,
    countryId: row.country_id,
    fiatCurrencyId: row.fiat_currency_id,
    fiatCurrencyCode: row.fiat_currency_code,
    holderName: row.holder_name,
    holderType: row.is_personal ? "User" : "Business",
    isPersonal: row.is_personal,
    bankId: row.bank_id,
    bankName: row.bank_name,
    swiftCode: row.swift_code,
    accountNumber: row.account_number,
    iban: row.iban,
    routingNumber: row.routing_number,
    ifsc: row.ifsc,
    clabe: row.clabe,
    additionalInfo: row.additional_info,
    state: row.state,
    city: row.city,
    zip: row.zip,
    address: row.address,
    offerIds,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A short label of an account for lists: bank and the last four characters of the number. */
export function accountLabel(row: { bank_name: string; account_number: string }): string {
  return `${row.bank_name} ···${row.account_number.slice(-4)}`;
}

/**
 * Which of the requested accounts an offer may not carry: each must be one of the owner's own
 * (not deleted) accounts. Answers the refused ids; repeats are refused too.
 */
export function foreignAccountIds(requested: readonly number[], ownIds: ReadonlySet<number>): number[] {
  const seen = new Set<number>();
  return requested.filter((id) => {
    const refused = !ownIds.has(id) || seen.has(id);
    seen.add(id);
    return refused;
  });
}

/** What a trade's buyer reads of an account (no address, no owner or ids): a trade's copy of it. */
export function toTradeBankAccount(row: BankAccountRow): TradeBankAccount {
  return {
    holderName: row.holder_name,
    bankName: row.bank_name,
    countryIso: row.country_iso,
    accountNumber: row.account_number,
    iban: row.iban,
    swiftCode: row.swift_code,
    routingNumber: row.routing_number,
    ifsc: row.ifsc,
    clabe: row.clabe,
    additionalInfo: row.additional_info,
  };
}
