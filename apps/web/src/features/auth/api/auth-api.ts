import { type AuthSession, authSessionResponseSchema, type LoginRequest, type RegisterRequest } from "@souk/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { startSession } from "../../../lib/session.ts";

/** Wrong credentials answer 401: that is the form's business, not a reason to leave the page. */
const authCallOptions = { schema: authSessionResponseSchema, skipUnauthorizedRedirect: true } as const;

export async function logIn(request: LoginRequest): Promise<AuthSession> {
  return (await apiClient.post("/rest/v1/auth/login", request, authCallOptions)).data;
}

export async function register(request: RegisterRequest): Promise<AuthSession> {
  return (await apiClient.post("/rest/v1/auth/register", request, authCallOptions)).data;
}

/** Mails a reset link when an account uses the address; the answer is the same either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post("/rest/v1/auth/password/forgot", { email }, { skipUnauthorizedRedirect: true });
}

/** Sets a new password with the mailed link's token; every session of the account ends. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await apiClient.post("/rest/v1/auth/password/reset", { token, password }, { skipUnauthorizedRedirect: true });
}

export function useLogInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (session) => startSession(queryClient, session),
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => startSession(queryClient, session),
  });
}
