import type { BankAccountPayload } from "@souk/contracts";
import { isValidBIC } from "ibantools";
import { describe, expect, it } from "vitest";
import { checkBankAccount } from "./bank-accounts.rules.ts";
import {
  type BankDirectory,
  bankByIban,
  bankByRoutingNumber,
  bankBySwift,
  bankDirectory,
  banksOfCountry,
} from "./bank-directory.ts";
import {
  isValidAbaRoutingNumber,
  isValidClabe,
  isValidIban,
  isValidIfsc,
  isValidNuban,
  isValidSortCode,
  isValidSwift,
  ukIbanParts,
} from "./bank-numbers.ts";

const directory: BankDirectory = bankDirectory();

function payload(overrides: Partial<BankAccountPayload>): BankAccountPayload {
  return { fiatCurrencyId: 145, countryId: 276, isPersonal: true, holderName: "Ada Lovelace", ...overrides };
}

function check(countryIso: string | null, overrides: Partial<BankAccountPayload>) {
  return checkBankAccount(payload(overrides), { countryIso, isKnownFiatCurrency: true, directory });
}

describe("bank numbers", () => {
  it("checks IBANs by checksum and layout", () => {
    expect(isValidIban("GB29NWBK60161331926819")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("NL91ABNA0417164301")).toBe(false);
    expect(ukIbanParts("GB29NWBK60161331926819")).toEqual({ sortCode: "601613", accountNumber: "31926819" });
  });

  it("checks BICs", () => {
    expect(isValidSwift("DEUTDEFF")).toBe(true);
    expect(isValidSwift("DEUTDEFF500")).toBe(true);
    expect(isValidSwift("DEUTXXFF")).toBe(false);
    expect(isValidSwift("DEUT")).toBe(false);
  });

  it("checks ABA routing numbers by their weighted checksum", () => {
    expect(isValidAbaRoutingNumber("021000021")).toBe(true);
    expect(isValidAbaRoutingNumber("026009593")).toBe(true);
    expect(isValidAbaRoutingNumber("021000022")).toBe(false);
    expect(isValidAbaRoutingNumber("02100002")).toBe(false);
  });

  it("checks UK sort codes, CLABEs and IFSCs", () => {
    expect(isValidSortCode("601613")).toBe(true);
    expect(isValidSortCode("60161")).toBe(false);
    expect(isValidClabe("002010077777777771")).toBe(true);
    expect(isValidClabe("002010077777777772")).toBe(false);
    expect(isValidClabe("00201007777777777")).toBe(false);
    expect(isValidIfsc("SBIN0000300")).toBe(true);
    expect(isValidIfsc("SBIN1000300")).toBe(false);
    expect(isValidIfsc("SBIN000030")).toBe(false);
  });

  it("checks a NUBAN's check digit against the bank's CBN code (the CBN's worked example)", () => {
    expect(isValidNuban("0000014579", "011")).toBe(true);
    expect(isValidNuban("0000014578", "011")).toBe(false);
    expect(isValidNuban("0000014579", "058")).toBe(false);
    expect(isValidNuban("000001457", "011")).toBe(false);
  });
});

describe("the bank directory", () => {
  it("holds a real set of banks for each country it serves, each with a valid BIC", () => {
    for (const iso of ["US", "GB", "MX", "IN", "NG", "DE", "FR", "ES", "IT", "NL", "BE", "AT", "IE", "PT"]) {
      expect(banksOfCountry(directory, iso, 1000).length, iso).toBeGreaterThanOrEqual(2);
    }
    for (const bank of directory.banks) {
      expect(isValidBIC(bank.bic ?? ""), bank.id).toBe(true);
      expect(bank.bic?.slice(4, 6), bank.id).toBe(bank.countryIso);
    }
    for (const bank of banksOfCountry(directory, "US", 1000)) {
      expect(isValidAbaRoutingNumber(bank.nationalCode ?? ""), bank.id).toBe(true);
    }
    expect(new Set(directory.banks.map((bank) => bank.id)).size).toBe(directory.banks.length);
  });

  it("finds banks by IBAN, routing number and SWIFT", () => {
    expect(bankByIban(directory, "GB29 NWBK 6016 1331 9268 19")?.id).toBe("gb-natwest");
    expect(bankByIban(directory, "DE89370400440532013000")?.id).toBe("de-commerzbank");
    expect(bankByIban(directory, "NL91ABNA0417164300")?.id).toBe("nl-abn-amro");
    expect(bankByIban(directory, "NL91ABNA0417164301")).toBeNull();
    expect(bankByRoutingNumber(directory, "021000021")?.id).toBe("us-chase");
    expect(bankByRoutingNumber(directory, "HDFC0000001")?.id).toBe("in-hdfc");
    expect(bankByRoutingNumber(directory, "002010077777777771")?.id).toBe("mx-banamex");
    expect(bankByRoutingNumber(directory, "999999999")).toBeNull();
    expect(bankBySwift(directory, "DEUTDEFFXXX")?.id).toBe("de-deutsche-bank");
    expect(bankBySwift(directory, "ZZZZDEFF")).toBeNull();
  });
});

describe("bank account rules", () => {
  it("takes a SEPA account whose account number is the IBAN, and names its bank", () => {
    const result = check("DE", {
      accountNumber: "DE89 3704 0044 0532 0130 00",
      sepa: { iban: "DE89370400440532013000" },
    });
    expect(result.errors).toEqual({});
    expect(result.account).toMatchObject({
      countryIso: "DE",
      accountNumber: "DE89370400440532013000",
      iban: "DE89370400440532013000",
      bankId: "de-commerzbank",
      bankName: "Commerzbank",
    });
  });

  it("refuses a bad IBAN, an IBAN of another country, and a SWIFT of another bank", () => {
    expect(check("DE", { accountNumber: "DE89370400440532013001" }).errors).toEqual({
      accountNumber: ["iban_invalid"],
    });
    expect(check("DE", { accountNumber: "NL91ABNA0417164300" }).errors).toEqual({
      accountNumber: ["iban_country_mismatch"],
    });
    expect(check("DE", { accountNumber: "DE89370400440532013000", swiftCode: "DEUTDEFF" }).errors).toEqual({
      swiftCode: ["iban_swift_mismatch"],
    });
    expect(check("DE", { accountNumber: "DE89370400440532013000", swiftCode: "ABNANL2A" }).errors).toEqual({
      swiftCode: ["swift_country_mismatch"],
    });
    expect(check("DE", { accountNumber: "DE89370400440532013000", swiftCode: "NOTABIC" }).errors).toEqual({
      swiftCode: ["swift_code_invalid"],
    });
  });

  it("requires the holder's name, a known country and currency, and an account number", () => {
    const result = checkBankAccount(payload({ holderName: "  " }), {
      countryIso: null,
      isKnownFiatCurrency: false,
      directory,
    });
    expect(result.errors).toEqual({
      holderName: ["holder_name_required"],
      fiatCurrencyId: ["fiat_currency_invalid"],
      countryId: ["country_invalid"],
    });
    expect(check("DE", {}).errors).toEqual({ accountNumber: ["account_number_required"] });
    expect(check("FI", { accountNumber: "FI2112345600000785" }).errors).toEqual({ bankName: ["bank_name_required"] });
    expect(check("FI", { accountNumber: "FI2112345600000785", bankName: "Nordea" }).account).toMatchObject({
      bankId: null,
      bankName: "Nordea",
    });
  });

  it("takes a US account with a valid ABA routing number and refuses a bad checksum", () => {
    const good = check("US", { routingNumber: "021000021", accountNumber: "123456789" });
    expect(good.errors).toEqual({});
    expect(good.account).toMatchObject({ bankId: "us-chase", routingNumber: "021000021" });
    expect(check("US", { routingNumber: "021000022", accountNumber: "123456789", bankName: "Chase" }).errors).toEqual({
      routingNumber: ["routing_number_invalid"],
    });
    expect(check("US", { accountNumber: "123456789", bankName: "Chase" }).errors).toEqual({
      routingNumber: ["routing_number_required"],
    });
  });

  it("takes a UK sort code and account number, and an IBAN only when it carries the same", () => {
    const good = check("GB", {
      routingNumber: "60-16-13",
      accountNumber: "31926819",
      sepa: { iban: "gb29nwbk60161331926819" },
    });
    expect(good.errors).toEqual({});
    expect(good.account).toMatchObject({
      routingNumber: "601613",
      iban: "GB29NWBK60161331926819",
      bankId: "gb-natwest",
    });
    expect(
      check("GB", { routingNumber: "601613", accountNumber: "31926818", sepa: { iban: "GB29NWBK60161331926819" } })
        .errors,
    ).toEqual({ iban: ["iban_account_mismatch"] });
    expect(check("GB", { routingNumber: "6016", accountNumber: "3192", bankName: "NatWest" }).errors).toEqual({
      routingNumber: ["sort_code_invalid"],
      accountNumber: ["account_number_invalid"],
    });
  });

  it("takes a Mexican CLABE as the account number and refuses a bad one", () => {
    const good = check("MX", { clabe: "002010077777777771" });
    expect(good.errors).toEqual({});
    expect(good.account).toMatchObject({
      accountNumber: "002010077777777771",
      clabe: "002010077777777771",
      bankId: "mx-banamex",
    });
    expect(check("MX", { clabe: "002010077777777772", bankName: "Banamex" }).errors).toEqual({
      clabe: ["clabe_invalid"],
    });
    expect(check("MX", { clabe: "0020100777", bankName: "Banamex" }).errors).toEqual({ clabe: ["clabe_length"] });
    expect(check("MX", { clabe: "002010077777777771", bankId: "mx-bbva" }).errors).toEqual({
      bankId: ["bank_number_mismatch"],
    });
  });

  it("takes an Indian IFSC of exactly 11 characters", () => {
    expect(check("IN", { ifsc: "hdfc0000001", accountNumber: "50100012345678" }).account).toMatchObject({
      ifsc: "HDFC0000001",
      bankId: "in-hdfc",
    });
    expect(check("IN", { ifsc: "HDFC000001", accountNumber: "50100012345678", bankName: "HDFC" }).errors).toEqual({
      ifsc: ["ifsc_length"],
    });
  });

  it("takes a Nigerian NUBAN whose check digit fits the chosen bank", () => {
    expect(check("NG", { bankId: "ng-first-bank", accountNumber: "0000014579" }).errors).toEqual({});
    expect(check("NG", { bankId: "ng-gtbank", accountNumber: "0000014579" }).errors).toEqual({
      accountNumber: ["account_number_invalid"],
    });
    expect(check("NG", { accountNumber: "0000014579", bankName: "First Bank" }).errors).toEqual({
      bankId: ["bank_id_required"],
    });
    expect(check("NG", { bankId: "us-chase", accountNumber: "0000014579" }).errors).toEqual({
      bankId: ["bank_invalid"],
    });
  });

  it("bounds the optional texts", () => {
    expect(
      check("DE", { accountNumber: "DE89370400440532013000", additionalInfo: "x".repeat(501), zip: "1".repeat(21) })
        .errors,
    ).toEqual({ additionalInfo: ["too_long"], zip: ["too_long"] });
  });
});
