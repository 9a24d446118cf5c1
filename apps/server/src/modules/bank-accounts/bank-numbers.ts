import { clabe } from "clabe-validator";
import { extractIBAN, isValidBIC } from "ibantools";

/**
 * The checks of each country's bank numbers, on compacted values (no spaces or dashes, upper
 * case). IBAN and BIC checks are ibantools' (ISO 13616 checksum and the country's layout), the
 * CLABE check is clabe-validator's; the others follow the published algorithms.
 */

/** An IBAN with a valid checksum and its country's layout; answers its country, or null. */
export function ibanCountry(iban: string): string | null {
  const parts = extractIBAN(iban);
  return parts.valid && parts.countryCode ? parts.countryCode : null;
}

export function isValidIban(iban: string): boolean {
  return ibanCountry(iban) !== null;
}

/** A BIC (8 or 11 characters) of a real ISO country. */
export function isValidSwift(swift: string): boolean {
  return isValidBIC(swift);
}

/** The country a BIC names (its fifth and sixth characters). */
export function swiftCountry(swift: string): string {
  return swift.slice(4, 6);
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** A US ABA routing number: nine digits whose weighted sum (3, 7, 1, ...) is a multiple of 10. */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * (ABA_WEIGHTS[index] ?? 0), 0);
  return sum % 10 === 0;
}

/** A UK sort code: six digits. */
export function isValidSortCode(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}

/** A UK account number: eight digits. */
export function isValidUkAccountNumber(value: string): boolean {
  return /^[0-9]{8}$/.test(value);
}

/** The sort code and account number a UK IBAN carries (bank code, then 6 + 8 digits). */
export function ukIbanParts(iban: string): { sortCode: string; accountNumber: string } | null {
  const parts = extractIBAN(iban);
  if (!parts.valid || parts.countryCode !== "GB" || !parts.bban) return null;
  return { sortCode: parts.bban.slice(4, 10), accountNumber: parts.bban.slice(10) };
}

/** A Mexican CLABE: 18 digits, a known bank and city, and its check digit. */
export function isValidClabe(value: string): boolean {
  return /^[0-9]{18}$/.test(value) && clabe.validate(value).ok;
}

/** An Indian IFSC: four letters of the bank, a zero, six characters of the branch. */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

/** An Indian account number: 9 to 18 digits. */
export function isValidIndianAccountNumber(value: string): boolean {
  return /^[0-9]{9,18}$/.test(value);
}

const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/**
 * A Nigerian NUBAN: ten digits, the last a check digit over the bank's three-digit CBN code and the
 * nine-digit serial (weights 3, 7, 3, ...; the digit is 10 minus the sum's last digit, 0 for 10).
 */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^[0-9]{10}$/.test(accountNumber) || !/^[0-9]{3}$/.test(bankCode)) return false;
  const digits = bankCode + accountNumber.slice(0, 9);
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (NUBAN_WEIGHTS[index] ?? 0), 0);
  return (10 - (sum % 10)) % 10 === Number(accountNumber[9]);
}

/** A US account number: 4 to 17 digits. */
export function isValidUsAccountNumber(value: string): boolean {
  return /^[0-9]{4,17}$/.test(value);
}

/** Any other country's account number: 1 to 34 letters or digits (the longest IBAN). */
export function isValidGenericAccountNumber(value: string): boolean {
  return /^[A-Z0-9]{1,34}$/.test(value);
}
