import type { Bank } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { countryIsoOf } from "./bank-accounts.repo.ts";
import { bankByIban, bankByRoutingNumber, bankBySwift, bankDirectory, banksOfCountry } from "./bank-directory.ts";

/** GET /rest/v1/banks: a country without banks in the directory (or no such country) has none. */
export async function listBanks(db: Db, countryId: number, limit: number): Promise<Bank[]> {
  const iso = await countryIsoOf(db, countryId);
  return iso === null ? [] : banksOfCountry(bankDirectory(), iso, limit);
}

export function lookUpByIban(iban: string): Bank | null {
  return bankByIban(bankDirectory(), iban);
}

export function lookUpByRoutingNumber(routingNumber: string): Bank | null {
  return bankByRoutingNumber(bankDirectory(), routingNumber);
}

export function lookUpBySwift(swiftCode: string): Bank | null {
  return bankBySwift(bankDirectory(), swiftCode);
}
