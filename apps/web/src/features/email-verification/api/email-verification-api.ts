import { apiClient } from "../../../lib/api.ts";

const base = "/rest/v1/user-verification/email";

export async function verifyEmailCode(code: string): Promise<void> {
  await apiClient.post(`${base}/verify-code`, { code });
}

export async function resendEmailCode(): Promise<void> {
  await apiClient.post(`${base}/resend-code`, {});
}

export async function changeUnconfirmedEmail(email: string): Promise<void> {
  await apiClient.post(`${base}/change-unconfirmed`, { email });
}
