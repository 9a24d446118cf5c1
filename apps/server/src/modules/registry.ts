import type { SoukModule } from "../platform/index.ts";
import { authModule } from "./auth/index.ts";
import { referenceModule } from "./reference/index.ts";
import { usersModule } from "./users/index.ts";

/**
 * Every domain module, in dependency order: demo seeding runs in this order, and routes register
 * in it. Add a module here and nowhere else.
 */
export const modules: SoukModule[] = [referenceModule, usersModule, authModule];
