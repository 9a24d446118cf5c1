import { z } from "zod";
import { PAXFUL_ACTION_PATHS, paxfulScopeOf } from "./paxful.ts";

/**
 * API clients: credentials a user gives a program (a trading bot) to act for them through the
 * OAuth2 token endpoint and the Paxful-compatible API (docs/decisions/072-api-clients-and-oauth.md).
 */

/** The scopes a client may hold: one per Paxful action, plus OpenID's profile and email. */
export const API_CLIENT_SCOPES: readonly string[] = [
  "profile",
  "email",
  ...PAXFUL_ACTION_PATHS.map((path) => paxfulScopeOf(path)),
];

/** The groups of the Paxful-compatible API, for choosing scopes a group at a time. */
export const PAXFUL_GROUPS: readonly string[] = [
  ...new Set(PAXFUL_ACTION_PATHS.map((path) => path.split("/")[0] ?? "")),
];

export const API_CLIENT_LIMITS = { nameMaxLength: 80, perUserMax: 20, redirectUrisMax: 5 } as const;

const scopeSchema = z.string().refine((scope) => API_CLIENT_SCOPES.includes(scope), { message: "scope_unknown" });

/** POST /rest/v1/api-clients: a name and the scopes (all of them when none are sent). */
export const apiClientCreateRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "name_required" })
    .max(API_CLIENT_LIMITS.nameMaxLength, { message: "too_long" }),
  scopes: z.array(scopeSchema).max(API_CLIENT_SCOPES.length).optional(),
  /** Where the authorization-code flow may send a user back (https, or http on localhost). */
  redirectUris: z
    .array(z.string().url({ message: "url_invalid" }).max(2000))
    .max(API_CLIENT_LIMITS.redirectUrisMax, { message: "too_many" })
    .optional(),
});
export type ApiClientCreateRequest = z.infer<typeof apiClientCreateRequestSchema>;

export const apiClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  redirectUris: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

/** The answer to a creation: the client and its secret, which is shown this once and never again. */
export const apiClientCreatedSchema = z.object({ client: apiClientSchema, clientSecret: z.string() });
export type ApiClientCreated = z.infer<typeof apiClientCreatedSchema>;

export const apiClientParamsSchema = z.object({ clientId: z.string().min(1).max(64) });

/** POST /oauth2/token: the form fields of the three grants. */
export const oauthTokenRequestSchema = z.object({
  grant_type: z.string().max(64).optional(),
  client_id: z.string().max(128).optional(),
  client_secret: z.string().max(256).optional(),
  code: z.string().max(256).optional(),
  redirect_uri: z.string().max(2000).optional(),
  refresh_token: z.string().max(256).optional(),
  scope: z.string().max(4000).optional(),
});
export type OAuthTokenRequest = z.infer<typeof oauthTokenRequestSchema>;

export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
  scope: z.string(),
  refresh_token: z.string().optional(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** OAuth2's error answer (RFC 6749 §5.2). */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

/** GET /oauth2/authorize's query. */
export const oauthAuthorizeQuerySchema = z.object({
  response_type: z.string().max(32).optional(),
  client_id: z.string().max(128).optional(),
  redirect_uri: z.string().max(2000).optional(),
  scope: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
});

/** POST /oauth2/authorize: the consent form's answer. */
export const oauthConsentRequestSchema = oauthAuthorizeQuerySchema.extend({
  decision: z.enum(["allow", "deny"]),
});

/** GET /oauth2/userinfo: OpenID Connect's claims, by the token's scopes. */
export const oauthUserInfoSchema = z.object({
  sub: z.string(),
  nickname: z.string().optional(),
  given_name: z.string().nullable().optional(),
  family_name: z.string().nullable().optional(),
  locale: z.string().optional(),
  picture: z.string().nullable().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});
export type OAuthUserInfo = z.infer<typeof oauthUserInfoSchema>;
