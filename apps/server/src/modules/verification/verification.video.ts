import { VERIFICATION_VIDEO_MAX_BYTES, VerificationErrorCode, type VerificationSubmission } from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { checkVideo, conflict, type FileStorage, fileRefused, type UploadedFile } from "../../platform/index.ts";
import type { VerificationProvider } from "./verification.provider.ts";
import { getLeftAttempts } from "./verification.service.ts";
import { assertMayStart, createCompleteSubmission, sidesOf, storeDocuments } from "./verification.submit.ts";

/**
 * POST /account/verification/video/upload (docs/decisions/119-video-verification.md): one video
 * (field `video`: MP4, QuickTime or WebM, up to VERIFICATION_VIDEO_MAX_BYTES), with its selfie mode,
 * while tries are left. The tries are those GET /rest/v1/verification/left-attempt/video shows,
 * read by the same function, and checked again under the user's lock so two uploads at once cannot
 * both take the last one.
 */

const noAttemptsLeft = () =>
  conflict("No video tries are left.", VerificationErrorCode.NO_ATTEMPTS_LEFT, { attemptsLeft: 0 });

async function assertAttemptLeft(db: Db | Tx, userId: number) {
  const left = await getLeftAttempts(db, userId, "video");
  if (left.attemptsLeft <= 0) throw noAttemptsLeft();
  return left;
}

export async function uploadVideo(
  context: { db: Db; storage: FileStorage; provider: VerificationProvider },
  userId: number,
  files: UploadedFile[],
): Promise<VerificationSubmission> {
  await assertAttemptLeft(context.db, userId);
  sidesOf(files, ["video"]);
  // sidesOf refused an upload without a file, or with two.
  const checked = checkVideo(files[0] as UploadedFile, VERIFICATION_VIDEO_MAX_BYTES);
  if (!checked.ok) throw fileRefused(checked.reason);
  const sided = [{ ...checked.file, side: "video" as const }];
  return storeDocuments(context.db, context.storage, sided, async (tx, stored) => {
    await assertMayStart(tx, userId, "video");
    const { selfieMode } = await assertAttemptLeft(tx, userId);
    return createCompleteSubmission(tx, context.provider, { userId, type: "video", payload: { selfieMode } }, stored);
  });
}
