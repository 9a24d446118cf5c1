import { type BADGES, STAFF_ROLES } from "@souk/contracts";

type Badge = (typeof BADGES)[number];

export interface BadgeFacts {
  roles: readonly string[];
  doneTrades: number;
  volumeUsd: number;
  feedbackPositive: number;
  feedbackNegative: number;
}

/** The share of positive feedback, 0 when there is none. */
function positiveShare(facts: BadgeFacts): number {
  const total = facts.feedbackPositive + facts.feedbackNegative;
  return total === 0 ? 0 : facts.feedbackPositive / total;
}

/**
 * One badge per user, the highest that applies
 * (docs/decisions/139-medals-badges-and-trade-volume.md): staff are operators; then the two
 * trader tiers by done trades, USD volume and positive feedback; then the vendor role. ceo,
 * ambassador, peer and champion are given by hand on the platform this copies, and no rule here
 * reaches them.
 */
export function badgeOf(facts: BadgeFacts): Badge {
  if (facts.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role))) return "operator";
  const share = positiveShare(facts);
  if (facts.doneTrades >= 500 && facts.volumeUsd >= 250_000 && share >= 0.99) return "expert_trader";
  if (facts.doneTrades >= 100 && facts.volumeUsd >= 25_000 && share >= 0.98) return "power_trader";
  if (facts.roles.includes("vendor")) return "vendor";
  return "no_badge";
}
