import {
  COMPANY_DOCUMENT_MAX_BYTES,
  type CompanyApplication,
  type CompanyVerificationFields,
  type CompanyVerificationState,
  type CorporateConversion,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  type CheckedFile,
  checkAttachment,
  DEFAULT_ATTACHMENT_LIMITS,
  type FileStorage,
  fileRefused,
  inputError,
  newPublicId,
  type UploadedFile,
  withStoredFiles,
} from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import {
  type CorporateFacts,
  convertToCorporateRefusal,
  convertToPersonalRefusal,
  personalVisibility,
  postponeRefusal,
  submitRefusal,
} from "./corporate-accounts.domain.ts";
import { refused } from "./corporate-accounts.errors.ts";
import * as repo from "./corporate-accounts.repo.ts";

/** Where the web goes after a conversion (docs/product.md#corporate-accounts). */
const COMPANY_PAGE = "/account/verification/company";
const SETTINGS_PAGE = "/account/settings";

const DOCUMENT_LIMITS = { ...DEFAULT_ATTACHMENT_LIMITS, maxBytes: COMPANY_DOCUMENT_MAX_BYTES };

async function factsOf(db: Db | Tx, userId: number, options: { lock?: boolean } = {}) {
  const account = await repo.findAccount(db, userId, options);
  const latest = await repo.latestApplication(db, userId);
  const facts: CorporateFacts = {
    isCorporate: account.roles.includes("corporate"),
    isClosed: account.closed_at !== null,
    latestStatus: latest?.status ?? null,
  };
  return { account, latest, facts };
}

export function toApplication(row: repo.Application, documents: repo.StoredDocument[]): CompanyApplication {
  return {
    id: row.public_id,
    status: row.status,
    legalEntityName: row.legal_entity_name,
    businessName: row.business_name,
    registrationNumber: row.registration_number,
    countryIso3: row.country_iso3,
    reason: row.reason,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    documents: documents
      .filter((document) => document.application_id === row.id)
      .map((document) => ({
        id: document.id,
        fileName: document.file_name,
        contentType: document.content_type,
        isAvailable: document.storage_key !== null,
      })),
  };
}

/** GET users/corporate-accounts/company-verification: the caller's corporate state and newest application. */
export async function getCompanyVerification(db: Db, userId: number): Promise<CompanyVerificationState> {
  const { account, latest, facts } = await factsOf(db, userId);
  const documents = latest ? await repo.documentsOf(db, [latest.id]) : [];
  return {
    isCorporate: facts.isCorporate,
    isCorporateVerified: account.is_corporate_verified,
    status: facts.latestStatus,
    isPostponed: account.company_verification_postponed_at !== null,
    canSubmit: submitRefusal(facts) === null,
    application: latest ? toApplication(latest, documents) : null,
  };
}

/** POST users/corporate-accounts/convert-to-corporate: the account becomes a corporate one, not verified yet. */
export async function convertToCorporate(db: Db, userId: number): Promise<CorporateConversion> {
  await withTx(db, async (tx) => {
    const { account, latest, facts } = await factsOf(tx, userId, { lock: true });
    const refusal = convertToCorporateRefusal(facts);
    if (refusal) throw refused(refusal);
    // A company verified before (the account was corporate once) makes it a verified corporate account again.
    await repo.updateAccount(tx, userId, {
      roles: [...account.roles, "corporate"],
      is_corporate_verified: latest?.status === "application_approved",
    });
    await recordActivity(tx, { userId, type: "account_type_change", details: { to: "corporate" } });
  });
  return { message: "Your account is now a corporate account. Verify your company next.", redirect: COMPANY_PAGE };
}

/**
 * POST users/corporate-accounts/convert-to-personal: back to a personal account. A company name
 * chosen as the name to show falls back to the default; the company's verification is kept.
 */
export async function convertToPersonal(db: Db, userId: number): Promise<CorporateConversion> {
  await withTx(db, async (tx) => {
    const { account, facts } = await factsOf(tx, userId, { lock: true });
    const refusal = convertToPersonalRefusal(facts);
    if (refusal) throw refused(refusal);
    await repo.updateAccount(tx, userId, {
      roles: account.roles.filter((role) => role !== "corporate"),
      is_corporate_verified: false,
      full_name_visibility_type: personalVisibility(account.full_name_visibility_type),
    });
    await recordActivity(tx, { userId, type: "account_type_change", details: { to: "personal" } });
  });
  return { message: "Your account is now a personal account.", redirect: SETTINGS_PAGE };
}

/** POST users/postpone-company-verification: the company verification prompt waits until the user sends it. */
export async function postponeCompanyVerification(db: Db, userId: number): Promise<CompanyVerificationState> {
  await withTx(db, async (tx) => {
    const { facts } = await factsOf(tx, userId, { lock: true });
    const refusal = postponeRefusal(facts);
    if (refusal) throw refused(refusal);
    await repo.updateAccount(tx, userId, { company_verification_postponed_at: new Date() });
  });
  return getCompanyVerification(db, userId);
}

async function checkDocuments(files: UploadedFile[]): Promise<CheckedFile[]> {
  if (files.length === 0) throw inputError({ files: ["attachment_required"] }, "Attach the company documents.");
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const result = await checkAttachment(file, DOCUMENT_LIMITS);
    if (!result.ok) throw fileRefused(result.reason);
    checked.push(result.file);
  }
  return checked;
}

/**
 * POST users/corporate-accounts/company-verification: the company's details and its documents.
 * Every file is checked by content first; the files are stored under random keys and the
 * application with its document rows commits in one transaction (a refusal removes the files).
 */
export async function submitCompanyVerification(
  db: Db,
  storage: FileStorage,
  userId: number,
  fields: CompanyVerificationFields,
  files: UploadedFile[],
): Promise<CompanyVerificationState> {
  const before = await factsOf(db, userId);
  const early = submitRefusal(before.facts);
  if (early) throw refused(early);
  if (!(await repo.countryExists(db, fields.countryIso3))) {
    throw inputError({ countryIso3: ["country_invalid"] }, "Unknown country.");
  }
  const checked = await checkDocuments(files);
  await withStoredFiles(storage, "company", checked, (stored) =>
    withTx(db, async (tx) => {
      const { facts } = await factsOf(tx, userId, { lock: true });
      const refusal = submitRefusal(facts);
      if (refusal) throw refused(refusal);
      const applicationId = await repo.insertApplication(tx, {
        public_id: newPublicId(),
        user_id: userId,
        legal_entity_name: fields.legalEntityName,
        business_name: fields.businessName,
        registration_number: fields.registrationNumber,
        country_iso3: fields.countryIso3,
      });
      await repo.insertDocuments(
        tx,
        stored.map(({ key, file }, position) => ({
          id: newPublicId(),
          application_id: applicationId,
          position,
          storage_key: key,
          file_name: file.fileName,
          content_type: file.contentType,
          size_bytes: file.bytes.length,
        })),
      );
      await repo.updateAccount(tx, userId, { company_verification_postponed_at: null });
    }),
  );
  return getCompanyVerification(db, userId);
}
