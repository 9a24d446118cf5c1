/** The feature-requests module's door: ideas users send from the app's feedback form. */
import type { SoukModule } from "../../platform/index.ts";
import { registerFeatureRequestRoutes } from "./feature-requests.routes.ts";

export const featureRequestsModule: SoukModule = {
  name: "feature-requests",
  privateRoutes: registerFeatureRequestRoutes,
};
