import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { API_CLIENT_SCOPES } from "@souk/contracts";

/**
 * The pure rules of API clients: credential shapes, the keyed hash they are stored under, scopes
 * and grants (docs/decisions/072-api-clients-and-oauth.md).
 */

/** An access token lives an hour; a bot whose token ran out gets 401 and asks for a new one. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

/** A random public id: 16 bytes in base64url (22 characters). */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

/** A random secret: 32 bytes in base64url (43 characters), 256 bits a guess has to find. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export interface StoredSecret {
  salt: Buffer;
  hash: Buffer;
}

/**
 * Secrets are random 256-bit values, not passwords a person chose: nobody can guess one, so a slow
 * password hash (argon2) would buy nothing and cost tens of milliseconds on every token request.
 * A keyed hash with a salt of its own per secret (HMAC-SHA256) keeps a leaked table useless
 * without making the token endpoint slow.
 */
export function hashSecret(secret: string, salt: Buffer = randomBytes(16)): StoredSecret {
  return { salt, hash: createHmac("sha256", salt).update(secret).digest() };
}

export function isSameSecret(secret: string, stored: StoredSecret): boolean {
  const candidate = createHmac("sha256", stored.salt).update(secret).digest();
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}

/** Tokens and codes are `<id>.<secret>`: the id finds the row, the secret proves the holder. */
export function composeCredential(id: string, secret: string): string {
  return `${id}.${secret}`;
}

export function splitCredential(value: string): { id: string; secret: string } | null {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{16,128})$/.exec(value);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : null;
}

/** The scopes asked for in a space-separated list (`+` is a space in query strings). */
export function parseScopeList(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(/[\s+]+/).filter((scope) => scope.length > 0))];
}

/** Known scopes only, each once, in the catalogue's order. */
export function normalizeScopes(scopes: readonly string[]): string[] {
  const wanted = new Set(scopes);
  return API_CLIENT_SCOPES.filter((scope) => wanted.has(scope));
}

/**
 * The scopes a token gets: what was asked of what the client holds. Nothing asked means all the
 * client holds (the Paxful SDK never sends `scope`, and asks its defaults only on the consent page).
 */
export function grantedScopes(clientScopes: readonly string[], requested: readonly string[]): string[] {
  if (requested.length === 0) return [...clientScopes];
  const allowed = new Set(clientScopes);
  return requested.filter((scope) => allowed.has(scope));
}

/**
 * Where the authorization-code flow may return: exactly one of the client's registered URIs.
 * A client without any cannot use that flow.
 */
export function isAllowedRedirect(registered: readonly string[], redirectUri: string | undefined): boolean {
  return redirectUri !== undefined && registered.includes(redirectUri);
}

/** An https URI, or http on this machine (a bot's local callback while developing). */
export function isAcceptableRedirectUri(uri: string): boolean {
  try {
    const url = new URL(uri);
    if (url.hash) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}
