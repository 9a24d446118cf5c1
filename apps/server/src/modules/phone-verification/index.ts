/**
 * The phone-verification module's door: a 6-digit code sent through the sms module to a number
 * read with libphonenumber-js, confirmed, and the number reset (decision 114).
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerPhoneVerificationRoutes } from "./phone-verification.routes.ts";

export { pruneExpiredPhoneCodes } from "./phone-verification.service.ts";

export const phoneVerificationModule: SoukModule = {
  name: "phone-verification",
  privateRoutes: registerPhoneVerificationRoutes,
};
