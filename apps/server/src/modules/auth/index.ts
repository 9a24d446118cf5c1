import type { SoukModule } from "../../platform/index.ts";
import { registerAuthPrivateRoutes, registerAuthPublicRoutes } from "./auth.routes.ts";

export const authModule: SoukModule = {
  name: "auth",
  publicRoutes: registerAuthPublicRoutes,
  privateRoutes: registerAuthPrivateRoutes,
};
