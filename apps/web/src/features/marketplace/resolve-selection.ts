import type { CryptoCurrencyView, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import type { ListingFilters, PathSelection } from "./listing-filters.ts";

export type SelectionResolution =
  | { status: "pending" }
  | { status: "unknown"; what: "crypto" | "method"; token: string }
  | { status: "ready"; filters: ListingFilters };

export interface SelectionReferences {
  cryptos: readonly CryptoCurrencyView[] | undefined;
  methods: readonly PaymentMethod[] | undefined;
  groups: readonly PaymentMethodGroup[] | undefined;
}

/** A crypto by code ("BTC", "btc") or by url parameter ("bitcoin"). */
function findCrypto(cryptos: readonly CryptoCurrencyView[], token: string): CryptoCurrencyView | undefined {
  const lower = token.toLowerCase();
  return cryptos.find((crypto) => crypto.code.toLowerCase() === lower || crypto.urlParam.toLowerCase() === lower);
}

/**
 * Turns the path's words into filters: the coin by code or url parameter, the last segment as a
 * payment method slug or else a group slug. The path wins over the same keys in the query.
 * Pending while a list it needs is loading; "unknown" when a word names nothing.
 */
export function resolveSelection(
  selection: PathSelection,
  queryFilters: Omit<ListingFilters, "side">,
  references: SelectionReferences,
): SelectionResolution {
  const filters: ListingFilters = { ...queryFilters, side: selection.side };
  if (selection.cryptoToken !== null) {
    if (!references.cryptos) return { status: "pending" };
    const crypto = findCrypto(references.cryptos, selection.cryptoToken);
    if (!crypto) return { status: "unknown", what: "crypto", token: selection.cryptoToken };
    filters.crypto = crypto.code;
  }
  if (selection.methodToken !== null) {
    if (!references.methods || !references.groups) return { status: "pending" };
    const token = selection.methodToken;
    const method =
      references.methods.find((candidate) => candidate.slug === token) ??
      (selection.isLandingSlug ? longestPrefixMethod(references.methods, token) : undefined);
    const group = method ? undefined : references.groups.find((candidate) => candidate.slug === token);
    if (method) {
      filters.paymentMethod = method.slug;
      filters.group = null;
    } else if (group) {
      filters.group = group.slug;
      filters.paymentMethod = null;
    } else {
      return { status: "unknown", what: "method", token };
    }
  } else if (selection.impliedGroup !== null && filters.paymentMethod === null) {
    filters.group = selection.impliedGroup;
  }
  return { status: "ready", filters };
}

function longestPrefixMethod(methods: readonly PaymentMethod[], slug: string): PaymentMethod | undefined {
  return methods
    .filter((candidate) => slug.startsWith(`${candidate.slug}-`))
    .sort((a, b) => b.slug.length - a.slug.length)[0];
}
