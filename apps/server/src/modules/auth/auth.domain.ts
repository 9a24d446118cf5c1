/** Log-in throttling rules: pure, unit-tested with plain values. */

export interface ThrottleCount {
  key: string;
  /** Attempts counted in the key's window, this one included. */
  failures: number;
  /** Seconds until the key's window ends. */
  retryAfter: number;
}

// An address may try many accounts (offices, carrier NAT) but not without bound.
export const ADDRESS_FAILURE_FACTOR = 5;

/**
 * The keys one attempt counts against. The account is keyed by its id, so a lock-out earned by
 * its username also holds for its e-mail address; a login that names no account is keyed by what
 * was typed, so it is throttled exactly like a real one and the answers tell nothing apart.
 */
export function throttleKeys(input: { accountId: number | null; login: string; ip: string | null }): {
  accountKey: string;
  addressKey: string | null;
} {
  return {
    accountKey: input.accountId === null ? `login:${input.login.toLowerCase()}` : `account:${input.accountId}`,
    addressKey: input.ip ? `address:${input.ip}` : null,
  };
}

/** Seconds to wait when any key went over its limit; null when the attempt may be checked. */
export function throttleRefusal(
  counts: readonly ThrottleCount[],
  keys: { accountKey: string; addressKey: string | null },
  maxFailures: number,
): number | null {
  const over = counts.filter((count) => {
    const limit = count.key === keys.accountKey ? maxFailures : maxFailures * ADDRESS_FAILURE_FACTOR;
    return count.failures > limit;
  });
  if (over.length === 0) return null;
  return Math.max(1, ...over.map((count) => count.retryAfter));
}
