import type {
  ApiClient,
  ApiClientCreated,
  ApiClientCreateRequest,
  OAuthTokenRequest,
  OAuthTokenResponse,
  OAuthUserInfo,
} from "@souk/contracts";
import { API_CLIENT_LIMITS, API_CLIENT_SCOPES } from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { findViewerByUserId, type Viewer } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { getCurrentUser } from "../users/index.ts";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTHORIZATION_CODE_TTL_SECONDS,
  composeCredential,
  grantedScopes,
  hashSecret,
  isAcceptableRedirectUri,
  isAllowedRedirect,
  isSameSecret,
  newPublicId,
  newSecret,
  normalizeScopes,
  parseScopeList,
  REFRESH_TOKEN_TTL_SECONDS,
  splitCredential,
} from "./api-clients.domain.ts";
import {
  clientNotFound,
  invalidClient,
  invalidGrant,
  invalidRequest,
  OAuthError,
  redirectUriRefused,
  tooManyClients,
  unsupportedGrant,
} from "./api-clients.errors.ts";
import * as repo from "./api-clients.repo.ts";

function clientView(row: repo.ClientRow): ApiClient {
  return {
    clientId: row.clientId,
    name: row.name,
    scopes: row.scopes,
    redirectUris: row.redirectUris,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new API client for a user. The secret is returned this once: only its salted hash is kept, so
 * nobody (Souk included) can show it again; a lost secret means a new client.
 */
export async function createApiClient(
  db: Db,
  userId: number,
  input: ApiClientCreateRequest,
): Promise<ApiClientCreated> {
  const redirectUris = [...new Set(input.redirectUris ?? [])];
  if (!redirectUris.every(isAcceptableRedirectUri)) throw redirectUriRefused();
  const scopes = input.scopes ? normalizeScopes(input.scopes) : [...API_CLIENT_SCOPES];
  const secret = newSecret();
  const row = await withTx(db, async (tx) => {
    await repo.lockUserClients(tx, userId);
    if ((await repo.listLiveClients(tx, userId)).length >= API_CLIENT_LIMITS.perUserMax) throw tooManyClients();
    const inserted = await repo.insertClient(tx, {
      clientId: newPublicId(),
      userId,
      name: input.name.trim(),
      secret: hashSecret(secret),
      scopes,
      redirectUris,
    });
    await recordActivity(tx, { userId, type: "api_key_created", details: { clientId: inserted.clientId } });
    return inserted;
  });
  return { client: clientView(row), clientSecret: secret };
}

export async function listApiClients(db: Db, userId: number): Promise<ApiClient[]> {
  return (await repo.listLiveClients(db, userId)).map(clientView);
}

/** Revokes the client and its tokens at once: the next call with any of them gets 401. */
export async function revokeApiClient(db: Db, userId: number, clientId: string): Promise<void> {
  const isRevoked = await withTx(db, async (tx) => {
    const revoked = await repo.revokeClient(tx, userId, clientId);
    if (revoked) await recordActivity(tx, { userId, type: "api_key_revoked", details: { clientId } });
    return revoked;
  });
  if (!isRevoked) throw clientNotFound();
}

// ---- the token endpoint --------------------------------------------------------------------

async function authenticateClient(db: Db, form: OAuthTokenRequest): Promise<repo.ClientRow> {
  if (!form.client_id || !form.client_secret) throw invalidClient();
  const client = await repo.findClient(db, form.client_id);
  // The hash is computed for unknown clients too, so timing does not tell which part was wrong.
  const isValid = client !== null && isSameSecret(form.client_secret, client.secret);
  if (!client || !isValid || client.isRevoked) throw invalidClient();
  return client;
}

async function issueTokens(
  db: Db,
  grant: {
    client: repo.ClientRow;
    userId: number;
    grantType: "client_credentials" | "authorization_code";
    scopes: string[];
  },
  withRefresh: boolean,
): Promise<OAuthTokenResponse> {
  const accessId = newPublicId();
  const accessSecret = newSecret();
  const base = { clientRowId: grant.client.id, userId: grant.userId, grantType: grant.grantType, scopes: grant.scopes };
  await repo.insertToken(db, {
    ...base,
    tokenId: accessId,
    kind: "access",
    secret: hashSecret(accessSecret),
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
  });
  const answer: OAuthTokenResponse = {
    access_token: composeCredential(accessId, accessSecret),
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    scope: grant.scopes.join(" "),
  };
  if (withRefresh) {
    const refreshId = newPublicId();
    const refreshSecret = newSecret();
    await repo.insertToken(db, {
      ...base,
      tokenId: refreshId,
      kind: "refresh",
      secret: hashSecret(refreshSecret),
      ttlSeconds: REFRESH_TOKEN_TTL_SECONDS,
    });
    answer.refresh_token = composeCredential(refreshId, refreshSecret);
  }
  return answer;
}

/**
 * POST /oauth2/token. client_credentials acts for the client's owner and gets no refresh token (a
 * bot that holds its secret asks again; the Paxful SDK does exactly that on a 401). An
 * authorization code acts for the user who consented and comes with a refresh token, which
 * stays valid until it expires or the client is revoked (not rotated: a bot whose parallel calls
 * all hit a 401 refreshes with the same token several times).
 */
export async function exchangeToken(db: Db, form: OAuthTokenRequest): Promise<OAuthTokenResponse> {
  const grantType = form.grant_type;
  if (grantType !== "client_credentials" && grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw unsupportedGrant();
  }
  const client = await authenticateClient(db, form);
  const requested = parseScopeList(form.scope);
  if (grantType === "client_credentials") {
    const scopes = grantedScopes(client.scopes, requested);
    return issueTokens(db, { client, userId: client.userId, grantType, scopes }, false);
  }
  if (grantType === "authorization_code") {
    const parts = form.code ? splitCredential(form.code) : null;
    if (!parts) throw invalidRequest("code is required.");
    const code = await withTx(db, (tx) => repo.redeemAuthorizationCode(tx, parts.id));
    const isValid = code !== null && isSameSecret(parts.secret, code.secret) && code.clientRowId === client.id;
    if (!code || !isValid) throw invalidGrant("The code is unknown, used, expired or not this client's.");
    // RFC 6749 §4.1.3: the redirect_uri must match the one of the authorization request.
    if ((form.redirect_uri ?? "") !== code.redirectUri) throw invalidGrant("redirect_uri does not match.");
    return issueTokens(db, { client, userId: code.userId, grantType, scopes: code.scopes }, true);
  }
  const parts = form.refresh_token ? splitCredential(form.refresh_token) : null;
  if (!parts) throw invalidRequest("refresh_token is required.");
  const token = await repo.findToken(db, parts.id);
  const isValid =
    token !== null &&
    token.kind === "refresh" &&
    token.isLive &&
    token.clientRowId === client.id &&
    isSameSecret(parts.secret, token.secret);
  if (!token || !isValid) throw invalidGrant("The refresh token is unknown, expired or revoked.");
  const scopes = requested.length > 0 ? grantedScopes(token.scopes, requested) : token.scopes;
  return issueTokens(db, { client, userId: token.userId, grantType: token.grantType, scopes }, false).then(
    (answer) => ({
      ...answer,
      // The same refresh token keeps working (see above), so it is handed back as it is.
      refresh_token: form.refresh_token as string,
    }),
  );
}

// ---- bearer tokens -------------------------------------------------------------------------

/** Who an access token acts for, with what: the viewer as they stand now and the token's scopes. */
export interface ApiCaller {
  viewer: Viewer;
  clientId: string;
  clientRowId: bigint;
  scopes: readonly string[];
  grantType: "client_credentials" | "authorization_code";
}

/**
 * The caller of a request from its Authorization header, or null when the token is missing,
 * malformed, unknown, expired or revoked, or the user is banned: those, and only those, are
 * answered 401 by the callers.
 */
export async function authenticateAccessToken(db: Db, authorization: string | undefined): Promise<ApiCaller | null> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  const parts = match?.[1] ? splitCredential(match[1]) : null;
  if (!parts) return null;
  const token = await repo.findToken(db, parts.id);
  if (token?.kind !== "access" || !token.isLive || !isSameSecret(parts.secret, token.secret)) return null;
  const viewer = await findViewerByUserId(db, token.userId);
  if (!viewer || viewer.isBanned) return null;
  void repo.touchClient(db, token.clientRowId).catch(() => {});
  return {
    viewer,
    clientId: token.clientId,
    clientRowId: token.clientRowId,
    scopes: token.scopes,
    grantType: token.grantType,
  };
}

// ---- consent and user info -----------------------------------------------------------------

export interface ConsentRequest {
  clientId?: string | undefined;
  redirectUri?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  responseType?: string | undefined;
}

export interface ConsentView {
  clientId: string;
  clientName: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
}

/**
 * What the consent page asks about. An unknown client or an unregistered redirect URI is refused
 * on the page itself (never redirected: the URI may be an attacker's).
 */
export async function describeConsent(db: Db, request: ConsentRequest): Promise<ConsentView> {
  if (request.responseType !== "code") throw invalidRequest("response_type must be code.");
  const client = request.clientId ? await repo.findClient(db, request.clientId) : null;
  if (!client || client.isRevoked) throw new OAuthError(400, "invalid_client", "Unknown client.");
  if (!request.redirectUri || !isAllowedRedirect(client.redirectUris, request.redirectUri)) {
    throw invalidRequest("redirect_uri is not registered for this client.");
  }
  const requested = parseScopeList(request.scope);
  return {
    clientId: client.clientId,
    clientName: client.name,
    redirectUri: request.redirectUri,
    scopes: grantedScopes(client.scopes, normalizeScopes(requested)),
    state: request.state ?? null,
  };
}

/** The user's answer on the consent page: the URL to send their browser to. */
export async function decideConsent(
  db: Db,
  userId: number,
  request: ConsentRequest,
  isAllowed: boolean,
): Promise<string> {
  const consent = await describeConsent(db, request);
  const target = new URL(consent.redirectUri);
  if (consent.state !== null) target.searchParams.set("state", consent.state);
  if (!isAllowed) {
    target.searchParams.set("error", "access_denied");
    return target.toString();
  }
  const client = await repo.findClient(db, consent.clientId);
  if (!client) throw invalidClient();
  const codeId = newPublicId();
  const secret = newSecret();
  await repo.insertAuthorizationCode(db, {
    codeId,
    clientRowId: client.id,
    userId,
    redirectUri: consent.redirectUri,
    scopes: consent.scopes,
    secret: hashSecret(secret),
    ttlSeconds: AUTHORIZATION_CODE_TTL_SECONDS,
  });
  target.searchParams.set("code", composeCredential(codeId, secret));
  return target.toString();
}

/** GET /oauth2/userinfo: OpenID claims, `profile` and `email` by the token's scopes. */
export async function getUserInfo(db: Db, caller: ApiCaller): Promise<OAuthUserInfo> {
  const user = await getCurrentUser(db, caller.viewer.userId);
  const claims: OAuthUserInfo = { sub: user.externalId };
  if (caller.scopes.includes("profile")) {
    Object.assign(claims, {
      nickname: user.username,
      given_name: user.firstName,
      family_name: user.lastName,
      locale: user.locale,
      picture: user.avatarUrl,
    });
  }
  if (caller.scopes.includes("email"))
    Object.assign(claims, { email: user.email, email_verified: user.verification.email });
  return claims;
}
