import { BANK_ACCOUNT_LIMITS, type Bank, type BankAccountPayload, bankAccountSchemeOf } from "@souk/contracts";
import {
  type BankDirectory,
  bankByIban,
  bankById,
  bankByNationalCode,
  bankByRoutingNumber,
  bankBySwift,
  compact,
} from "./bank-directory.ts";
import {
  ibanCountry,
  isValidAbaRoutingNumber,
  isValidClabe,
  isValidGenericAccountNumber,
  isValidIfsc,
  isValidIndianAccountNumber,
  isValidNuban,
  isValidSortCode,
  isValidSwift,
  isValidUkAccountNumber,
  isValidUsAccountNumber,
  swiftCountry,
  ukIbanParts,
} from "./bank-numbers.ts";

/**
 * The bank account rules (docs/product.md#bank-accounts): a pure decision over the payload and the
 * facts the service read (the country, the currency, the directory). Refusals are keyed by field,
 * as the web form shows them.
 */
export type FieldErrors = Record<string, string[]>;

export interface BankAccountFacts {
  /** The country of country_id, or null when no country has that id. */
  countryIso: string | null;
  isKnownFiatCurrency: boolean;
  directory: BankDirectory;
}

/** What is stored: numbers compacted, optional texts trimmed to null. */
export interface CheckedBankAccount {
  countryIso: string;
  holderName: string;
  isPersonal: boolean;
  bankId: string | null;
  bankName: string;
  swiftCode: string | null;
  accountNumber: string;
  iban: string | null;
  routingNumber: string | null;
  ifsc: string | null;
  clabe: string | null;
  additionalInfo: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
}

/** The numbers of the account as checked per country, and the bank they name (if any). */
interface Numbers {
  accountNumber: string;
  iban: string | null;
  routingNumber: string | null;
  ifsc: string | null;
  clabe: string | null;
  impliedBank: Bank | null;
}

class Refusals {
  readonly errors: FieldErrors = {};
  add(field: string, code: string): void {
    const codes = this.errors[field] ?? [];
    codes.push(code);
    this.errors[field] = codes;
  }
  has(field: string): boolean {
    return this.errors[field] !== undefined;
  }
}

function optionalText(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

function optionalNumber(value: string | undefined): string | null {
  const compacted = compact(value ?? "");
  return compacted === "" ? null : compacted;
}

function checkLength(refusals: Refusals, field: string, value: string | null, max: number): void {
  if (value !== null && value.length > max) refusals.add(field, "too_long");
}

/** United States: an ABA routing number with its checksum and a 4 to 17 digit account number. */
function usNumbers(payload: BankAccountPayload, refusals: Refusals, directory: BankDirectory): Numbers {
  const routingNumber = optionalNumber(payload.routingNumber);
  const accountNumber = optionalNumber(payload.accountNumber) ?? "";
  if (routingNumber === null) refusals.add("routingNumber", "routing_number_required");
  else if (!isValidAbaRoutingNumber(routingNumber)) refusals.add("routingNumber", "routing_number_invalid");
  if (accountNumber !== "" && !isValidUsAccountNumber(accountNumber))
    refusals.add("accountNumber", "account_number_invalid");
  const impliedBank =
    routingNumber && !refusals.has("routingNumber") ? bankByRoutingNumber(directory, routingNumber) : null;
  return { accountNumber, iban: null, routingNumber, ifsc: null, clabe: null, impliedBank };
}

/** United Kingdom: a sort code and an 8-digit account number; an IBAN, if given, carries the same two. */
function ukNumbers(payload: BankAccountPayload, refusals: Refusals, directory: BankDirectory): Numbers {
  const routingNumber = optionalNumber(payload.routingNumber);
  const accountNumber = optionalNumber(payload.accountNumber) ?? "";
  const iban = optionalNumber(payload.sepa?.iban);
  if (routingNumber === null) refusals.add("routingNumber", "sort_code_required");
  else if (!isValidSortCode(routingNumber)) refusals.add("routingNumber", "sort_code_invalid");
  if (accountNumber !== "" && !isValidUkAccountNumber(accountNumber))
    refusals.add("accountNumber", "account_number_invalid");
  let impliedBank: Bank | null = null;
  if (iban !== null) {
    const parts = ukIbanParts(iban);
    if (parts === null) refusals.add("iban", ibanCountry(iban) === null ? "iban_invalid" : "iban_country_mismatch");
    else if (parts.sortCode !== routingNumber || parts.accountNumber !== accountNumber)
      refusals.add("iban", "iban_account_mismatch");
    else impliedBank = bankByIban(directory, iban);
  }
  return { accountNumber, iban, routingNumber, ifsc: null, clabe: null, impliedBank };
}

/** Mexico: the CLABE is the account number (18 digits, its bank, city and check digit). */
function mxNumbers(payload: BankAccountPayload, refusals: Refusals, directory: BankDirectory): Numbers {
  const clabe = optionalNumber(payload.clabe) ?? optionalNumber(payload.accountNumber);
  const accountNumber = optionalNumber(payload.accountNumber) ?? clabe ?? "";
  let impliedBank: Bank | null = null;
  if (clabe === null) refusals.add("clabe", "clabe_required");
  else if (clabe.length !== BANK_ACCOUNT_LIMITS.clabeLength) refusals.add("clabe", "clabe_length");
  else if (!isValidClabe(clabe)) refusals.add("clabe", "clabe_invalid");
  else if (accountNumber !== clabe) refusals.add("accountNumber", "clabe_account_mismatch");
  else impliedBank = bankByNationalCode(directory, "MX", clabe.slice(0, 3));
  return { accountNumber, iban: null, routingNumber: null, ifsc: null, clabe, impliedBank };
}

/** India: an IFSC (11 characters) naming the bank, and a 9 to 18 digit account number. */
function inNumbers(payload: BankAccountPayload, refusals: Refusals, directory: BankDirectory): Numbers {
  const ifsc = optionalNumber(payload.ifsc);
  const accountNumber = optionalNumber(payload.accountNumber) ?? "";
  if (ifsc === null) refusals.add("ifsc", "ifsc_required");
  else if (ifsc.length !== BANK_ACCOUNT_LIMITS.ifscLength) refusals.add("ifsc", "ifsc_length");
  else if (!isValidIfsc(ifsc)) refusals.add("ifsc", "ifsc_invalid");
  if (accountNumber !== "" && !isValidIndianAccountNumber(accountNumber))
    refusals.add("accountNumber", "account_number_invalid");
  const impliedBank = ifsc && !refusals.has("ifsc") ? bankByNationalCode(directory, "IN", ifsc.slice(0, 4)) : null;
  return { accountNumber, iban: null, routingNumber: null, ifsc, clabe: null, impliedBank };
}

/** SEPA countries: the account number is the IBAN (checksum, layout, the account's country). */
function sepaNumbers(payload: BankAccountPayload, refusals: Refusals, countryIso: string, directory: BankDirectory) {
  const accountNumber = optionalNumber(payload.accountNumber) ?? "";
  const iban = optionalNumber(payload.sepa?.iban) ?? (accountNumber === "" ? null : accountNumber);
  let impliedBank: Bank | null = null;
  if (accountNumber !== "") {
    const country = ibanCountry(accountNumber);
    if (country === null) refusals.add("accountNumber", "iban_invalid");
    else if (country !== countryIso) refusals.add("accountNumber", "iban_country_mismatch");
    else if (iban !== accountNumber) refusals.add("iban", "iban_account_mismatch");
    else impliedBank = bankByIban(directory, accountNumber);
  }
  return {
    accountNumber,
    iban,
    routingNumber: optionalNumber(payload.routingNumber),
    ifsc: null,
    clabe: null,
    impliedBank,
  };
}

/** Any other country: letters and digits; a routing number if the country uses one. */
function otherNumbers(payload: BankAccountPayload, refusals: Refusals): Numbers {
  const accountNumber = optionalNumber(payload.accountNumber) ?? "";
  const routingNumber = optionalNumber(payload.routingNumber);
  if (accountNumber !== "" && !isValidGenericAccountNumber(accountNumber))
    refusals.add("accountNumber", "account_number_invalid");
  if (routingNumber !== null && !/^[A-Z0-9]{1,20}$/.test(routingNumber))
    refusals.add("routingNumber", "routing_number_invalid");
  return { accountNumber, iban: null, routingNumber, ifsc: null, clabe: null, impliedBank: null };
}

function numbersOf(payload: BankAccountPayload, refusals: Refusals, countryIso: string, directory: BankDirectory) {
  switch (bankAccountSchemeOf(countryIso)) {
    case "us":
      return usNumbers(payload, refusals, directory);
    case "gb":
      return ukNumbers(payload, refusals, directory);
    case "mx":
      return mxNumbers(payload, refusals, directory);
    case "in":
      return inNumbers(payload, refusals, directory);
    case "iban":
      return sepaNumbers(payload, refusals, countryIso, directory);
    default:
      // Nigeria's NUBAN needs the bank: checkNuban checks it once the bank is known.
      return otherNumbers(payload, refusals);
  }
}

const NUMBER_FIELDS = ["accountNumber", "iban", "routingNumber", "ifsc", "clabe"];

/**
 * The bank: the one chosen (bank_id, of the account's country), else the one the numbers name,
 * else a name typed in. A chosen bank must agree with the bank the numbers name.
 */
function bankOf(
  payload: BankAccountPayload,
  refusals: Refusals,
  countryIso: string,
  numbers: Numbers,
  facts: BankAccountFacts,
) {
  const bankId = optionalText(payload.bankId);
  const chosen = bankId === null ? null : bankById(facts.directory, bankId);
  if (bankId !== null && (chosen === null || chosen.countryIso !== countryIso)) refusals.add("bankId", "bank_invalid");
  else if (chosen && numbers.impliedBank && chosen.id !== numbers.impliedBank.id)
    refusals.add("bankId", "bank_number_mismatch");
  const bank = refusals.has("bankId") ? null : (chosen ?? numbers.impliedBank);
  const bankName = bank?.name ?? optionalText(payload.bankName);
  // A number refused already is the error to fix first: once right, it may name the bank.
  const isNumberRefused = NUMBER_FIELDS.some((field) => refusals.has(field));
  if (bankName === null && !refusals.has("bankId") && !isNumberRefused) refusals.add("bankName", "bank_name_required");
  return { bank, bankName: bankName ?? "" };
}

/** SWIFT: a valid BIC of the account's country, and of the same bank as the IBAN's. */
function swiftOf(
  payload: BankAccountPayload,
  refusals: Refusals,
  countryIso: string,
  numbers: Numbers,
  facts: BankAccountFacts,
) {
  const swiftCode = optionalNumber(payload.swiftCode ?? payload.swift);
  if (swiftCode === null) return null;
  if (!isValidSwift(swiftCode)) refusals.add("swiftCode", "swift_code_invalid");
  else if (swiftCountry(swiftCode) !== countryIso) refusals.add("swiftCode", "swift_country_mismatch");
  else if (numbers.iban !== null && numbers.impliedBank !== null) {
    const swiftBank = bankBySwift(facts.directory, swiftCode);
    if (swiftBank !== null && swiftBank.id !== numbers.impliedBank.id) refusals.add("swiftCode", "iban_swift_mismatch");
  }
  return swiftCode;
}

/** The whole decision: the account to store, or the refusals keyed by field. */
export function checkBankAccount(
  payload: BankAccountPayload,
  facts: BankAccountFacts,
): { errors: FieldErrors; account: CheckedBankAccount | null } {
  const refusals = new Refusals();
  const holderName = optionalText(payload.holderName);
  if (holderName === null) refusals.add("holderName", "holder_name_required");
  checkLength(refusals, "holderName", holderName, BANK_ACCOUNT_LIMITS.holderNameMax);
  if (!facts.isKnownFiatCurrency) refusals.add("fiatCurrencyId", "fiat_currency_invalid");
  const countryIso = facts.countryIso;
  if (countryIso === null) {
    refusals.add("countryId", "country_invalid");
    return { errors: refusals.errors, account: null };
  }
  const numbers = numbersOf(payload, refusals, countryIso, facts.directory);
  if (numbers.accountNumber === "" && !refusals.has("accountNumber") && !refusals.has("clabe"))
    refusals.add("accountNumber", "account_number_required");
  const { bank, bankName } = bankOf(payload, refusals, countryIso, numbers, facts);
  if (countryIso === "NG") checkNuban(refusals, numbers.accountNumber, bank);
  const swiftCode = swiftOf(payload, refusals, countryIso, numbers, facts);
  const texts = {
    additionalInfo: optionalText(payload.additionalInfo),
    state: optionalText(payload.state),
    city: optionalText(payload.city),
    zip: optionalText(payload.zip),
    address: optionalText(payload.address),
  };
  checkLength(refusals, "bankName", bankName, BANK_ACCOUNT_LIMITS.bankNameMax);
  checkLength(refusals, "additionalInfo", texts.additionalInfo, BANK_ACCOUNT_LIMITS.additionalInfoMax);
  checkLength(refusals, "state", texts.state, BANK_ACCOUNT_LIMITS.stateMax);
  checkLength(refusals, "city", texts.city, BANK_ACCOUNT_LIMITS.cityMax);
  checkLength(refusals, "zip", texts.zip, BANK_ACCOUNT_LIMITS.zipMax);
  checkLength(refusals, "address", texts.address, BANK_ACCOUNT_LIMITS.addressMax);
  if (Object.keys(refusals.errors).length > 0 || holderName === null) return { errors: refusals.errors, account: null };
  const { impliedBank: _bank, ...stored } = numbers;
  return {
    errors: {},
    account: {
      countryIso,
      holderName,
      isPersonal: payload.isPersonal,
      bankId: bank?.id ?? null,
      bankName,
      swiftCode,
      ...stored,
      ...texts,
    },
  };
}

/** Nigeria: a bank of the directory (its CBN code) and a NUBAN whose check digit matches it. */
function checkNuban(refusals: Refusals, accountNumber: string, bank: Bank | null): void {
  if (bank === null || bank.nationalCode === null) {
    if (!refusals.has("bankId")) refusals.add("bankId", "bank_id_required");
    return;
  }
  if (accountNumber !== "" && !isValidNuban(accountNumber, bank.nationalCode))
    refusals.add("accountNumber", "account_number_invalid");
}
