import type { LoginRequest, RegisterRequest, TwoFactorType } from "@souk/contracts";
import { type Config, publicUrlOf } from "../../config.ts";
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
import {
  askApprovalIfNeeded,
  claimApprovedLogIn,
  recordActivity,
  rememberFirstDevice,
  settleLogInDevice,
} from "../account-security/index.ts";
import { hasPasskeys, startLoginSecondStep, verifyLoginSecondStep, verifyPasskeyLogin } from "../passkeys/index.ts";
import {
  beginSecondFactorLogin,
  completeSecondFactorLogin,
  completeSecondFactorLoginWith,
  pendingLoginUser,
} from "../two-factor/index.ts";
import { createUser, findLoginCandidate, getCurrentUser } from "../users/index.ts";
import { throttleKeys, throttleRefusal } from "./auth.domain.ts";
import { accountBanned, accountClosed, invalidCredentials } from "./auth.errors.ts";
import { countLoginAttempt, settleSuccessfulLogin } from "./auth.repo.ts";

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The session being replaced, revoked at log-in so a fixed session id cannot survive. */
  previousToken: string | null;
  /** The browser's device id (its cookie, set before the log-in; decision 091). */
  deviceId: string;
}

type AuthDeps = { config: Config; jobs: JobQueue };

export interface LoggedIn {
  userId: number;
  session: NewSessionInfo;
}

/** The right password from a new device, and the mailed approval still to come (decision 092). */
export interface ApprovalPending {
  userId: number;
  approval: { token: string; expiresAt: Date };
}

/** The right password, and the second factor still to come: no session yet (decision 107). */
export interface SecondFactorPending {
  userId: number;
  /** `passkey`: the user may answer with one of their passkeys instead of the code (decision 084). */
  pending: { token: string; type: TwoFactorType; expiresAt: Date; passkey: boolean };
}

export async function register(db: Db, deps: AuthDeps, input: RegisterRequest, client: ClientInfo): Promise<LoggedIn> {
  const user = await createUser(db, { ...input, passwordHash: await hashPassword(input.password) });
  return startSession(db, deps, user.id, client, { logged: false });
}

/**
 * Every attempt is counted before the password is checked (auth.repo.ts countLoginAttempt), so
 * a burst of parallel guesses gets no more checks than the limit; a success takes its count back.
 */
export async function login(
  db: Db,
  deps: AuthDeps,
  input: LoginRequest,
  client: ClientInfo,
): Promise<LoggedIn | SecondFactorPending | ApprovalPending> {
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
  const device = { userId: candidate.id, deviceId: client.deviceId, ...seenFrom(client) };
  const approval = await askApprovalIfNeeded(db, { jobs: deps.jobs, publicUrl: publicUrlOf(config) }, device);
  if (approval) return { userId: candidate.id, approval };
  return afterDeviceCheck(db, deps, candidate.id, client);
}

/** The password is right and the device may log in: the second factor when asked, else the session. */
async function afterDeviceCheck(
  db: Db,
  deps: AuthDeps,
  userId: number,
  client: ClientInfo,
): Promise<LoggedIn | SecondFactorPending> {
  const pending = await beginSecondFactorLogin(db, deps.jobs, userId);
  if (pending) return { userId, pending: { ...pending, passkey: await hasPasskeys(db, userId) } };
  return startSession(db, deps, userId, client, { logged: true });
}

/**
 * POST auth/login/approval: the waiting browser asks again. Still pending: when it runs out. Once
 * the mailed link approved it: the log-in goes on as after the password (decision 092).
 */
export async function continueApprovedLogin(
  db: Db,
  deps: AuthDeps,
  waitToken: string | null,
  client: ClientInfo,
): Promise<LoggedIn | SecondFactorPending | { waitUntil: Date }> {
  const claimed = await claimApprovedLogIn(db, waitToken, client.deviceId);
  if ("waitUntil" in claimed) return claimed;
  const user = await getCurrentUser(db, claimed.userId);
  if (user.isBanned) throw accountBanned();
  return afterDeviceCheck(db, deps, claimed.userId, client);
}

/** POST auth/login/two-factor: the code completes the pending log-in, and the session starts. */
export async function completeLogin(
  db: Db,
  deps: AuthDeps,
  pendingToken: string | null,
  code: string,
  client: ClientInfo,
): Promise<LoggedIn> {
  const userId = await completeSecondFactorLogin(db, pendingToken, code);
  if ((await getCurrentUser(db, userId)).isBanned) throw accountBanned();
  return startSession(db, deps, userId, client, { logged: true });
}

/** POST auth/login/two-factor/passkey/options: the pending user's passkeys, for the second step. */
export async function pendingLoginPasskeyOptions(db: Db, deps: AuthDeps, pendingToken: string | null) {
  return startLoginSecondStep(db, deps.config, await pendingLoginUser(db, pendingToken));
}

/**
 * POST auth/login/two-factor/passkey: the pending user's passkey answers the second step; its use
 * and the pending log-in's claim are one transaction, so one assertion opens one session (decision 084).
 */
export async function completeLoginWithPasskey(
  db: Db,
  deps: AuthDeps,
  pendingToken: string | null,
  response: unknown,
  client: ClientInfo,
): Promise<LoggedIn> {
  const userId = await completeSecondFactorLoginWith(db, pendingToken, (pendingUserId, claim) =>
    verifyLoginSecondStep(db, deps.config, { userId: pendingUserId, response, client: seenFrom(client) }, claim),
  );
  if ((await getCurrentUser(db, userId)).isBanned) throw accountBanned();
  return startSession(db, deps, userId, client, { logged: true, details: { method: "passkey" } });
}

/**
 * POST auth/passkey/login: a discoverable passkey with user verification is both factors at once,
 * so the session starts without the password or the log-in's second factor (decision 081).
 */
export async function loginWithPasskey(
  db: Db,
  deps: AuthDeps,
  response: unknown,
  client: ClientInfo,
): Promise<LoggedIn> {
  const userId = await verifyPasskeyLogin(db, deps.config, response, seenFrom(client));
  const user = await getCurrentUser(db, userId);
  if (user.isBanned) throw accountBanned();
  if (user.isAccountClosed) throw accountClosed();
  return startSession(db, deps, userId, client, { logged: true, details: { method: "passkey" } });
}

const seenFrom = (client: ClientInfo) => ({ ip: client.ip, userAgent: client.userAgent });

/**
 * A log-in's session, its line in the activity log and its device (a new one is e-mailed about,
 * decision 091) are one transaction. A new account's device is its first known one.
 */
async function startSession(
  db: Db,
  deps: AuthDeps,
  userId: number,
  client: ClientInfo,
  options: { logged: boolean; details?: Record<string, string> } = { logged: false },
): Promise<LoggedIn> {
  if (client.previousToken) await revokeSession(db, client.previousToken);
  const session = await withTx(db, async (tx) => {
    const created = await createSession(tx, {
      userId,
      ttlHours: deps.config.SESSION_TTL_HOURS,
      ip: client.ip,
      userAgent: client.userAgent,
      deviceId: client.deviceId,
    });
    const device = { userId, deviceId: client.deviceId, ...seenFrom(client) };
    if (!options.logged) {
      await rememberFirstDevice(tx, device);
      return created;
    }
    await recordActivity(tx, { userId, type: "login", ...seenFrom(client), details: options.details ?? {} });
    await settleLogInDevice(tx, { jobs: deps.jobs, publicUrl: publicUrlOf(deps.config) }, device);
    return created;
  });
  return { userId, session };
}

export async function logout(db: Db, token: string | null): Promise<void> {
  if (token) await revokeSession(db, token);
}
