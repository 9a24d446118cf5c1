import { ErrorCode } from "@souk/contracts";
import { useRef } from "react";
import { ApiError } from "./api-client.ts";

/**
 * One Idempotency-Key per confirmed submission. Trying the same submission again after an
 * answer that may not have been the last word (no answer, a server failure, "still running")
 * reuses its key, so the server moves the money at most once. Any other answer settles the
 * submission: the next one, even with the same content, is a new send with a new key.
 */

export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === "function") return cryptoApi.randomUUID();
  // randomUUID exists only on secure pages (https or localhost); a self-hosted server reached
  // over plain http still has getRandomValues, from which a version 4 UUID is built the same way.
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the server may or may not have applied the call: then the same key must be reused. */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === ErrorCode.IDEMPOTENCY_IN_PROGRESS;
}

export interface IdempotencyKeeper {
  /** The key of this submission (by its content): the pending one's when it is the same, else a new one. */
  keyFor(submission: unknown): string;
  /** Called with the call's outcome: a success or a final refusal frees the key. */
  settle(error?: unknown): void;
  /** Drops the pending key (the user changed the submission or gave up). */
  reset(): void;
}

export function createIdempotencyKeeper(makeKey: () => string = newIdempotencyKey): IdempotencyKeeper {
  let pending: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(submission) {
      const fingerprint = JSON.stringify(submission);
      if (pending?.fingerprint !== fingerprint) pending = { fingerprint, key: makeKey() };
      return pending.key;
    },
    settle(error) {
      if (error === undefined || !isOutcomeUnknown(error)) pending = null;
    },
    reset() {
      pending = null;
    },
  };
}

/** The keeper of a form, kept for the component's life. */
export function useIdempotencyKeeper(): IdempotencyKeeper {
  const keeper = useRef<IdempotencyKeeper | null>(null);
  keeper.current ??= createIdempotencyKeeper();
  return keeper.current;
}

export interface MoneyAction {
  /**
   * Starts a send of this intent: its Idempotency-Key, or null while an earlier send is still
   * waiting for its answer (a second click, a double tap), which is then ignored.
   */
  begin(intent: unknown): string | null;
  /** Ends the send with its outcome: the button frees up, and the key is kept only if the outcome is unknown. */
  end(error?: unknown): void;
}

/**
 * A money button (start a trade, release, award, send): the first click sends, and every click
 * until the answer is ignored, even before the button has re-rendered as busy; a retry of the same
 * intent after an unknown outcome sends the same Idempotency-Key, so the money moves once.
 */
export function useMoneyAction(): MoneyAction {
  const keeper = useIdempotencyKeeper();
  const inFlight = useRef(false);
  const action = useRef<MoneyAction | null>(null);
  action.current ??= {
    begin(intent) {
      if (inFlight.current) return null;
      inFlight.current = true;
      return keeper.keyFor(intent);
    },
    end(error) {
      inFlight.current = false;
      keeper.settle(error);
    },
  };
  return action.current;
}
