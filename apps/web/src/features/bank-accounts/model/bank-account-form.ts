import { type BankAccount, type BankAccountScheme, bankAccountSchemeOf } from "@souk/contracts";

/** The bank account form's values: every field as typed (the form shows those of the country's scheme). */
export interface BankAccountFormValues {
  countryId: number | null;
  countryIso: string;
  fiatCurrencyId: number | null;
  holderType: "User" | "Business";
  holderName: string;
  bankId: string;
  bankName: string;
  swiftCode: string;
  accountNumber: string;
  iban: string;
  /** The routing number; the sort code for the United Kingdom. */
  routingNumber: string;
  ifsc: string;
  clabe: string;
  additionalInfo: string;
  state: string;
  city: string;
  zip: string;
  address: string;
}

export const EMPTY_FORM: BankAccountFormValues = {
  countryId: null,
  countryIso: "",
  fiatCurrencyId: null,
  holderType: "User",
  holderName: "",
  bankId: "",
  bankName: "",
  swiftCode: "",
  accountNumber: "",
  iban: "",
  routingNumber: "",
  ifsc: "",
  clabe: "",
  additionalInfo: "",
  state: "",
  city: "",
  zip: "",
  address: "",
};

/** The form filled with a stored account, for the edit page. */
export function formOf(account: BankAccount): BankAccountFormValues {
  return {
    countryId: account.countryId,
    countryIso: account.countryIso,
    fiatCurrencyId: account.fiatCurrencyId,
    holderType: account.holderType,
    holderName: account.holderName,
    bankId: account.bankId ?? "",
    bankName: account.bankName,
    swiftCode: account.swiftCode ?? "",
    accountNumber: account.accountNumber,
    iban: account.iban ?? "",
    routingNumber: account.routingNumber ?? "",
    ifsc: account.ifsc ?? "",
    clabe: account.clabe ?? "",
    additionalInfo: account.additionalInfo ?? "",
    state: account.state ?? "",
    city: account.city ?? "",
    zip: account.zip ?? "",
    address: account.address ?? "",
  };
}

/** The text fields each scheme shows, besides holder, bank and the optional ones. */
export const SCHEME_FIELDS: Record<BankAccountScheme, readonly (keyof BankAccountFormValues)[]> = {
  us: ["routingNumber", "accountNumber", "swiftCode"],
  gb: ["routingNumber", "accountNumber", "iban", "swiftCode"],
  mx: ["clabe"],
  in: ["ifsc", "accountNumber"],
  ng: ["accountNumber"],
  iban: ["accountNumber", "swiftCode"],
  other: ["accountNumber", "routingNumber", "swiftCode"],
};

type Payload = Record<string, unknown>;

/**
 * The spec's payload rules: empty optional fields are left out; the IBAN is upper-cased for UK
 * accounts; for Mexico the CLABE is sent as the account number and no sepa object is sent;
 * sepa.iban is sent only when there is an account number. Only the scheme's fields travel.
 */
export function payloadOf(values: BankAccountFormValues): Payload {
  const scheme = bankAccountSchemeOf(values.countryIso);
  const shown = new Set<string>(SCHEME_FIELDS[scheme]);
  const payload: Payload = {
    country_id: values.countryId,
    fiat_currency_id: values.fiatCurrencyId,
    is_personal: values.holderType === "User",
    holder_name: values.holderName.trim(),
  };
  const put = (key: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed !== "") payload[key] = trimmed;
  };
  put("bank_id", values.bankId);
  if (values.bankId === "") put("bank_name", values.bankName);
  for (const [field, key] of [
    ["routingNumber", "routing_number"],
    ["accountNumber", "account_number"],
    ["swiftCode", "swift_code"],
    ["ifsc", "ifsc"],
  ] as const) {
    if (shown.has(field)) put(key, values[field]);
  }
  if (scheme === "mx") {
    put("clabe", values.clabe);
    put("account_number", values.clabe);
  }
  // The IBAN of a SEPA account is its account number; a UK account may carry one beside it.
  const iban = scheme === "iban" ? values.accountNumber : scheme === "gb" ? values.iban.toUpperCase() : "";
  if (iban.trim() !== "" && payload.account_number !== undefined) payload.sepa = { iban: iban.trim() };
  for (const key of ["additionalInfo", "state", "city", "zip", "address"] as const) {
    put(
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      values[key],
    );
  }
  return payload;
}

/** The server's field errors (keyed by payload field) onto the form's fields. */
export function formFieldOf(serverField: string): keyof BankAccountFormValues | null {
  if (serverField === "iban") return "iban";
  if (serverField in EMPTY_FORM) return serverField as keyof BankAccountFormValues;
  return null;
}
