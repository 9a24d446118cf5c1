import type { RelationAction, RelationState } from "@souk/contracts";

/** What is stored for an ordered pair: one state at most, or nothing. */
export type StoredRelation = "trusted" | "blocked" | null;

/**
 * One state per pair: trusting a blocked user replaces the block and blocking a trusted user
 * replaces the trust. Untrust and unblock clear only their own state, so "unblock" never
 * removes a trust by accident. Every action is idempotent.
 */
export function nextRelation(current: StoredRelation, action: RelationAction): StoredRelation {
  switch (action) {
    case "trust":
      return "trusted";
    case "block":
      return "blocked";
    case "untrust":
      return current === "trusted" ? null : current;
    case "unblock":
      return current === "blocked" ? null : current;
  }
}

/** The spec's relation-state word for the outcome of an action. */
export function outcomeOf(action: RelationAction): RelationState {
  const words: Record<RelationAction, RelationState> = {
    trust: "trusted",
    untrust: "untrusted",
    block: "blocked",
    unblock: "unblocked",
  };
  return words[action];
}

/** How the other user's "trusted by" and "blocked by" figures move with a change of state. */
export function countsDelta(before: StoredRelation, after: StoredRelation): { trustedBy: number; blockedBy: number } {
  const trusted = (state: StoredRelation) => (state === "trusted" ? 1 : 0);
  const blocked = (state: StoredRelation) => (state === "blocked" ? 1 : 0);
  return { trustedBy: trusted(after) - trusted(before), blockedBy: blocked(after) - blocked(before) };
}
