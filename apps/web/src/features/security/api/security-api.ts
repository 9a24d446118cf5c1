import {
  type EmailChangePending,
  type EmailChangeRequest,
  emailChangeDoneResponseSchema,
  emailChangePendingResponseSchema,
  type PasswordChangeRequest,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  twoFactorEnableResponseSchema,
  twoFactorEnrolmentResponseSchema,
  twoFactorStatusResponseSchema,
} from "@souk/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { currentUserQueryKey } from "../../../lib/session.ts";

const base = "/rest/v1/users/two-factor";
const twoFactorQueryKey = ["users", "two-factor"] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: async ({ signal }) => (await apiClient.get(base, { schema: twoFactorStatusResponseSchema, signal })).data,
  });
}

/** After a change: the status and the current user's `twoFactor` flags are read again. */
export function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return async (status?: TwoFactorStatus) => {
    if (status) queryClient.setQueryData(twoFactorQueryKey, status);
    else await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

export async function chooseOption(type: "ga" | "email" | "sms"): Promise<TwoFactorEnrolment> {
  return (await apiClient.post(`${base}/option`, { type }, { schema: twoFactorEnrolmentResponseSchema })).data;
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  return (await apiClient.post(`${base}/enable`, { code }, { schema: twoFactorEnableResponseSchema })).data
    .recoveryCodes;
}

export async function deactivateTwoFactor(code: string): Promise<TwoFactorStatus> {
  return (await apiClient.post(`${base}/deactivate`, { code }, { schema: twoFactorStatusResponseSchema })).data;
}

export async function saveTwoFactorSettings(
  settings: TwoFactorStatus["settings"] & { code?: string },
): Promise<TwoFactorStatus> {
  return (await apiClient.post(`${base}/settings`, settings, { schema: twoFactorStatusResponseSchema })).data;
}

export async function sendTwoFactorCode(): Promise<void> {
  await apiClient.post(`${base}/send-code`, {});
}

/** Asks for a new e-mail address: a code goes to it, a notice to the current one. */
export async function requestEmailChange(request: EmailChangeRequest): Promise<EmailChangePending> {
  return (await apiClient.post("/rest/v1/users/email", request, { schema: emailChangePendingResponseSchema })).data;
}

/** The code the new address received makes it the account's address. */
export async function confirmEmailChange(code: string): Promise<string> {
  return (await apiClient.post("/rest/v1/users/email/confirm", { code }, { schema: emailChangeDoneResponseSchema }))
    .data.email;
}

export async function changePassword(request: PasswordChangeRequest): Promise<void> {
  await apiClient.post("/rest/v1/users/password", request);
}
