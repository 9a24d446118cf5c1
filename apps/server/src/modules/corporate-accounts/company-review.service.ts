import {
  type CompanyReviewDecision,
  type CompanyReviewItem,
  type CorporateAccountStatus,
  PAGE_PATHS,
} from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { type FileStorage, isPublicId, notFound, type StoredFileReply, type Viewer } from "../../platform/index.ts";
import { announceOncePerSubject } from "../../realtime/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { recordAudit } from "../audit/index.ts";
import { decide, type ReviewFacts, takeRefusal } from "./corporate-accounts.domain.ts";
import { applicationNotFound, reviewRefused } from "./corporate-accounts.errors.ts";
import * as repo from "./corporate-accounts.repo.ts";
import { toApplication } from "./corporate-accounts.service.ts";

/**
 * The moderators' side of company verification (docs/product.md#corporate-accounts): the queue,
 * taking an application into review, the decision and its effects, and audited document views.
 */

function reviewFactsOf(row: repo.Application): ReviewFacts {
  return {
    status: row.status,
    applicantId: Number(row.user_id),
    reviewerId: row.reviewer_id && Number(row.reviewer_id),
  };
}

async function toReviewItems(db: Db, rows: repo.QueueRow[]): Promise<CompanyReviewItem[]> {
  const documents = await repo.documentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toApplication(row, documents),
    username: row.username,
    reviewerUsername: row.reviewer_username,
  }));
}

/** GET moderation/company-applications: the open applications, oldest first (or those of one status). */
export async function listCompanyApplications(
  db: Db,
  status: CorporateAccountStatus | undefined,
): Promise<CompanyReviewItem[]> {
  return toReviewItems(db, await repo.listApplications(db, status));
}

async function applicationFor(db: Db, publicId: string): Promise<repo.Application> {
  const row = isPublicId(publicId) ? await repo.findApplication(db, publicId) : undefined;
  if (!row) throw applicationNotFound();
  return row;
}

export async function getCompanyApplication(db: Db, publicId: string): Promise<CompanyReviewItem> {
  const row = await applicationFor(db, publicId);
  const [username, reviewerUsername] = await Promise.all([
    repo.usernameOf(db, Number(row.user_id)),
    repo.usernameOf(db, row.reviewer_id && Number(row.reviewer_id)),
  ]);
  const documents = await repo.documentsOf(db, [row.id]);
  return { ...toApplication(row, documents), username: username ?? "", reviewerUsername };
}

/** POST moderation/company-applications/{id}/take: the application is in review, held by this moderator. */
export async function takeCompanyApplication(db: Db, viewer: Viewer, publicId: string): Promise<CompanyReviewItem> {
  await withTx(db, async (tx) => {
    const row = isPublicId(publicId) ? await repo.findApplication(tx, publicId, { lock: true }) : undefined;
    if (!row) throw applicationNotFound();
    const refusal = takeRefusal(reviewFactsOf(row), viewer.userId);
    if (refusal) throw reviewRefused(refusal);
    await repo.updateApplication(tx, row.id, { status: "in_review", reviewer_id: viewer.userId });
  });
  return getCompanyApplication(db, publicId);
}

/**
 * POST moderation/company-applications/{id}/decision. Approval verifies the company: the account
 * becomes a verified corporate account and may show its legal entity or business name. A
 * rejection or a resubmission request keeps the reason the applicant is shown. One transaction;
 * the applicant hears of it (`account.company_verification_decided`, the one event catalogue),
 * their activity log records it and the audit log has the moderator's action.
 */
export async function decideCompanyApplication(
  db: Db,
  viewer: Viewer,
  publicId: string,
  input: CompanyReviewDecision,
): Promise<CompanyReviewItem> {
  await withTx(db, async (tx) => {
    const row = isPublicId(publicId) ? await repo.findApplication(tx, publicId, { lock: true }) : undefined;
    if (!row) throw applicationNotFound();
    const outcome = decide(reviewFactsOf(row), viewer.userId, input.decision);
    if (!outcome.ok) throw reviewRefused(outcome.refusal);
    const applicantId = Number(row.user_id);
    await repo.updateApplication(tx, row.id, {
      status: outcome.status,
      reviewer_id: viewer.userId,
      reason: input.decision === "approve" ? null : (input.reason ?? null),
      decided: true,
    });
    if (outcome.status === "application_approved") {
      await repo.updateAccount(tx, applicantId, {
        is_corporate_verified: true,
        company_verified_at: new Date(),
        legal_entity_name: row.legal_entity_name,
        business_name: row.business_name,
      });
    }
    await announceOncePerSubject(tx, applicantId, {
      event: "account.company_verification_decided",
      subjectId: row.public_id,
      link: PAGE_PATHS.companyVerification,
      reason: outcome.status,
    });
    await recordActivity(tx, {
      userId: applicantId,
      type: "company_verification",
      details: { application: row.public_id, status: outcome.status },
    });
    await recordAudit(tx, {
      actor: { kind: "user", userId: viewer.userId },
      action: `company.${input.decision}`,
      subjectType: "user",
      subjectId: (await repo.usernameOf(tx, applicantId)) ?? "",
      reason: input.reason ?? "",
      details: { application: row.public_id },
    });
  });
  return getCompanyApplication(db, publicId);
}

async function readDocument(
  db: Db,
  storage: FileStorage,
  applicationId: bigint,
  documentId: string,
): Promise<{ reply: StoredFileReply; documentId: string }> {
  const documents = await repo.documentsOf(db, [applicationId]);
  const document = documents.find((candidate) => candidate.id === documentId);
  const bytes = document?.storage_key ? await storage.get(document.storage_key) : null;
  if (!document || !bytes) throw notFound("No such document.");
  return {
    documentId: document.id,
    reply: {
      bytes,
      contentType: document.content_type,
      fileName: document.file_name,
      isInline: document.content_type.startsWith("image/"),
    },
  };
}

/** GET moderation/company-applications/{id}/documents/{documentId}: every reviewer view is recorded. */
export async function viewDocumentAsReviewer(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  publicId: string,
  documentId: string,
): Promise<StoredFileReply> {
  const row = await applicationFor(db, publicId);
  const found = await readDocument(db, storage, row.id, documentId);
  await withTx(db, (tx) => repo.recordDocumentView(tx, found.documentId, viewer.userId));
  return found.reply;
}

/** GET users/corporate-accounts/company-verification/documents/{documentId}: the owner's own newest application only. */
export async function viewOwnDocument(
  db: Db,
  storage: FileStorage,
  userId: number,
  documentId: string,
): Promise<StoredFileReply> {
  const latest = await repo.latestApplication(db, userId);
  if (!latest) throw notFound("No such document.");
  return (await readDocument(db, storage, latest.id, documentId)).reply;
}
