/** The favorites module's door: favourite offers of a user. */
import type { SoukModule } from "../../platform/index.ts";
import { registerFavoritesRoutes } from "./favorites.routes.ts";

export const favoritesModule: SoukModule = {
  name: "favorites",
  privateRoutes: registerFavoritesRoutes,
};
