/** The my-offers module's door: the vendor's own offers, quick edits, promotion and bids. */
import type { SoukModule } from "../../platform/index.ts";
import { registerMyOffersRoutes } from "./my-offers.routes.ts";

export const myOffersModule: SoukModule = {
  name: "my-offers",
  privateRoutes: registerMyOffersRoutes,
};
