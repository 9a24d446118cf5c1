import { type ChannelKey, ErrorCode, REALTIME_ACCESS_DENIED_CODE, REALTIME_KEY_TTL_SECONDS } from "@souk/contracts";
import type { Db } from "../db/pool.ts";
import { DomainError, findOrCreateSecret, forbidden, unauthenticated, type Viewer } from "../platform/index.ts";
import type { ChannelAuthorizer } from "./realtime.channels.ts";
import { deriveSigningKey, signChannelKey } from "./realtime.keys.ts";
import { deleteEventsOlderThan } from "./realtime.repo.ts";

/** Name of the generated signing secret in platform_secrets when SOUK_SECRET is not set. */
const SIGNING_SECRET_NAME = "realtime.channel-keys";

/** SOUK_SECRET when the operator set one; otherwise a random secret every copy shares. */
export async function loadSigningKey(db: Db, configuredSecret: string | undefined): Promise<Buffer> {
  return deriveSigningKey(configuredSecret ?? (await findOrCreateSecret(db, SIGNING_SECRET_NAME)));
}

export interface KeyIssuer {
  db: Db;
  signingKey: Buffer;
  authorize: ChannelAuthorizer;
  ttlSeconds?: number;
}

/**
 * Hands out a key for one channel after its family said yes. A visitor refused a private channel
 * is told to log in (401); a logged-in user refused is told no (403, ERROR_REALTIME_ACCESS_DENIED).
 */
export async function issueChannelKey(issuer: KeyIssuer, viewer: Viewer | null, channel: string): Promise<ChannelKey> {
  if (viewer?.isBanned) throw new DomainError(ErrorCode.ACCOUNT_BANNED, "forbidden", "This account is banned.");
  const isAllowed = await issuer.authorize(issuer.db, viewer, channel);
  if (!isAllowed) {
    if (!viewer) throw unauthenticated("Log in to follow this channel.");
    throw forbidden("You may not follow this channel.", REALTIME_ACCESS_DENIED_CODE, { channel });
  }
  const ttlSeconds = issuer.ttlSeconds ?? REALTIME_KEY_TTL_SECONDS;
  const token = signChannelKey(issuer.signingKey, {
    channel,
    userId: viewer?.userId ?? null,
    expiresAtSeconds: Math.floor(Date.now() / 1000) + ttlSeconds,
  });
  return { channel, token, expireIn: ttlSeconds };
}

/** Events are hints for clients that were away a short while; a week covers a long weekend offline. */
const EVENT_RETENTION_DAYS = 7;
const PRUNE_BATCH = 5_000;

/** Deletes expired events in batches (short transactions, no long lock); returns how many went. */
export async function pruneOldEvents(db: Db, days = EVENT_RETENTION_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteEventsOlderThan(db, days, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}
