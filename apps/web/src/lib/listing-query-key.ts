/** Every marketplace listing query's key starts with this (the marketplace feature builds on it). */
export const LISTING_QUERY_KEY_ROOT = ["offers", "listing"] as const;
