import type { ReviewItem, VerificationStatus, VerificationSubmission } from "@souk/contracts";
import sharp from "sharp";
import { type Db, withTx } from "../../db/pool.ts";
import { type FileStorage, notFound, type StoredFileReply } from "../../platform/index.ts";
import { applyDecision, submissionNotFound } from "./verification.decide.ts";
import type { VerificationProvider } from "./verification.provider.ts";
import * as repo from "./verification.repo.ts";
import { toSubmission } from "./verification.service.ts";

/**
 * The review queue of the manual provider (docs/decisions/117-manual-review-queue.md): moderators
 * list what waits, open its documents (each opening is recorded) and decide. The owner of a
 * document sees a small copy of their own images; nobody else sees any.
 */

const documentNotFound = () => notFound("No such document.");

async function toItems(db: Db, rows: (repo.SubmissionRow & { username: string })[]): Promise<ReviewItem[]> {
  const documents = await repo.listDocuments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toSubmission(row, documents), username: row.username, payload: row.payload }));
}

export async function listReviewQueue(db: Db, status: VerificationStatus): Promise<ReviewItem[]> {
  return toItems(db, await repo.listQueue(db, status));
}

export async function getReviewItem(db: Db, submissionId: string): Promise<ReviewItem> {
  const row = await repo.findSubmission(db, submissionId);
  if (!row) throw submissionNotFound();
  const [item] = await toItems(db, [{ ...row, username: await repo.findUsername(db, Number(row.user_id)) }]);
  if (!item) throw submissionNotFound();
  return item;
}

/**
 * An account's submissions for staff, newest first, each with its documents: the operator
 * console's user page links each to its review page, where the documents open.
 */
export async function listSubmissionsOfUser(db: Db, userId: number, limit: number): Promise<VerificationSubmission[]> {
  const rows = await repo.listUserSubmissions(db, userId, limit);
  const documents = await repo.listDocuments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubmission(row, documents));
}

/** A document's file; one the retention removed is not found. */
async function readStored(storage: FileStorage, document: repo.DocumentRow): Promise<Buffer> {
  if (!document.storage_key) throw documentNotFound();
  const bytes = await storage.get(document.storage_key);
  if (!bytes) throw documentNotFound();
  return bytes;
}

/** A reviewer opens a document of a submission: the file as stored, and the opening is recorded. */
export async function readDocumentForReviewer(
  db: Db,
  storage: FileStorage,
  reviewerId: number,
  ids: { submissionId: string; documentId: string },
): Promise<StoredFileReply> {
  const document = await repo.findDocument(db, ids.documentId);
  if (!document || document.submission_public_id !== ids.submissionId) throw documentNotFound();
  const bytes = await readStored(storage, document);
  await repo.recordDocumentView(db, document.id, reviewerId);
  return {
    bytes,
    contentType: document.content_type,
    fileName: document.file_name,
    isInline: document.content_type.startsWith("image/"),
  };
}

const THUMBNAIL_SIDE = 320;

/** The owner's own document: a small WebP copy of an image; a PDF is named, not shown. */
export async function readOwnThumbnail(
  db: Db,
  storage: FileStorage,
  userId: number,
  documentId: string,
): Promise<StoredFileReply> {
  const document = await repo.findDocument(db, documentId);
  if (!document || Number(document.user_id) !== userId || !document.content_type.startsWith("image/")) {
    throw documentNotFound();
  }
  const bytes = await sharp(await readStored(storage, document))
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: "inside" })
    .webp()
    .toBuffer();
  return { bytes, contentType: "image/webp", fileName: "thumbnail.webp", isInline: true };
}

/** A moderator's decision through the manual provider. */
export async function decideAsModerator(
  db: Db,
  provider: VerificationProvider,
  reviewerId: number,
  submissionId: string,
  answer: { action: "approve" } | { action: "reject" | "request_resubmission"; reason: string },
): Promise<ReviewItem> {
  const decision = provider.decide(answer);
  if (!decision) throw submissionNotFound();
  await withTx(db, (tx) => applyDecision(tx, submissionId, decision, reviewerId));
  return getReviewItem(db, submissionId);
}
