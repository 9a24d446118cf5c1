import {
  favoritesQuerySchema,
  favoritesResponseSchema,
  favoriteToggleResponseSchema,
  offerIdParamsSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { addFavoriteOffer, listFavoriteOffers, removeFavoriteOffer } from "./favorites.service.ts";

const tags = ["favorites"];

export function registerFavoritesRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/favorites/offers",
    {
      schema: {
        tags,
        summary: "The viewer's favourite offers, paged; type is the visitor's side",
        querystring: favoritesQuerySchema,
        response: { 200: favoritesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const page = await listFavoriteOffers(deps.db, viewerOf(request), request.query);
      return envelope(page.items, page.meta);
    },
  );

  app.post(
    "/rest/v1/favorites/offers/:id",
    {
      schema: {
        tags,
        summary: "Save an offer as a favourite",
        params: offerIdParamsSchema,
        response: { 200: favoriteToggleResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await addFavoriteOffer(deps.db, viewerOf(request), request.params.id);
      return envelope({ idHashed: request.params.id, isFavorite: true });
    },
  );

  app.delete(
    "/rest/v1/favorites/offers/:id",
    {
      schema: {
        tags,
        summary: "Remove an offer from the favourites",
        params: offerIdParamsSchema,
        response: { 200: favoriteToggleResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await removeFavoriteOffer(deps.db, viewerOf(request), request.params.id);
      return envelope({ idHashed: request.params.id, isFavorite: false });
    },
  );
}
