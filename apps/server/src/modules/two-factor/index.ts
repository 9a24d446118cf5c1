export type { TotpCheck } from "./two-factor.totp.ts";
export { checkTotp, newTotpSecret, totpCode, totpEnrolmentUrl, totpStep } from "./two-factor.totp.ts";
