import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * Bank accounts of a vendor and the bank directory (docs/product.md#bank-accounts). The payload is
 * the spec's (snake_case on the wire, camelCase here: the server accepts either).
 */
export const BankAccountErrorCode = {
  BANK_ACCOUNT_NOT_FOUND: "ERROR_BANK_ACCOUNT_NOT_FOUND",
  /** The spec's 422: the account is attached to an active offer (the bank-account-deletion-error flash). */
  BANK_ACCOUNT_IN_USE: "ERROR_BANK_ACCOUNT_IN_USE",
  /**
   * 409: an account can be shared in a trade's chat only once the flow revealed the payment
   * details, as the trade's own accounts are (docs/decisions/146-payment-accounts-copy-and-share.md).
   */
  PAYMENT_DETAILS_NOT_REVEALED: "ERROR_PAYMENT_DETAILS_NOT_REVEALED",
} as const;

export const BANK_ACCOUNT_HOLDER_TYPES = ["User", "Business"] as const;

/** The spec's bank list limit. */
export const BANK_LIST_LIMIT = 1000;

/** A user keeps at most this many bank accounts. */
export const BANK_ACCOUNTS_MAX = 50;

export const BANK_ACCOUNT_LIMITS = {
  holderNameMax: 100,
  bankNameMax: 100,
  additionalInfoMax: 500,
  stateMax: 100,
  cityMax: 100,
  zipMax: 20,
  addressMax: 200,
  ifscLength: 11,
  clabeLength: 18,
} as const;

const text = (max: number) => z.string().max(max * 4, { message: "too_long" });

/**
 * The create and update payload. Lengths and per-country rules are the server's (field errors keyed
 * by field); the schema only bounds sizes so that nothing huge reaches the rules.
 */
export const bankAccountPayloadSchema = z.object({
  fiatCurrencyId: z.number({ message: "fiat_currency_invalid" }).int({ message: "fiat_currency_invalid" }),
  holderName: text(BANK_ACCOUNT_LIMITS.holderNameMax).optional(),
  isPersonal: z.boolean({ message: "holder_type_invalid" }).default(true),
  countryId: z.number({ message: "country_invalid" }).int({ message: "country_invalid" }),
  /** The spec sends both swift and swift_code; swiftCode wins when both are there. */
  swift: text(11).optional(),
  swiftCode: text(11).optional(),
  accountNumber: text(40).optional(),
  sepa: z.object({ iban: text(40).optional() }).optional(),
  /** The routing number: ABA in the United States, sort code in the United Kingdom. */
  routingNumber: text(20).optional(),
  /** An id of the bank directory (GET /rest/v1/banks). */
  bankId: text(40).optional(),
  bankName: text(BANK_ACCOUNT_LIMITS.bankNameMax).optional(),
  ifsc: text(BANK_ACCOUNT_LIMITS.ifscLength).optional(),
  additionalInfo: text(BANK_ACCOUNT_LIMITS.additionalInfoMax).optional(),
  clabe: text(BANK_ACCOUNT_LIMITS.clabeLength).optional(),
  state: text(BANK_ACCOUNT_LIMITS.stateMax).optional(),
  city: text(BANK_ACCOUNT_LIMITS.cityMax).optional(),
  zip: text(BANK_ACCOUNT_LIMITS.zipMax).optional(),
  address: text(BANK_ACCOUNT_LIMITS.addressMax).optional(),
});
export type BankAccountPayload = z.infer<typeof bankAccountPayloadSchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  countryIso: z.string(),
  countryId: z.number().int(),
  fiatCurrencyId: z.number().int(),
  fiatCurrencyCode: z.string(),
  holderName: z.string(),
  holderType: z.enum(BANK_ACCOUNT_HOLDER_TYPES),
  isPersonal: z.boolean(),
  bankId: z.string().nullable(),
  bankName: z.string(),
  swiftCode: z.string().nullable(),
  accountNumber: z.string(),
  iban: z.string().nullable(),
  routingNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  clabe: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  /** Hashed ids of the owner's offers the account is attached to. */
  offerIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const bankAccountResponseSchema = envelopeSchema(bankAccountSchema);
export const bankAccountsResponseSchema = envelopeSchema(z.array(bankAccountSchema));
export const bankAccountDeletedResponseSchema = envelopeSchema(
  z.object({ id: z.number().int(), deleted: z.boolean() }),
);

/** A bank of the directory. nationalCode is the country's own bank code (routing number, sort code, CBN code, ...). */
export const bankSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryIso: z.string(),
  bic: z.string().nullable(),
  nationalCode: z.string().nullable(),
});
export type Bank = z.infer<typeof bankSchema>;

export const banksQuerySchema = z.object({
  countryId: z.coerce.number({ message: "country_invalid" }).int({ message: "country_invalid" }),
  limit: z.coerce
    .number({ message: "limit_invalid" })
    .int({ message: "limit_invalid" })
    .min(1, { message: "limit_invalid" })
    .max(BANK_LIST_LIMIT, { message: "limit_invalid" })
    .default(BANK_LIST_LIMIT),
});
export const bankByIbanQuerySchema = z.object({ iban: z.string().min(1, { message: "iban_required" }).max(60) });
export const bankByRoutingQuerySchema = z.object({
  routingNumber: z.string().min(1, { message: "routing_number_required" }).max(30),
});
export const bankBySwiftQuerySchema = z.object({
  swiftCode: z.string().min(1, { message: "swift_code_required" }).max(20),
});
export const banksResponseSchema = envelopeSchema(z.array(bankSchema));
/** A lookup answers the bank it found, or null. */
export const bankLookupResponseSchema = envelopeSchema(bankSchema.nullable());

/** Attaching the vendor's own accounts to an offer (replaces the offer's list). */
export const offerBankAccountIdsSchema = z
  .array(z.number().int({ message: "id_invalid" }))
  .max(10, { message: "too_many" });
export const offerBankAccountsRequestSchema = z.object({ bankAccountIds: offerBankAccountIdsSchema });
export const offerBankAccountsResponseSchema = envelopeSchema(
  z.object({ idHashed: z.string(), bankAccounts: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
);

/** What the buyer of a trade sees of the seller's account once the flow reveals the payment details. */
export const tradeBankAccountSchema = bankAccountSchema.pick({
  holderName: true,
  bankName: true,
  countryIso: true,
  accountNumber: true,
  iban: true,
  swiftCode: true,
  routingNumber: true,
  ifsc: true,
  clabe: true,
  additionalInfo: true,
});
export type TradeBankAccount = z.infer<typeof tradeBankAccountSchema>;

/**
 * SEPA countries other than the United Kingdom, whose accounts are an IBAN. The server checks the
 * IBAN against each country's layout; this list only says which form a country gets.
 */
export const SEPA_COUNTRY_ISOS = [
  "AD",
  "AT",
  "BE",
  "BG",
  "CH",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GI",
  "GR",
  "HR",
  "HU",
  "IE",
  "IS",
  "IT",
  "LI",
  "LT",
  "LU",
  "LV",
  "MC",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "SM",
  "VA",
] as const;

/** Which numbers an account of a country is made of (the form's fields and the server's rules). */
export type BankAccountScheme = "us" | "gb" | "mx" | "in" | "ng" | "iban" | "other";

export function bankAccountSchemeOf(countryIso: string): BankAccountScheme {
  switch (countryIso) {
    case "US":
      return "us";
    case "GB":
      return "gb";
    case "MX":
      return "mx";
    case "IN":
      return "in";
    case "NG":
      return "ng";
    default:
      return (SEPA_COUNTRY_ISOS as readonly string[]).includes(countryIso) ? "iban" : "other";
  }
}
