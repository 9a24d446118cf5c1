import {
  type AuthSession,
  authSessionResponseSchema,
  type LoginAnswer,
  type LoginRequest,
  loginResponseSchema,
  type RegisterRequest,
} from "@souk/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { signLogInSecondStep, signLogInWithPasskey } from "../../../lib/passkeys.ts";
import { startSession } from "../../../lib/session.ts";

/** Wrong credentials answer 401: that is the form's business, not a reason to leave the page. */
const authCallOptions = { schema: authSessionResponseSchema, skipUnauthorizedRedirect: true } as const;

/** The session, or `twoFactorRequired` when the second factor's code is still to come (no session yet). */
async function logIn(request: LoginRequest): Promise<LoginAnswer> {
  return (
    await apiClient.post("/rest/v1/auth/login", request, {
      schema: loginResponseSchema,
      skipUnauthorizedRedirect: true,
    })
  ).data;
}

/** A log-in waiting for the mailed approval of a new device asks again; it goes on once approved. */
export async function continueApprovedLogIn(): Promise<LoginAnswer> {
  return (
    await apiClient.post("/rest/v1/auth/login/approval", undefined, {
      schema: loginResponseSchema,
      skipUnauthorizedRedirect: true,
    })
  ).data;
}

/** The second step of a log-in: the factor's code (or a recovery code) opens the session. */
async function logInWithCode(code: string): Promise<AuthSession> {
  return (await apiClient.post("/rest/v1/auth/login/two-factor", { code }, authCallOptions)).data;
}

/** The second step of a log-in answered by one of the user's passkeys instead of the code. */
async function logInSecondStepWithPasskey(): Promise<AuthSession> {
  const response = await signLogInSecondStep();
  return (await apiClient.post("/rest/v1/auth/login/two-factor/passkey", { response }, authCallOptions)).data;
}

/** A log-in with a passkey: the browser offers this site's passkeys, no username or password asked. */
async function logInWithPasskey(): Promise<AuthSession> {
  const response = await signLogInWithPasskey();
  return (await apiClient.post("/rest/v1/auth/passkey/login", { response }, authCallOptions)).data;
}

async function register(request: RegisterRequest): Promise<AuthSession> {
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
    onSuccess: (answer) => {
      if ("user" in answer) startSession(queryClient, answer);
    },
  });
}

export function useLogInWithCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInWithCode,
    onSuccess: (session) => startSession(queryClient, session),
  });
}

export function useLogInSecondStepWithPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInSecondStepWithPasskey,
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

export function useLogInWithPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInWithPasskey,
    onSuccess: (session) => startSession(queryClient, session),
  });
}
