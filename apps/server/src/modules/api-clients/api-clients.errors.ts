import { API_CLIENT_LIMITS } from "@souk/contracts";
import { conflict, inputError, notFound } from "../../platform/index.ts";

export const clientNotFound = () => notFound("No such API client.", "ERROR_API_CLIENT_NOT_FOUND");

export const tooManyClients = () =>
  conflict(`An account may have ${API_CLIENT_LIMITS.perUserMax} API clients at most.`, "ERROR_API_CLIENT_LIMIT", {
    limit: API_CLIENT_LIMITS.perUserMax,
  });

export const redirectUriRefused = () =>
  inputError({ redirectUris: ["redirect_uri_invalid"] }, "Redirect URIs must use https (or http on localhost).");

/**
 * A refusal of the OAuth2 endpoints, answered in OAuth2's own shape (RFC 6749 §5.2), not in
 * Souk's envelope: the clients of these endpoints are OAuth libraries.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429 | 503,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export const invalidClient = () => new OAuthError(401, "invalid_client", "Unknown client or wrong secret.");
export const invalidGrant = (description: string) => new OAuthError(400, "invalid_grant", description);
export const invalidRequest = (description: string) => new OAuthError(400, "invalid_request", description);
export const unsupportedGrant = () =>
  new OAuthError(
    400,
    "unsupported_grant_type",
    "grant_type must be client_credentials, authorization_code or refresh_token.",
  );
export const invalidToken = () =>
  new OAuthError(401, "invalid_token", "The access token is missing, invalid or expired.");
