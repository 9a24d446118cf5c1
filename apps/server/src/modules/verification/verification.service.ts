import {
  ID_DOCUMENT_TYPES,
  type KycCheck,
  type LeftAttempt,
  type LevelInfo,
  LIMITATION_PAGES,
  type LimitationPage,
  VERIFICATION_TYPES,
  type VerificationSubmission,
  type VerificationType,
} from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { inputError } from "../../platform/index.ts";
import { getCurrentRates } from "../reference/index.ts";
import {
  bannersOf,
  conditionsOf,
  isFullyVerified,
  levelOf,
  levelsInfoOf,
  limitsOf,
  missingSidesOf,
  selfieModeOf,
  unusedVolumeOf,
  videoAttemptsLeft,
} from "./verification.domain.ts";
import * as repo from "./verification.repo.ts";
import { sumTradedVolumesUsd } from "./verification.volume.ts";

/** Reads of verification: the user's check (level, limits, what is left), the levels, the countries. */

const USD = "USD";

/** Fiat per USD of a currency; an unknown code or one without a rate is the caller's mistake. */
async function rateOf(db: Db, fiatCurrencyCode: string): Promise<string> {
  if (fiatCurrencyCode === USD) return "1";
  const rate = (await getCurrentRates(db)).fiatPerUsd[fiatCurrencyCode];
  if (!rate) throw inputError({ fiatCurrencyCode: ["no_rate"] }, "There is no rate for this currency.");
  return rate;
}

/** A submission as its owner sees it, with the files it still needs. */
export function toSubmission(row: repo.SubmissionRow, documents: repo.DocumentRow[]): VerificationSubmission {
  const own = documents.filter((document) => document.submission_id === row.id);
  return {
    id: row.public_id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    provider: row.provider,
    missing:
      row.status === "pending"
        ? missingSidesOf(
            row.type,
            own.map((document) => document.side),
          )
        : [],
    documents: own.map((document) => ({
      id: document.public_id,
      side: document.side as VerificationSubmission["documents"][number]["side"],
      contentType: document.content_type,
    })),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/** GET /rest/v1/users/kyc-check: the level, its limits in the fiat, what is left of them, the submissions. */
export async function getKycCheck(db: Db, userId: number, fiatCurrencyCode = USD): Promise<KycCheck> {
  const user = await repo.findUser(db, userId);
  if (!user) throw inputError({ user: ["not_found"] });
  const fiatPerUsd = await rateOf(db, fiatCurrencyCode);
  const conditions = conditionsOf(user);
  const accountLevel = Number(user.kyc_level);
  const [used30d, latest, videos] = await Promise.all([
    sumTradedVolumesUsd(db, userId).then((volumes) => volumes.last30Days),
    repo.latestSubmissions(db, userId),
    repo.countSubmissions(db, userId, "video"),
  ]);
  const documents = await repo.listDocuments(
    db,
    latest.map((row) => row.id),
  );
  const byType = (type: VerificationType) => {
    const row = latest.find((submission) => submission.type === type);
    return row ? toSubmission(row, documents) : null;
  };
  const submissions = Object.fromEntries(
    VERIFICATION_TYPES.map((type) => [type, byType(type)]),
  ) as KycCheck["submissions"];
  return {
    level: accountLevel,
    verificationLevel: levelOf(conditions, false).level,
    isFullyVerified: isFullyVerified(conditions),
    conditions,
    limits: limitsOf(accountLevel, fiatCurrencyCode, fiatPerUsd),
    unusedTradingVolumeInFiatCurrency: unusedVolumeOf(accountLevel, used30d, fiatPerUsd),
    blockedKycActions: user.blocked_kyc_actions,
    banners: bannersOf(conditions, user.blocked_kyc_actions, submissions.id?.status ?? null),
    submissions,
    videoAttemptsLeft: videoAttemptsLeft(videos),
  };
}

/** kycLevelCheck.unusedTradingVolumeInFiatCurrency of the current user, in their currency. */
export async function unusedTradingVolume(
  db: Db | Tx,
  userId: number,
  fiatCurrencyCode: string,
): Promise<string | null> {
  const user = await repo.findUser(db, userId);
  const rate = fiatCurrencyCode === USD ? "1" : (await getCurrentRates(db as Db)).fiatPerUsd[fiatCurrencyCode];
  if (!user || !rate) return null;
  return unusedVolumeOf(Number(user.kyc_level), (await sumTradedVolumesUsd(db, userId)).last30Days, rate);
}

export async function getLevelsInfo(db: Db, fiatCurrencyCode = USD): Promise<LevelInfo[]> {
  return levelsInfoOf(fiatCurrencyCode, await rateOf(db, fiatCurrencyCode));
}

/** GET /rest/v1/limits/{first|second|third}-level-limitations: the levels of that account level. */
export async function getLevelLimitations(db: Db, page: LimitationPage, fiatCurrencyCode = USD) {
  const levels = await getLevelsInfo(db, fiatCurrencyCode);
  return { page, levels: levels.filter((level) => level.accountLevel === LIMITATION_PAGES[page]) };
}

export async function getSupportedCountries(db: Db) {
  return repo.listKycCountries(db);
}

/** GET /rest/v1/verification/document-country: the user's own country, to preselect, and the document types. */
export async function getDocumentCountry(db: Db, userId: number) {
  return { iso3: await repo.findCountryIso3(db, userId), documentTypes: [...ID_DOCUMENT_TYPES] };
}

/**
 * GET /rest/v1/verification/left-attempt/{type}, and the video upload's own check (one source):
 * the tries left (video: VIDEO_ATTEMPTS_MAX in all, each video sent is one) and the video's selfie mode.
 */
export async function getLeftAttempts(db: Db | Tx, userId: number, type: VerificationType): Promise<LeftAttempt> {
  if (type !== "video") return { type, attemptsLeft: 1, selfieMode: null };
  const user = await repo.findUser(db, userId);
  if (!user) throw inputError({ user: ["not_found"] });
  const attemptsLeft = videoAttemptsLeft(await repo.countSubmissions(db, userId, "video"));
  return { type, attemptsLeft, selfieMode: selfieModeOf(conditionsOf(user)) };
}
