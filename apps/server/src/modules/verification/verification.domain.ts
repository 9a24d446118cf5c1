import {
  ID_DOCUMENT_SIDES,
  kycTierOf,
  LEVEL_STEPS,
  type LevelInfo,
  type Limits,
  type SelfieMode,
  TRADE_KYC_LIMITS_USD,
  VERIFICATION_CONDITIONS,
  type VerificationCondition,
  type VerificationLevel,
  type VerificationStatus,
  type VerificationType,
  VIDEO_ATTEMPTS_MAX,
} from "@souk/contracts";
import {
  compareDecimal,
  decimal,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from "@souk/money";
import type { ProviderDecision } from "./verification.provider.ts";

/**
 * Verification's pure rules (docs/decisions/116-verification-levels-and-limits.md): the level the
 * conditions add up to, its limits in a fiat, what a submission still needs and what a decision
 * changes. No I/O here.
 */

export type Conditions = Record<VerificationCondition, boolean>;

/** The user's verified-at columns, as the conditions they are. */
export function conditionsOf(row: Record<`${VerificationCondition}_verified_at`, Date | null>): Conditions {
  return Object.fromEntries(
    VERIFICATION_CONDITIONS.map((condition) => [condition, row[`${condition}_verified_at`] !== null]),
  ) as Conditions;
}

/** Every level with all the conditions it needs (its lower levels' too), lowest first. */
function cumulativeLevels(): {
  level: VerificationLevel;
  accountLevel: number;
  needs: VerificationCondition[];
}[] {
  const needs: VerificationCondition[] = [];
  return LEVEL_STEPS.map((step) => {
    needs.push(...step.needs);
    return { level: step.level, accountLevel: step.accountLevel, needs: [...needs] };
  });
}

/** The highest level whose conditions are all met; a demo account stays at -1. */
export function levelOf(conditions: Conditions, isDemo: boolean): { level: VerificationLevel; accountLevel: number } {
  let reached = { level: "L0" as VerificationLevel, accountLevel: 0 };
  for (const step of cumulativeLevels()) {
    if (!step.needs.every((condition) => conditions[condition])) break;
    reached = { level: step.level, accountLevel: step.accountLevel };
  }
  return isDemo ? { level: reached.level, accountLevel: -1 } : reached;
}

/** The spec's "fully verified": id, e-mail, address and phone. */
export function isFullyVerified(conditions: Conditions): boolean {
  return conditions.id && conditions.email && conditions.address && conditions.phone;
}

const inFiat = (usd: string | null, fiatPerUsd: string) =>
  usd === null
    ? null
    : formatDecimal(roundDecimal(multiplyDecimal(parseDecimal(usd), parseDecimal(fiatPerUsd)), 2, "down"));

/** An account level's limits in a fiat at `fiatPerUsd` (USD itself is "1"). */
export function limitsOf(accountLevel: number, fiatCurrencyCode: string, fiatPerUsd: string): Limits {
  const usd = TRADE_KYC_LIMITS_USD[kycTierOf(accountLevel)] ?? { perTrade: null, daily: null, rolling30d: null };
  return {
    fiatCurrencyCode,
    perTradeLimitInFiatCurrency: inFiat(usd.perTrade, fiatPerUsd),
    dailyLimitInFiatCurrency: inFiat(usd.daily, fiatPerUsd),
    rolling30DaysLimitInFiatCurrency: inFiat(usd.rolling30d, fiatPerUsd),
  };
}

/** What is left of the 30-day limit, in the fiat (never below zero); null when the level has none. */
export function unusedVolumeOf(accountLevel: number, used30dUsd: string, fiatPerUsd: string): string | null {
  const limit = TRADE_KYC_LIMITS_USD[kycTierOf(accountLevel)]?.rolling30d ?? null;
  if (limit === null) return null;
  const left = subtractDecimal(parseDecimal(limit), parseDecimal(used30dUsd));
  return inFiat(compareDecimal(left, decimal(0n)) > 0 ? formatDecimal(left) : "0", fiatPerUsd);
}

/** Every level with its needs and its limits in the fiat. */
export function levelsInfoOf(fiatCurrencyCode: string, fiatPerUsd: string): LevelInfo[] {
  return cumulativeLevels().map((step) => ({
    ...step,
    limits: limitsOf(step.accountLevel, fiatCurrencyCode, fiatPerUsd),
  }));
}

/** The files a submission still needs before it can be reviewed. */
export function missingSidesOf(type: VerificationType, present: readonly string[]): string[] {
  const needed: readonly string[] = type === "id" ? ID_DOCUMENT_SIDES : type === "address" ? ["proof"] : ["video"];
  return needed.filter((side) => !present.includes(side));
}

/** The condition an approved submission of a type verifies. */
const CONDITION_OF: Record<VerificationType, VerificationCondition> = { id: "id", address: "address", video: "video" };

export type StartRefusal = { reason: "already_verified" } | { reason: "in_progress"; status: VerificationStatus };

/** Whether a user may start a submission of a type: not verified yet, and none of it open. */
export function decideStart(
  type: VerificationType,
  conditions: Conditions,
  open: { status: VerificationStatus } | null,
): StartRefusal | null {
  if (conditions[CONDITION_OF[type]]) return { reason: "already_verified" };
  if (open) return { reason: "in_progress", status: open.status };
  return null;
}

/** How a video is checked: against the verified ID's selfie, or as the face to check later ones against. */
export function selfieModeOf(conditions: Conditions): SelfieMode {
  return conditions.id ? "VERIFY" : "ENROL";
}

export function videoAttemptsLeft(videosSent: number): number {
  return Math.max(0, VIDEO_ATTEMPTS_MAX - videosSent);
}

/** What a decision changes: the submission's status and reason, the conditions met, the blocked actions. */
export interface DecisionEffects {
  status: VerificationStatus;
  reason: string | null;
  verifies: VerificationCondition[];
  blockedKycActions: string[];
}

/**
 * The effects of a provider's decision. An approved ID verifies the ID and the name and birthday it
 * shows (and, checked by our own reviewers, the in-house ID), and lifts the blocked KYC actions: they
 * are the "verify your identity" blocks. A rejection or a request to send again changes no condition.
 */
export function effectsOf(
  submission: { type: VerificationType; provider: string },
  decision: ProviderDecision,
  blockedKycActions: readonly string[],
): DecisionEffects {
  if (decision.outcome !== "approved") {
    return {
      status: decision.outcome === "rejected" ? "rejected" : "corrupted",
      reason: decision.reason,
      verifies: [],
      blockedKycActions: [...blockedKycActions],
    };
  }
  if (submission.type !== "id") {
    return {
      status: "approved",
      reason: null,
      verifies: [CONDITION_OF[submission.type]],
      blockedKycActions: [...blockedKycActions],
    };
  }
  const verifies: VerificationCondition[] = ["id", "fullname_birthday"];
  if (submission.provider === "manual") verifies.push("in_house_id");
  return { status: "approved", reason: null, verifies, blockedKycActions: [] };
}

/**
 * The banners: kycForcedAlert while actions are blocked until the user verifies; kycIdRequired while
 * the ID is not verified and either actions are blocked or the last ID sent was turned down.
 */
export function bannersOf(
  conditions: Conditions,
  blockedKycActions: readonly string[],
  latestIdStatus: VerificationStatus | null,
): { kycIdRequired: boolean; kycForcedAlert: boolean } {
  const idTurnedDown = latestIdStatus === "rejected" || latestIdStatus === "corrupted";
  return {
    kycForcedAlert: blockedKycActions.length > 0,
    kycIdRequired: !conditions.id && (blockedKycActions.length > 0 || idTurnedDown),
  };
}
