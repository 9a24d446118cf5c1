import {
  TEXT_REQUIREMENT_IDS,
  TRADE_REQUIREMENT_IDS,
  TRADE_RULES,
  type Trade,
  type TradeRequirementId,
  type TradeRequirementRequest,
  type TradeUpload,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  type CheckedFile,
  checkAttachment,
  DEFAULT_ATTACHMENT_LIMITS,
  type Features,
  type FileStorage,
  type StoredFileReply,
  type UploadedFile,
  type Viewer,
  withStoredFiles,
} from "../../platform/index.ts";
import { tradeRowPaymentAccountsSql } from "../bank-accounts/index.ts";
import { flowStepOf, isActiveStatus } from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import { findTradeFor, viewTrade } from "./trades.lookup.ts";
import * as repo from "./trades.repo.ts";
import * as requirementsRepo from "./trades.requirements.repo.ts";
import { factsOf, type ViewerRole } from "./trades.view.ts";

/**
 * The trade flow around the money: requirements (text and uploads), policy links, the manual
 * fallback of automated flows. None of these moves money; each writes a trade event and the
 * real-time hints like a status change does.
 */

/** Re-derives the flow step after a requirement changed; announces the reveal of payment details. */
async function advanceFlow(
  tx: Tx,
  row: repo.TradeRow,
  actor: { role: ViewerRole; userId: number },
  event: { name: string; payload: Record<string, unknown> },
) {
  const requirements = await requirementsRepo.listRequirements(tx, [row.id]);
  const step = flowStepOf(factsOf(row, requirements));
  const isReveal = step !== row.flow_step && step === "before_mark_as_paid";
  // The reveal copies the payee's accounts onto the trade, in the same statement.
  let current = await repo.nextEventSeq(
    tx,
    row.id,
    step === row.flow_step
      ? {}
      : { flowStep: step, ...(isReveal ? { paymentAccounts: tradeRowPaymentAccountsSql() } : {}) },
  );
  await recordEvent(tx, current, {
    name: event.name,
    actorRole: actor.role,
    actorUserId: actor.userId,
    payload: event.payload,
  });
  if (isReveal) {
    current = await repo.nextEventSeq(tx, row.id);
    await recordEvent(tx, current, {
      name: "payment_details_revealed",
      actorRole: "system",
      actorUserId: null,
      payload: {},
    });
  }
  return current;
}

function assertOpen(row: repo.TradeRow): void {
  if (!isActiveStatus(row.status)) throw errors.wrongState(row.status);
}

/** GET /rest/v1/trade/{id}/uploads. */
export async function listUploads(db: Db, viewer: Viewer, idHashed: string): Promise<TradeUpload[]> {
  const { row } = await findTradeFor(db, viewer, idHashed);
  const rows = await requirementsRepo.listAttachments(db, row.id);
  return rows.map((a) => ({
    id: Number(a.id),
    requirementId: (a.requirement_id as TradeUpload["requirementId"]) ?? null,
    fileName: a.file_name,
    contentType: a.content_type,
    sizeBytes: a.size_bytes,
    uploadedBy: a.username,
    createdAt: a.created_at.toISOString(),
  }));
}

/** A multipart POST /upload: the upload requirement the files are for, and the files. */
export interface RequirementUpload {
  requirementId: string | null;
  files: UploadedFile[];
}

/** The content checks of chat attachments, with the trade rules' size limit. */
const UPLOAD_LIMITS = { ...DEFAULT_ATTACHMENT_LIMITS, maxBytes: TRADE_RULES.attachmentMaxBytes };

/**
 * POST /rest/v1/trade/{id}/upload: the buyer attaches files to an upload requirement. Every file
 * is checked by its content as chat attachments are (all or nothing) and the checked file is
 * stored; the rows and the requirement's status commit together, and the stored files of a
 * refused upload are removed again.
 */
export async function uploadRequirements(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  idHashed: string,
  upload: RequirementUpload,
  features: Features,
): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  if (role !== "buyer") throw errors.notAllowedForRole();
  const requirementId = upload.requirementId as TradeRequirementId | null;
  if (!requirementId || !(TRADE_REQUIREMENT_IDS as readonly string[]).includes(requirementId)) {
    throw errors.attachmentRefused({ requirementId: [requirementId ? "requirement_unknown" : "requirement_required"] });
  }
  if ((TEXT_REQUIREMENT_IDS as readonly string[]).includes(requirementId)) {
    throw errors.attachmentRefused({ requirementId: ["requirement_not_an_upload"] });
  }
  if (upload.files.length === 0) throw errors.attachmentRefused({ files: ["attachment_required"] });
  const checked: CheckedFile[] = [];
  for (const file of upload.files) {
    const result = await checkAttachment(file, UPLOAD_LIMITS);
    if (!result.ok) throw errors.attachmentRefused({ files: [result.reason] });
    checked.push(result.file);
  }
  const updated = await withStoredFiles(storage, "trades", checked, (stored) =>
    withTx(db, async (tx) => {
      const locked = await repo.lockTrade(tx, row.id);
      if (!locked) throw errors.tradeNotFound();
      assertOpen(locked);
      const requirements = await requirementsRepo.listRequirements(tx, [row.id]);
      if (!requirements.some((r) => r.requirement_id === requirementId)) {
        throw errors.attachmentRefused({ requirementId: ["requirement_not_on_trade"] });
      }
      const counts = await requirementsRepo.countAttachmentsByRequirement(tx, [row.id]);
      const total = counts.reduce((sum, c) => sum + c.n, 0);
      if (total + stored.length > TRADE_RULES.attachmentsPerTradeMax) {
        throw errors.attachmentRefused({ requirements: ["attachment_limit_count"] });
      }
      await requirementsRepo.insertAttachments(
        tx,
        stored.map(({ key, file }) => ({
          tradeId: row.id,
          uploaderId: viewer.userId,
          requirementId,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.length,
          storageKey: key,
        })),
      );
      await requirementsRepo.setRequirement(tx, row.id, requirementId, { status: "uploaded" });
      return advanceFlow(
        tx,
        locked,
        { role, userId: viewer.userId },
        { name: "requirement_uploaded", payload: { requirements: [requirementId] } },
      );
    }),
  );
  return viewTrade(db, updated, viewer, role, features);
}

/** GET /rest/v1/trade/{id}/uploads/{uploadId}: an upload's checked file, for the parties and staff. */
export async function downloadUpload(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  idHashed: string,
  uploadId: number,
): Promise<StoredFileReply> {
  const { row } = await findTradeFor(db, viewer, idHashed);
  const upload = await requirementsRepo.findAttachment(db, row.id, BigInt(uploadId));
  if (!upload) throw errors.uploadNotFound();
  const bytes = upload.storage_key ? await storage.get(upload.storage_key) : null;
  if (!bytes) throw errors.uploadFileMissing();
  return {
    bytes,
    contentType: upload.content_type,
    fileName: upload.file_name,
    isInline: upload.content_type.startsWith("image/"),
  };
}

/**
 * POST /rest/v1/trade/{id}/requirement: the buyer gives a text requirement's value (it becomes
 * uploaded), or the seller approves or rejects a fulfilled one (a rejected one is the buyer's again).
 */
export async function submitRequirement(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: TradeRequirementRequest,
  features: Features,
): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  const isValue = input.value !== undefined;
  if ((isValue && role !== "buyer") || (!isValue && role !== "seller")) throw errors.notAllowedForRole();
  if (isValue && !(TEXT_REQUIREMENT_IDS as readonly string[]).includes(input.requirementId)) {
    throw errors.attachmentRefused({ requirementId: ["requirement_not_text"] });
  }
  const updated = await withTx(db, async (tx) => {
    const locked = await repo.lockTrade(tx, row.id);
    if (!locked) throw errors.tradeNotFound();
    assertOpen(locked);
    const requirement = (await requirementsRepo.listRequirements(tx, [row.id])).find(
      (r) => r.requirement_id === input.requirementId,
    );
    if (!requirement) throw errors.attachmentRefused({ requirementId: ["requirement_not_on_trade"] });
    if (!isValue && requirement.status !== "uploaded") throw errors.wrongState(locked.status);
    const status = isValue ? "uploaded" : (input.decision ?? "rejected");
    await requirementsRepo.setRequirement(tx, row.id, input.requirementId, {
      status,
      ...(isValue ? { value: input.value } : {}),
    });
    return advanceFlow(
      tx,
      locked,
      { role, userId: viewer.userId },
      {
        name: isValue ? "requirement_submitted" : `requirement_${status}`,
        payload: { requirementId: input.requirementId },
      },
    );
  });
  return viewTrade(db, updated, viewer, role, features);
}

/** POST /rest/v1/trade/{id}/policy-read: records that a party opened a policy link; answers data.url. */
export async function recordPolicyRead(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  url: string,
): Promise<{ url: string }> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  await withTx(db, async (tx) => {
    const current = await repo.nextEventSeq(tx, row.id);
    await recordEvent(tx, current, {
      name: "policy_read",
      actorRole: role,
      actorUserId: viewer.userId,
      payload: { url },
    });
  });
  return { url };
}

/** Flows with an automated path that a person can take over (docs/product.md#offer-fields, flow types). */
const FALLBACK_FLOWS = new Set(["gcc-auto", "bt-auto", "lite", "offramp"]);

/**
 * POST /rest/v1/trade/{id}/fallback: a party moves an automated flow to the manual one (the
 * default flow, where the seller releases by hand). Once only, while the trade is open.
 */
export async function requestFallback(db: Db, viewer: Viewer, idHashed: string, features: Features): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  if (role === "moderator") throw errors.notAllowedForRole();
  if (!FALLBACK_FLOWS.has(row.flow_type) || row.is_fallback) throw errors.fallbackNotAvailable();
  const updated = await withTx(db, async (tx) => {
    const locked = await repo.lockTrade(tx, row.id);
    if (!locked) throw errors.tradeNotFound();
    assertOpen(locked);
    const current = await repo.nextEventSeq(tx, row.id, { isFallback: true });
    await recordEvent(tx, current, {
      name: "fallback_requested",
      actorRole: role,
      actorUserId: viewer.userId,
      payload: { flowType: row.flow_type },
    });
    return current;
  });
  return viewTrade(db, updated, viewer, role, features);
}
