import {
  type AuthSession,
  authSessionResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from "@souk/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiClient } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { endSession, startSession } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";

/** Wrong credentials answer 401: that is the form's business, not a reason to leave the page. */
const authCallOptions = { schema: authSessionResponseSchema, skipUnauthorizedRedirect: true } as const;

export async function logIn(request: LoginRequest): Promise<AuthSession> {
  return (await apiClient.post("/rest/v1/auth/login", request, authCallOptions)).data;
}

export async function register(request: RegisterRequest): Promise<AuthSession> {
  return (await apiClient.post("/rest/v1/auth/register", request, authCallOptions)).data;
}

export async function logOut(): Promise<void> {
  try {
    await apiClient.post("/rest/v1/auth/logout", undefined, { skipUnauthorizedRedirect: true });
  } catch (error) {
    // A session that already ended is what log-out wants anyway.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
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

/** Logs out, forgets the session's cached data and goes to the home page. */
export function useLogOutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  return useMutation({
    mutationFn: logOut,
    onSuccess: async () => {
      await endSession(queryClient);
      await navigate(to("home"));
    },
  });
}
