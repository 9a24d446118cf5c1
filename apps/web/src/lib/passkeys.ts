import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import {
  type PasskeyPurpose,
  passkeyOptionsResponseSchema,
  passkeyProofResponseSchema,
  passkeysResponseSchema,
} from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "./api.ts";
import { ApiError } from "./api-client.ts";

/**
 * Passkeys in the browser (docs/decisions/081-passkeys.md): the WebAuthn calls go through
 * @simplewebauthn/browser with the options the server gave; the server checks every answer.
 */

export const passkeysQueryKey = ["users", "passkeys"] as const;

export const supportsPasskeys = () => browserSupportsWebAuthn();

/** The viewer's passkeys (read only when `enabled`: a form that may offer one). */
export function usePasskeys(enabled = true) {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/users/passkeys", { schema: passkeysResponseSchema, signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

async function options(path: string, body: object = {}) {
  return (await apiClient.post(path, body, { schema: passkeyOptionsResponseSchema })).data;
}

/** The browser creates a passkey for the server's registration options. */
export async function createPasskey(): Promise<RegistrationResponseJSON> {
  const optionsJSON = await options("/rest/v1/users/passkeys/registration/options");
  return startRegistration({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** The browser signs the challenge of the given options with a passkey the user picks. */
async function signWithPasskey(path: string, body: object = {}): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await options(path, body);
  return startAuthentication({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** A log-in's assertion: any passkey of this site, no username asked. */
export const signLogInWithPasskey = () => signWithPasskey("/rest/v1/auth/passkey/options");

/** A password log-in's second step: one of the pending user's passkeys (decision 084). */
export const signLogInSecondStep = () => signWithPasskey("/rest/v1/auth/login/two-factor/passkey/options");

/** The second factor of a release, a send or an account change: a one-time code for its code field. */
async function passkeyCode(purpose: PasskeyPurpose): Promise<string> {
  const response = await signWithPasskey("/rest/v1/users/passkeys/assertion/options", { purpose });
  const proof = await apiClient.post(
    "/rest/v1/users/passkeys/assertion/verify",
    { purpose, response },
    { schema: passkeyProofResponseSchema },
  );
  return proof.data.code;
}

/** The user closed the browser's passkey prompt (or it timed out): not an error to show loudly. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

export type PasskeyCodeState = "idle" | "busy" | "done" | "failed" | "dismissed";

/**
 * For forms that ask the second factor's code (release, send): whether a passkey can be offered
 * (the browser can, and the user has one), and the check that hands its one-time code to `onCode`.
 */
export function usePasskeyCode(purpose: PasskeyPurpose, isAsked: boolean, onCode: (code: string) => void) {
  const isSupported = supportsPasskeys();
  const passkeys = usePasskeys(isAsked && isSupported);
  const [state, setState] = useState<PasskeyCodeState>("idle");
  const use = async () => {
    setState("busy");
    try {
      onCode(await passkeyCode(purpose));
      setState("done");
    } catch (error) {
      setState(isPasskeyPromptDismissed(error) && !(error instanceof ApiError) ? "dismissed" : "failed");
    }
  };
  return { isOffered: isAsked && isSupported && (passkeys.data?.length ?? 0) > 0, state, use };
}
