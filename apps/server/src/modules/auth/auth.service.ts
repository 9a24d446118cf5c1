import type { LoginRequest, RegisterRequest, TwoFactorType } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { type Db, withTx } from "../../db/pool.ts";
import {
  createSession,
  hashPassword,
  type JobQueue,
  type NewSessionInfo,
  rateLimited,
  revokeSession,
  verifyPassword,
} from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { verifyPasskeyLogin } from "../passkeys/index.ts";
import { beginSecondFactorLogin, completeSecondFactorLogin } from "../two-factor/index.ts";
import { createUser, findLoginCandidate, getCurrentUser } from "../users/index.ts";
import { throttleKeys, throttleRefusal } from "./auth.domain.ts";
import { accountBanned, accountClosed, invalidCredentials } from "./auth.errors.ts";
import { countLoginAttempt, settleSuccessfulLogin } from "./auth.repo.ts";

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The session being replaced, revoked at log-in so a fixed session id cannot survive. */
  previousToken: string | null;
}

export interface LoggedIn {
  userId: number;
  session: NewSessionInfo;
}

/** The right password, and the second factor still to come: no session yet (decision 107). */
export interface SecondFactorPending {
  userId: number;
  pending: { token: string; type: TwoFactorType; expiresAt: Date };
}

export async function register(db: Db, config: Config, input: RegisterRequest, client: ClientInfo): Promise<LoggedIn> {
  const user = await createUser(db, { ...input, passwordHash: await hashPassword(input.password) });
  return startSession(db, config, user.id, client);
}

/**
 * Every attempt is counted before the password is checked (auth.repo.ts countLoginAttempt), so
 * a burst of parallel guesses gets no more checks than the limit; a success takes its count back.
 */
export async function login(
  db: Db,
  deps: { config: Config; jobs: JobQueue },
  input: LoginRequest,
  client: ClientInfo,
): Promise<LoggedIn | SecondFactorPending> {
  const { config } = deps;
  const candidate = await findLoginCandidate(db, input.login);
  const keys = throttleKeys({ accountId: candidate?.id ?? null, login: input.login, ip: client.ip });
  const counts = await countLoginAttempt(
    db,
    [keys.accountKey, ...(keys.addressKey ? [keys.addressKey] : [])],
    config.LOGIN_WINDOW_MINUTES,
  );
  const retryAfter = throttleRefusal(counts, keys, config.LOGIN_MAX_FAILURES);
  if (retryAfter !== null) throw rateLimited("Too many failed log-ins; try again later.", retryAfter);
  const isValid = await verifyPassword(candidate?.passwordHash ?? null, input.password);
  if (!candidate || !isValid) {
    // A wrong password for a real account is the owner's to see; an unknown login has no owner.
    if (candidate) await recordActivity(db, { userId: candidate.id, type: "login_failed", ...seenFrom(client) });
    throw invalidCredentials();
  }
  await settleSuccessfulLogin(db, keys.accountKey, keys.addressKey);
  if (candidate.isBanned) throw accountBanned();
  if (candidate.isClosed) throw accountClosed();
  const pending = await beginSecondFactorLogin(db, deps.jobs, candidate.id);
  if (pending) return { userId: candidate.id, pending };
  return startSession(db, config, candidate.id, client, { logged: true });
}

/** POST auth/login/two-factor: the code completes the pending log-in, and the session starts. */
export async function completeLogin(
  db: Db,
  config: Config,
  pendingToken: string | null,
  code: string,
  client: ClientInfo,
): Promise<LoggedIn> {
  const userId = await completeSecondFactorLogin(db, pendingToken, code);
  if ((await getCurrentUser(db, userId)).isBanned) throw accountBanned();
  return startSession(db, config, userId, client, { logged: true });
}

/**
 * POST auth/passkey/login: a discoverable passkey with user verification is both factors at once,
 * so the session starts without the password or the log-in's second factor (decision 081).
 */
export async function loginWithPasskey(
  db: Db,
  config: Config,
  response: unknown,
  client: ClientInfo,
): Promise<LoggedIn> {
  const userId = await verifyPasskeyLogin(db, config, response, seenFrom(client));
  const user = await getCurrentUser(db, userId);
  if (user.isBanned) throw accountBanned();
  if (user.isAccountClosed) throw accountClosed();
  return startSession(db, config, userId, client, { logged: true, details: { method: "passkey" } });
}

const seenFrom = (client: ClientInfo) => ({ ip: client.ip, userAgent: client.userAgent });

/** A log-in's session and its line in the activity log are one transaction. */
async function startSession(
  db: Db,
  config: Config,
  userId: number,
  client: ClientInfo,
  options: { logged: boolean; details?: Record<string, string> } = { logged: false },
): Promise<LoggedIn> {
  if (client.previousToken) await revokeSession(db, client.previousToken);
  const session = await withTx(db, async (tx) => {
    const created = await createSession(tx, {
      userId,
      ttlHours: config.SESSION_TTL_HOURS,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    if (options.logged) {
      await recordActivity(tx, { userId, type: "login", ...seenFrom(client), details: options.details ?? {} });
    }
    return created;
  });
  return { userId, session };
}

export async function logout(db: Db, token: string | null): Promise<void> {
  if (token) await revokeSession(db, token);
}
