import {
  REVIEW_QUEUE_MAX,
  type VerificationCondition,
  type VerificationStatus,
  type VerificationType,
} from "@souk/contracts";
import { type Generated, type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { forgetViewersOf } from "../../platform/index.ts";

/** SQL of the verification module: submissions, their documents, the reviewers' views, the user's conditions. */

export interface SubmissionRow {
  id: number;
  public_id: string;
  user_id: number;
  type: VerificationType;
  provider: string;
  provider_reference: string | null;
  status: VerificationStatus;
  payload: Record<string, unknown>;
  reason: string | null;
  reviewer_id: number | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface DocumentRow {
  id: number;
  public_id: string;
  submission_id: number;
  side: string;
  /** Null once the retention removed the file (removed_at says when). */
  storage_key: string | null;
  content_type: string;
  file_name: string;
  byte_size: number;
  created_at: Date;
  removed_at: Date | null;
}

type VerifiedAt = Record<`${VerificationCondition}_verified_at`, Date | null>;

/** The columns of users this module reads and writes (the users module owns the table). */
export type UserVerificationRow = VerifiedAt & {
  id: number;
  username: string;
  roles: string[];
  kyc_level: string;
  blocked_kyc_actions: string[];
  fiat_currency_id: number | null;
};

type Tables = {
  verification_submissions: Omit<SubmissionRow, "id" | "created_at" | "provider" | "payload"> & {
    id: Generated<number>;
    created_at: Generated<Date>;
    provider: Generated<string>;
    payload: Generated<Record<string, unknown>>;
  };
  verification_documents: Omit<DocumentRow, "id" | "created_at" | "removed_at"> & {
    id?: number;
    created_at?: Date;
    removed_at?: Date | null;
  };
  verification_document_views: { id?: number; document_id: number; reviewer_id: number; viewed_at?: Date };
  users: UserVerificationRow & { closed_at: Date | null };
  countries: { iso: string; iso3: string | null; name: string; is_kyc_supported: boolean };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

const USER_COLUMNS = [
  "id",
  "username",
  "roles",
  "kyc_level",
  "blocked_kyc_actions",
  "fiat_currency_id",
  "phone_verified_at",
  "email_verified_at",
  "fullname_birthday_verified_at",
  "id_verified_at",
  "in_house_id_verified_at",
  "address_verified_at",
  "video_verified_at",
] as const;

export async function findUser(db: Db | Tx, userId: number, lock = false): Promise<UserVerificationRow | undefined> {
  const query = t(db).selectFrom("users").select(USER_COLUMNS).where("id", "=", userId);
  return (lock ? query.forNoKeyUpdate() : query).executeTakeFirst() as Promise<UserVerificationRow | undefined>;
}

/** Writes what a decision changed: the newly met conditions and the blocked actions. */
export async function updateUserConditions(
  tx: Tx,
  userId: number,
  change: { verifies: VerificationCondition[]; blockedKycActions: string[] },
): Promise<void> {
  const verified: Partial<Record<keyof VerifiedAt, RawBuilder<Date>>> = {};
  for (const condition of change.verifies) {
    const column = `${condition}_verified_at` as const;
    verified[column] = sql<Date>`coalesce(${sql.ref(column)}, now())`;
  }
  await t(tx)
    .updateTable("users")
    .set({
      ...verified,
      blocked_kyc_actions: sql<string[]>`${change.blockedKycActions}::text[]`,
    })
    .where("id", "=", userId)
    .execute();
  forgetViewersOf(tx, userId);
}

export async function setKycLevel(tx: Tx, userId: number, kycLevel: number): Promise<void> {
  await t(tx)
    .updateTable("users")
    .set({ kyc_level: String(kycLevel) })
    .where("id", "=", userId)
    .execute();
}

export async function insertSubmission(
  tx: Tx,
  row: { publicId: string; userId: number; type: VerificationType; status: VerificationStatus; payload: object },
): Promise<SubmissionRow> {
  return (await t(tx)
    .insertInto("verification_submissions")
    .values({
      public_id: row.publicId,
      user_id: row.userId,
      type: row.type,
      status: row.status,
      payload: sql<Record<string, unknown>>`${JSON.stringify(row.payload)}::jsonb`,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as SubmissionRow;
}

export async function findSubmission(db: Db | Tx, publicId: string, lock = false): Promise<SubmissionRow | undefined> {
  const query = t(db).selectFrom("verification_submissions").selectAll().where("public_id", "=", publicId);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<SubmissionRow | undefined>;
}

/** A provider's submission by the reference it gave, locked. */
export async function findSubmissionByReference(tx: Tx, provider: string, reference: string) {
  return t(tx)
    .selectFrom("verification_submissions")
    .selectAll()
    .where("provider", "=", provider)
    .where("provider_reference", "=", reference)
    .forUpdate()
    .executeTakeFirst() as Promise<SubmissionRow | undefined>;
}

/** The user's open (pending or uploaded) submission of a type, locked. */
export async function findOpenSubmission(tx: Tx, userId: number, type: VerificationType) {
  return t(tx)
    .selectFrom("verification_submissions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", type)
    .where("status", "in", ["pending", "uploaded"])
    .forUpdate()
    .executeTakeFirst() as Promise<SubmissionRow | undefined>;
}

/** The user's newest submission of each type. */
export async function latestSubmissions(db: Db | Tx, userId: number): Promise<SubmissionRow[]> {
  const result = await sql<SubmissionRow>`
    SELECT DISTINCT ON (type) * FROM verification_submissions WHERE user_id = ${userId}
    ORDER BY type, id DESC`.execute(db);
  return result.rows;
}

export async function countSubmissions(db: Db | Tx, userId: number, type: VerificationType): Promise<number> {
  const row = await t(db)
    .selectFrom("verification_submissions")
    .select(sql<number>`count(*)::integer`.as("n"))
    .where("user_id", "=", userId)
    .where("type", "=", type)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function setSubmissionStatus(
  tx: Tx,
  id: number,
  change: {
    status: VerificationStatus;
    reason?: string | null;
    reviewerId?: number | null;
    reference?: string | null;
    provider?: string;
  },
): Promise<void> {
  const decided = change.status === "approved" || change.status === "rejected" || change.status === "corrupted";
  await t(tx)
    .updateTable("verification_submissions")
    .set({
      status: change.status,
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.reviewerId !== undefined ? { reviewer_id: change.reviewerId } : {}),
      ...(change.reference !== undefined ? { provider_reference: change.reference } : {}),
      ...(change.provider !== undefined ? { provider: change.provider } : {}),
      ...(decided ? { decided_at: sql<Date>`now()` } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function listDocuments(db: Db | Tx, submissionIds: number[]): Promise<DocumentRow[]> {
  if (submissionIds.length === 0) return [];
  return t(db)
    .selectFrom("verification_documents")
    .selectAll()
    .where("submission_id", "in", submissionIds)
    .orderBy("id")
    .execute() as Promise<DocumentRow[]>;
}

export async function insertDocument(
  tx: Tx,
  row: Omit<DocumentRow, "id" | "created_at" | "removed_at">,
): Promise<void> {
  await t(tx).insertInto("verification_documents").values(row).execute();
}

/** A document with its submission's owner. */
export async function findDocument(db: Db | Tx, publicId: string) {
  return t(db)
    .selectFrom("verification_documents as d")
    .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
    .selectAll("d")
    .select(["s.user_id", "s.public_id as submission_public_id"])
    .where("d.public_id", "=", publicId)
    .executeTakeFirst() as Promise<(DocumentRow & { user_id: number; submission_public_id: string }) | undefined>;
}

export async function recordDocumentView(tx: Db | Tx, documentId: number, reviewerId: number): Promise<void> {
  await t(tx)
    .insertInto("verification_document_views")
    .values({ document_id: documentId, reviewer_id: reviewerId })
    .execute();
}

/** The review queue: submissions of a status, oldest first, with their applicant's username. */
export async function listQueue(db: Db | Tx, status: VerificationStatus, limit = REVIEW_QUEUE_MAX) {
  return t(db)
    .selectFrom("verification_submissions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("s")
    .select("u.username")
    .where("s.status", "=", status)
    .orderBy("s.created_at")
    .limit(limit)
    .execute() as Promise<(SubmissionRow & { username: string })[]>;
}

export async function findUsername(db: Db | Tx, userId: number): Promise<string> {
  const row = await t(db).selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username ?? "";
}

export async function listKycCountries(db: Db | Tx) {
  return t(db)
    .selectFrom("countries")
    .select(["iso", "iso3", "name"])
    .where("is_kyc_supported", "=", true)
    .where("iso3", "is not", null)
    .orderBy("name")
    .execute() as Promise<{ iso: string; iso3: string; name: string }[]>;
}

export async function isKycCountry(db: Db | Tx, iso3: string): Promise<boolean> {
  const row = await t(db)
    .selectFrom("countries")
    .select("iso")
    .where("iso3", "=", iso3)
    .where("is_kyc_supported", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findCountryIso3(db: Db | Tx, userId: number): Promise<string | null> {
  const result = await sql<{ iso3: string | null }>`
    SELECT c.iso3 FROM users u JOIN countries c ON c.iso = u.country_iso WHERE u.id = ${userId}`.execute(db);
  return result.rows[0]?.iso3 ?? null;
}

/**
 * Documents whose file the retention removes: those of a submission rejected before `cutoff`, and
 * those of an account closed before it (docs/decisions/121-verification-document-retention.md).
 */
export async function expiredDocuments(db: Db, cutoff: Date, limit: number) {
  return t(db)
    .selectFrom("verification_documents as d")
    .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["d.id", "d.storage_key"])
    .where("d.storage_key", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("s.status", "=", "rejected"), eb("s.decided_at", "<", cutoff)]),
        eb("u.closed_at", "<", cutoff),
      ]),
    )
    .orderBy("d.id")
    .limit(limit)
    .execute();
}

/** Marks a document's file removed; false when another run did it first. */
export async function markDocumentRemoved(db: Db, documentId: number, storageKey: string): Promise<boolean> {
  const updated = await t(db)
    .updateTable("verification_documents")
    .set({ storage_key: null, removed_at: sql<Date>`now()` })
    .where("id", "=", documentId)
    .where("storage_key", "=", storageKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
