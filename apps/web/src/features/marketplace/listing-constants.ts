import type { OfferFlowType, OfferSortType, OfferTab } from "@souk/contracts";

/**
 * Copies of a few contracts constants the marketplace needs on its first load. Importing them
 * from the contracts would put contracts' offers module in a chunk shared with the lazily loaded
 * answer schemas, and zod with it into the first load (about 25 kB gzipped, over the page's
 * budget). Each copy is checked against the contracts' types both ways: a value the contracts do
 * not know fails the `satisfies`, a value the copy misses fails the `Exhaustive` check.
 */
type Exhaustive<Union, List extends readonly unknown[]> = [Exclude<Union, List[number]>] extends [never] ? List : never;

const sortTypes = ["default", "price_asc", "price_desc", "release_time_asc", "release_time_desc"] as const;
export const SORT_TYPES: Exhaustive<OfferSortType, typeof sortTypes> = sortTypes;

const tabs = ["p2p", "shop"] as const;
export const TABS: Exhaustive<OfferTab, typeof tabs> = tabs;

/** contracts' P2P_FLOW_TYPES and SHOP_FLOW_TYPES. */
export const P2P_FLOWS = ["default", "lite"] as const satisfies readonly OfferFlowType[];
export const SHOP_FLOWS = ["gcc-auto", "bt-auto", "offramp"] as const satisfies readonly OfferFlowType[];

/** contracts' LISTING_DEFAULT_LIMIT (the default page size, docs/product.md#constants). */
export const LISTING_PAGE_SIZE = 10;
