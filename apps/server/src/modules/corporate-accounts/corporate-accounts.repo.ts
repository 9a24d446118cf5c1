import type { CorporateAccountStatus } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

export interface ApplicationRow {
  id: Generated<bigint>;
  public_id: string;
  user_id: number;
  legal_entity_name: string;
  business_name: string;
  registration_number: string;
  country_iso3: string;
  status: Generated<CorporateAccountStatus>;
  reason: string | null;
  reviewer_id: number | null;
  submitted_at: Generated<Date>;
  decided_at: Date | null;
}

export interface DocumentRow {
  id: string;
  application_id: bigint;
  position: number;
  storage_key: string | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
  removed_at: Date | null;
}

type Tables = {
  company_applications: ApplicationRow;
  company_documents: DocumentRow;
  company_document_views: { id: Generated<bigint>; document_id: string; viewer_id: number; viewed_at: Generated<Date> };
  /** The corporate columns are written here (the users module owns the table). */
  users: {
    id: number;
    username: string;
    roles: string[];
    closed_at: Date | null;
    full_name_visibility_type: string;
    is_corporate_verified: boolean;
    company_verified_at: Date | null;
    legal_entity_name: string | null;
    business_name: string | null;
    company_verification_postponed_at: Date | null;
  };
  countries: { iso3: string | null };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

export type Application = {
  [K in keyof ApplicationRow]: ApplicationRow[K] extends Generated<infer V> ? V : ApplicationRow[K];
};
export type StoredDocument = Omit<DocumentRow, "created_at"> & { created_at: Date };

export async function findAccount(db: Db | Tx, userId: number, options: { lock?: boolean } = {}) {
  let query = t(db)
    .selectFrom("users")
    .select([
      "id",
      "roles",
      "closed_at",
      "full_name_visibility_type",
      "is_corporate_verified",
      "company_verification_postponed_at",
    ])
    .where("id", "=", userId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function updateAccount(tx: Tx, userId: number, patch: Partial<Omit<Tables["users"], "id">>) {
  await t(tx).updateTable("users").set(patch).where("id", "=", userId).execute();
}

export async function latestApplication(db: Db | Tx, userId: number): Promise<Application | undefined> {
  return t(db)
    .selectFrom("company_applications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst() as Promise<Application | undefined>;
}

export async function findApplication(
  db: Db | Tx,
  publicId: string,
  options: { lock?: boolean } = {},
): Promise<Application | undefined> {
  let query = t(db).selectFrom("company_applications").selectAll().where("public_id", "=", publicId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst() as Promise<Application | undefined>;
}

export async function insertApplication(
  tx: Tx,
  row: Omit<ApplicationRow, "id" | "status" | "submitted_at" | "reason" | "reviewer_id" | "decided_at">,
): Promise<bigint> {
  const inserted = await t(tx).insertInto("company_applications").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateApplication(
  tx: Tx,
  id: bigint,
  patch: { status: CorporateAccountStatus; reviewer_id: number; reason?: string | null; decided?: boolean },
) {
  await t(tx)
    .updateTable("company_applications")
    .set({
      status: patch.status,
      reviewer_id: patch.reviewer_id,
      ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
      ...(patch.decided ? { decided_at: sql<Date>`now()` } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function insertDocuments(tx: Tx, rows: Omit<DocumentRow, "created_at" | "removed_at">[]) {
  if (rows.length > 0) await t(tx).insertInto("company_documents").values(rows).execute();
}

export async function documentsOf(db: Db | Tx, applicationIds: bigint[]): Promise<StoredDocument[]> {
  if (applicationIds.length === 0) return [];
  return t(db)
    .selectFrom("company_documents")
    .selectAll()
    .where("application_id", "in", applicationIds)
    .orderBy("application_id")
    .orderBy("position")
    .execute() as Promise<StoredDocument[]>;
}

export async function recordDocumentView(tx: Tx, documentId: string, viewerId: number) {
  await t(tx).insertInto("company_document_views").values({ document_id: documentId, viewer_id: viewerId }).execute();
}

export async function countryExists(db: Db, iso3: string): Promise<boolean> {
  return (await t(db).selectFrom("countries").select("iso3").where("iso3", "=", iso3).executeTakeFirst()) !== undefined;
}

export interface QueueRow extends Application {
  username: string;
  reviewer_username: string | null;
}

/** The review queue: open applications oldest first, or every application of one status. */
export async function listApplications(db: Db, status: CorporateAccountStatus | undefined): Promise<QueueRow[]> {
  let query = t(db)
    .selectFrom("company_applications as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .leftJoin("users as r", "r.id", "a.reviewer_id")
    .selectAll("a")
    .select(["u.username as username", "r.username as reviewer_username"]);
  query = status
    ? query.where("a.status", "=", status)
    : query.where("a.status", "in", ["application_submitted", "in_review"]);
  return query.orderBy("a.submitted_at").orderBy("a.id").limit(200).execute() as Promise<QueueRow[]>;
}

export async function usernameOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await t(db).selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username ?? null;
}

/**
 * Documents whose file the retention period has run out for: those of a rejected application
 * decided before `cutoff`, and those of an account closed before it.
 */
export async function expiredDocuments(db: Db, cutoff: Date, limit: number) {
  return t(db)
    .selectFrom("company_documents as d")
    .innerJoin("company_applications as a", "a.id", "d.application_id")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["d.id", "d.storage_key"])
    .where("d.storage_key", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("a.status", "=", "application_rejected"), eb("a.decided_at", "<", cutoff)]),
        eb("u.closed_at", "<", cutoff),
      ]),
    )
    .orderBy("d.id")
    .limit(limit)
    .execute();
}

/** Marks a document's file removed; false when another run did it first. */
export async function markRemoved(db: Db, documentId: string, storageKey: string): Promise<boolean> {
  const updated = await t(db)
    .updateTable("company_documents")
    .set({ storage_key: null, removed_at: sql<Date>`now()` })
    .where("id", "=", documentId)
    .where("storage_key", "=", storageKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
