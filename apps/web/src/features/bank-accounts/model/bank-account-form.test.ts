import { describe, expect, it } from "vitest";
import { EMPTY_FORM, formFieldOf, payloadOf } from "./bank-account-form.ts";

const base = { ...EMPTY_FORM, holderName: " Ada ", fiatCurrencyId: 145 };

describe("the bank account payload", () => {
  it("sends a SEPA account's IBAN as the account number and in sepa, leaving empty fields out", () => {
    expect(payloadOf({ ...base, countryId: 276, countryIso: "DE", accountNumber: "DE89370400440532013000" })).toEqual({
      country_id: 276,
      fiat_currency_id: 145,
      is_personal: true,
      holder_name: "Ada",
      account_number: "DE89370400440532013000",
      sepa: { iban: "DE89370400440532013000" },
    });
  });

  it("upper-cases a UK IBAN and sends it only with an account number", () => {
    const uk = { ...base, countryId: 826, countryIso: "GB", routingNumber: "601613", iban: "gb29nwbk60161331926819" };
    expect(payloadOf({ ...uk, accountNumber: "31926819" })).toMatchObject({
      routing_number: "601613",
      account_number: "31926819",
      sepa: { iban: "GB29NWBK60161331926819" },
    });
    expect(payloadOf(uk)).not.toHaveProperty("sepa");
  });

  it("sends a Mexican CLABE as the account number, without sepa", () => {
    const payload = payloadOf({ ...base, countryId: 484, countryIso: "MX", clabe: "002010077777777771", iban: "x" });
    expect(payload).toMatchObject({ clabe: "002010077777777771", account_number: "002010077777777771" });
    expect(payload).not.toHaveProperty("sepa");
  });

  it("sends the chosen bank's id, or the typed name when none is chosen, and the business holder type", () => {
    const chosen = payloadOf({
      ...base,
      countryIso: "NG",
      bankId: "ng-gtbank",
      bankName: "typed",
      holderType: "Business",
    });
    expect(chosen).toMatchObject({ bank_id: "ng-gtbank", is_personal: false });
    expect(chosen).not.toHaveProperty("bank_name");
    expect(payloadOf({ ...base, countryIso: "FI", bankName: "Nordea" })).toMatchObject({ bank_name: "Nordea" });
  });

  it("maps the server's fields onto the form's", () => {
    expect(formFieldOf("routingNumber")).toBe("routingNumber");
    expect(formFieldOf("iban")).toBe("iban");
    expect(formFieldOf("bankAccountIds")).toBeNull();
  });
});
