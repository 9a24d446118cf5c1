import {
  type AddressVerificationFields,
  addressVerificationFieldsSchema,
  type DocumentSide,
  type IdVerificationStart,
  VerificationErrorCode,
  type VerificationSubmission,
  type VerificationType,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  type CheckedFile,
  checkAttachment,
  conflict,
  type FileStorage,
  fileRefused,
  inputError,
  newPublicId,
  toCamelKey,
  type UploadedFile,
  withStoredFiles,
} from "../../platform/index.ts";
import { submissionNotFound } from "./verification.decide.ts";
import { conditionsOf, decideStart, missingSidesOf } from "./verification.domain.ts";
import type { VerificationProvider } from "./verification.provider.ts";
import * as repo from "./verification.repo.ts";
import { toSubmission } from "./verification.service.ts";

/**
 * A user's submissions: an ID verification starts with its payload and waits as `pending` until
 * its front, back and selfie are in; a proof of address comes with its payload and its file in one
 * request. A complete submission goes to the provider and waits as `uploaded` for its decision.
 */

async function assertCountry(db: Db | Tx, iso3: string, field: string): Promise<void> {
  if (!(await repo.isKycCountry(db, iso3))) {
    throw inputError({ [field]: ["country_not_supported"] }, "Verification is not offered for this country.");
  }
}

/** Refuses a start when the condition is verified or a submission of the type is open. */
export async function assertMayStart(tx: Tx, userId: number, type: VerificationType): Promise<void> {
  const user = await repo.findUser(tx, userId, true);
  if (!user) throw submissionNotFound();
  const refusal = decideStart(type, conditionsOf(user), (await repo.findOpenSubmission(tx, userId, type)) ?? null);
  if (refusal?.reason === "already_verified") {
    throw conflict("This is verified already.", VerificationErrorCode.ALREADY_VERIFIED);
  }
  if (refusal) {
    throw conflict(
      "A verification of this kind is already in progress.",
      VerificationErrorCode.VERIFICATION_IN_PROGRESS,
      {
        status: refusal.status,
      },
    );
  }
}

/** POST /account/verification/start/id: a pending ID verification that waits for its files. */
export async function startIdVerification(db: Db, userId: number, payload: IdVerificationStart) {
  await assertCountry(db, payload.issueCountryIso3, "issueCountryIso3");
  const row = await withTx(db, async (tx) => {
    await assertMayStart(tx, userId, "id");
    return repo.insertSubmission(tx, { publicId: newPublicId(), userId, type: "id", status: "pending", payload });
  });
  return toSubmission(row, []);
}

/** Checks each file by content: images for the ID's sides, an image or a PDF for a proof of address. */
async function checkFiles(files: UploadedFile[], allowPdf: boolean): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const result = await checkAttachment(file);
    if (!result.ok) throw fileRefused(result.reason);
    if (result.file.kind === "pdf" && !allowPdf) throw fileRefused("attachment_type_not_allowed");
    checked.push({ ...result.file });
  }
  return checked;
}

/** A checked file (an image, a PDF, a video) and the side it is of the submission. */
type SidedFile = Pick<CheckedFile, "contentType" | "fileName" | "bytes"> & { side: DocumentSide };

/** Stores the files and records them with `record` in one transaction; a failure leaves no file behind. */
export async function storeDocuments<T>(
  db: Db,
  storage: FileStorage,
  files: SidedFile[],
  record: (tx: Tx, stored: { key: string; file: SidedFile }[]) => Promise<T>,
): Promise<T> {
  return withStoredFiles(storage, "verification", files, (stored) => withTx(db, (tx) => record(tx, stored)));
}

async function insertDocuments(tx: Tx, submissionId: number, stored: { key: string; file: SidedFile }[]) {
  for (const { key, file } of stored) {
    await repo.insertDocument(tx, {
      public_id: newPublicId(),
      submission_id: submissionId,
      side: file.side,
      storage_key: key,
      content_type: file.contentType,
      file_name: file.fileName,
      byte_size: file.bytes.length,
    });
  }
}

/** Hands a complete submission to the provider: it waits as `uploaded` (or is decided at once). */
async function submitToProvider(tx: Tx, provider: VerificationProvider, row: repo.SubmissionRow): Promise<void> {
  const documents = await repo.listDocuments(tx, [row.id]);
  const handed = await provider.submit(tx, {
    submissionId: row.public_id,
    userId: Number(row.user_id),
    type: row.type,
    payload: row.payload,
    // A submission being completed has all its files (the retention removes only decided ones).
    documents: documents.flatMap((document) =>
      document.storage_key
        ? [{ side: document.side, storageKey: document.storage_key, contentType: document.content_type }]
        : [],
    ),
  });
  await repo.setSubmissionStatus(tx, row.id, {
    status: "uploaded",
    reference: handed.reference,
    provider: provider.name,
  });
}

/** The sides named by the upload's fields; an unknown or repeated side is refused. */
export function sidesOf(files: UploadedFile[], allowed: readonly string[]): DocumentSide[] {
  const sides = files.map((file) => file.field ?? "");
  if (files.length === 0) throw inputError({ files: ["attachment_required"] }, "Send at least one file.");
  for (const side of sides) {
    if (!allowed.includes(side)) {
      throw inputError({ files: ["unknown_side"] }, `Name each file by its side: ${allowed.join(", ")}.`);
    }
  }
  if (new Set(sides).size !== sides.length) throw inputError({ files: ["repeated_side"] }, "Send each side once.");
  return sides as DocumentSide[];
}

/**
 * POST /account/verification/id/{id}/documents: some of the ID's sides (fields front, back,
 * selfie). Once all three are in, the verification goes to the provider.
 */
export async function uploadIdDocuments(
  context: { db: Db; storage: FileStorage; provider: VerificationProvider },
  userId: number,
  submissionId: string,
  files: UploadedFile[],
): Promise<VerificationSubmission> {
  const sides = sidesOf(files, ["front", "back", "selfie"]);
  const checked = await checkFiles(files, false);
  const sided = checked.map((file, index) => ({ ...file, side: sides[index] as DocumentSide }));
  return storeDocuments(context.db, context.storage, sided, async (tx, stored) => {
    const row = await repo.findSubmission(tx, submissionId, true);
    if (!row || Number(row.user_id) !== userId || row.type !== "id") throw submissionNotFound();
    if (row.status !== "pending") {
      throw conflict("This verification takes no more files.", VerificationErrorCode.VERIFICATION_WRONG_STATE, {
        status: row.status,
      });
    }
    const present = (await repo.listDocuments(tx, [row.id])).map((document) => document.side);
    if (sides.some((side) => present.includes(side))) {
      throw inputError({ files: ["side_already_sent"] }, "This side was sent already.");
    }
    await insertDocuments(tx, row.id, stored);
    if (missingSidesOf("id", [...present, ...sides]).length === 0) await submitToProvider(tx, context.provider, row);
    const updated = await repo.findSubmission(tx, submissionId);
    return toSubmission(updated ?? row, await repo.listDocuments(tx, [row.id]));
  });
}

/** Reads the address payload from the multipart fields, with the schema the JSON calls use. */
function addressFieldsOf(fields: Map<string, string>): AddressVerificationFields {
  const parsed = addressVerificationFieldsSchema.safeParse(
    Object.fromEntries([...fields].map(([name, value]) => [toCamelKey(name), value])),
  );
  if (parsed.success) return parsed.data;
  const details: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) details[String(issue.path[0] ?? "body")] = [issue.message];
  throw inputError(details, "Check the address.");
}

/** POST /account/verification/start/document: the address payload and its proof, reviewed at once. */
export async function startAddressVerification(
  context: { db: Db; storage: FileStorage; provider: VerificationProvider },
  userId: number,
  upload: { files: UploadedFile[]; fields: Map<string, string> },
): Promise<VerificationSubmission> {
  const payload = addressFieldsOf(upload.fields);
  await assertCountry(context.db, payload.countryIso3, "countryIso3");
  sidesOf(upload.files, ["proof"]);
  const checked = await checkFiles(upload.files, true);
  const sided = checked.map((file) => ({ ...file, side: "proof" as const }));
  return storeDocuments(context.db, context.storage, sided, async (tx, stored) => {
    await assertMayStart(tx, userId, "address");
    return createCompleteSubmission(tx, context.provider, { userId, type: "address", payload }, stored);
  });
}

/** A submission that comes with all its files in one request: recorded, and handed to the provider. */
export async function createCompleteSubmission(
  tx: Tx,
  provider: VerificationProvider,
  submission: { userId: number; type: VerificationType; payload: object },
  stored: { key: string; file: SidedFile }[],
): Promise<VerificationSubmission> {
  const row = await repo.insertSubmission(tx, { publicId: newPublicId(), status: "pending", ...submission });
  await insertDocuments(tx, row.id, stored);
  await submitToProvider(tx, provider, row);
  const updated = await repo.findSubmission(tx, row.public_id);
  return toSubmission(updated ?? row, await repo.listDocuments(tx, [row.id]));
}
