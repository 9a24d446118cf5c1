import type { LoginRequest, RegisterRequest } from "@souk/contracts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/pool.ts";
import {
  createSession,
  hashPassword,
  type NewSessionInfo,
  rateLimited,
  revokeSession,
  verifyPassword,
} from "../../platform/index.ts";
import { createUser, findLoginCandidate } from "../users/index.ts";
import { accountBanned, invalidCredentials } from "./auth.errors.ts";
import { clearFailures, countRecentFailures, recordLoginAttempt } from "./auth.repo.ts";

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

// An address may try many accounts (offices, carrier NAT) but not without bound.
const ADDRESS_FAILURE_FACTOR = 5;

export async function register(db: Db, config: Config, input: RegisterRequest, client: ClientInfo): Promise<LoggedIn> {
  const user = await createUser(db, { ...input, passwordHash: await hashPassword(input.password) });
  return startSession(db, config, user.id, client);
}

export async function login(db: Db, config: Config, input: LoginRequest, client: ClientInfo): Promise<LoggedIn> {
  const loginKey = input.login.toLowerCase();
  const failures = await countRecentFailures(db, loginKey, client.ip, config.LOGIN_WINDOW_MINUTES);
  if (
    failures.forAccount >= config.LOGIN_MAX_FAILURES ||
    failures.forAddress >= config.LOGIN_MAX_FAILURES * ADDRESS_FAILURE_FACTOR
  ) {
    throw rateLimited("Too many failed log-ins; try again later.", config.LOGIN_WINDOW_MINUTES * 60);
  }
  const candidate = await findLoginCandidate(db, input.login);
  const isValid = await verifyPassword(candidate?.passwordHash ?? null, input.password);
  await recordLoginAttempt(db, loginKey, client.ip, isValid);
  if (!candidate || !isValid) throw invalidCredentials();
  if (candidate.isBanned) throw accountBanned();
  await clearFailures(db, loginKey);
  return startSession(db, config, candidate.id, client);
}

async function startSession(db: Db, config: Config, userId: number, client: ClientInfo): Promise<LoggedIn> {
  if (client.previousToken) await revokeSession(db, client.previousToken);
  const session = await createSession(db, {
    userId,
    ttlHours: config.SESSION_TTL_HOURS,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { userId, session };
}

export async function logout(db: Db, token: string | null): Promise<void> {
  if (token) await revokeSession(db, token);
}
