import type { Config } from "../../config.ts";

/** The relying party of Souk's passkeys: the host and origin of PUBLIC_URL (decision 081). */
export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

/** A ceremony's challenge lives five minutes; the browser's prompt itself times out after two. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** A user keeps at most this many passkeys. */
export const MAX_PASSKEYS = 20;

/** Pure: the relying party read from the public address (the server's own address when unset). */
export function relyingPartyOf(config: Pick<Config, "PUBLIC_URL" | "PORT">): RelyingParty {
  const url = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  return { rpID: url.hostname, rpName: "Souk", origin: url.origin };
}

/**
 * Pure: the challenge a browser signed, read from its client data (base64url JSON), or null when
 * the client data is not that. The server finds its stored challenge by it; the library then
 * checks the signature, the origin and the type.
 */
export function signedChallengeOf(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (typeof clientData !== "object" || clientData === null) return null;
    const challenge = (clientData as { challenge?: unknown }).challenge;
    return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Pure: whether the authenticator's signature counter may follow the stored one. An authenticator
 * that counts must count up (a lower or equal value is a cloned key); one that always answers 0
 * (synced passkeys do) is accepted while the stored value is 0 too.
 */
export function counterAccepted(stored: number, seen: number): boolean {
  if (stored === 0 && seen === 0) return true;
  return seen > stored;
}

/** Pure: a passkey's default name, from the browser that registered it ("Passkey 2" otherwise). */
export function defaultPasskeyName(device: string | null, existing: number): string {
  return device ? device.slice(0, 64) : `Passkey ${existing + 1}`;
}
