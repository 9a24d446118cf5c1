export {
  hashRecoveryCode,
  matchRecoveryCode,
  newRecoveryCodes,
  RECOVERY_CODE_COUNT,
} from "./two-factor.recovery-codes.ts";
export type { TotpCheck } from "./two-factor.totp.ts";
export { checkTotp, newTotpSecret, totpCode, totpEnrolmentUrl, totpStep } from "./two-factor.totp.ts";
