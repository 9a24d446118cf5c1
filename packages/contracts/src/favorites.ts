import { z } from "zod";
import { OFFER_TYPES } from "./enums.ts";
import { DEFAULT_PAGE_SIZE, envelopeSchema } from "./envelope.ts";
import { offerListingItemSchema } from "./offers.ts";

/** Favourite offers (docs/product.md#favourites). type is the visitor's side, as in the listing. */
export const FAVORITE_SORTS = ["newest", "oldest", "price_asc", "price_desc"] as const;

export const favoritesQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[0-9]{1,7}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }).optional(),
  sort: z.enum(FAVORITE_SORTS, { message: "sort_invalid" }).default("newest"),
});
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;

export const favoriteOfferSchema = offerListingItemSchema.extend({
  /** The offer can be traded now (it may have been paused since it was saved). */
  isAvailable: z.boolean(),
  favoritedAt: z.string(),
});
export type FavoriteOffer = z.infer<typeof favoriteOfferSchema>;

export const favoritesMetaSchema = z.object({
  total: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  lastPage: z.number().int(),
  /** Favourites the viewer can buy from (their owners sell), and sell to. */
  buyCount: z.number().int(),
  sellCount: z.number().int(),
  currentType: z.enum(OFFER_TYPES).nullable(),
});
export const favoritesResponseSchema = envelopeSchema(z.array(favoriteOfferSchema), favoritesMetaSchema);
export const favoriteToggleResponseSchema = envelopeSchema(z.object({ idHashed: z.string(), isFavorite: z.boolean() }));
export const FAVORITES_PAGE_SIZE = DEFAULT_PAGE_SIZE;
