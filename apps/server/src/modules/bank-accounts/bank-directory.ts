import { readFileSync } from "node:fs";
import path from "node:path";
import type { Bank } from "@souk/contracts";
import { extractIBAN } from "ibantools";

/**
 * The bank directory: a data file of public facts (name, country, BIC, the national bank code) that
 * the lookups answer from (docs/decisions/129-bank-directory.md). nationalCode is what the country's
 * own numbers carry: the ABA routing number (US), the bank code inside the IBAN (EU, GB), the
 * CLABE's first three digits (MX), the IFSC's first four letters (IN), the CBN code (NG).
 */
export interface BankDirectory {
  banks: readonly Bank[];
}

const BANKS_FILE = path.join(import.meta.dirname, "data", "banks.json");

let shipped: BankDirectory | null = null;

/** The shipped directory, read once. */
export function bankDirectory(): BankDirectory {
  shipped ??= { banks: JSON.parse(readFileSync(BANKS_FILE, "utf8")) as Bank[] };
  return shipped;
}

/** Letters and digits only, upper case: how numbers are compared ("60-16-13" is "601613"). */
export function compact(value: string): string {
  return value.replace(/[\s\-./]/g, "").toUpperCase();
}

export function banksOfCountry(directory: BankDirectory, countryIso: string, limit: number): Bank[] {
  return directory.banks.filter((bank) => bank.countryIso === countryIso).slice(0, limit);
}

export function bankById(directory: BankDirectory, id: string): Bank | null {
  return directory.banks.find((bank) => bank.id === id) ?? null;
}

/** The bank a national code names in a country. */
export function bankByNationalCode(directory: BankDirectory, countryIso: string, code: string): Bank | null {
  return directory.banks.find((bank) => bank.countryIso === countryIso && bank.nationalCode === code) ?? null;
}

/** The bank of a valid IBAN, from the bank code the IBAN carries. */
export function bankByIban(directory: BankDirectory, iban: string): Bank | null {
  const parts = extractIBAN(compact(iban));
  if (!parts.valid || !parts.countryCode || !parts.bankIdentifier) return null;
  return bankByNationalCode(directory, parts.countryCode, parts.bankIdentifier);
}

/** The bank of a BIC: its first eight characters (bank, country, location) name the institution. */
export function bankBySwift(directory: BankDirectory, swift: string): Bank | null {
  const institution = compact(swift).slice(0, 8);
  if (institution.length !== 8) return null;
  return directory.banks.find((bank) => bank.bic?.slice(0, 8) === institution) ?? null;
}

/**
 * The bank of a routing number: an ABA number (US) is a bank's own; an IFSC (IN) names its bank
 * in the first four letters; a CLABE (MX) in its first three digits.
 */
export function bankByRoutingNumber(directory: BankDirectory, routingNumber: string): Bank | null {
  const value = compact(routingNumber);
  if (/^[0-9]{9}$/.test(value)) return bankByNationalCode(directory, "US", value);
  if (/^[A-Z]{4}0[A-Z0-9]{6}$/.test(value)) return bankByNationalCode(directory, "IN", value.slice(0, 4));
  if (/^[0-9]{18}$/.test(value)) return bankByNationalCode(directory, "MX", value.slice(0, 3));
  return null;
}
