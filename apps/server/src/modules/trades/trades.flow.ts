import {
  TEXT_REQUIREMENT_IDS,
  TRADE_RULES,
  type Trade,
  type TradeRequirementRequest,
  type TradeUpload,
  type TradeUploadRequest,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { flowStepOf, isActiveStatus } from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import * as repo from "./trades.repo.ts";
import { type Features, findTradeFor, recordEvent, viewTrade } from "./trades.service.ts";
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
  const requirements = await repo.listRequirements(tx, [row.id]);
  const step = flowStepOf(factsOf(row, requirements));
  let current = await repo.nextEventSeq(tx, row.id, step !== row.flow_step ? { flowStep: step } : {});
  await recordEvent(tx, current, {
    name: event.name,
    actorRole: actor.role,
    actorUserId: actor.userId,
    payload: event.payload,
  });
  if (step !== row.flow_step && step === "before_mark_as_paid") {
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
  const rows = await repo.listAttachments(db, row.id);
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

/**
 * POST /rest/v1/trade/{id}/upload: the buyer attaches files to upload requirements. Souk records
 * the files' declared name, type and size and checks them against the limits; the bytes
 * themselves are the chat attachments' business (DECISIONS.md "Uploads").
 */
export async function uploadRequirements(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: TradeUploadRequest,
  features: Features,
): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  if (role !== "buyer") throw errors.notAllowedForRole();
  const problems: Record<string, string[]> = {};
  input.requirements.forEach((item, index) => {
    if ((TEXT_REQUIREMENT_IDS as readonly string[]).includes(item.requirementId)) {
      problems[`requirements.${index}.requirementId`] = ["requirement_not_an_upload"];
    } else if (!(TRADE_RULES.attachmentContentTypes as readonly string[]).includes(item.contentType)) {
      problems[`requirements.${index}.contentType`] = ["attachment_type_not_accepted"];
    } else if (item.sizeBytes > TRADE_RULES.attachmentMaxBytes) {
      problems[`requirements.${index}.sizeBytes`] = ["attachment_limit_size"];
    }
  });
  if (Object.keys(problems).length > 0) throw errors.attachmentRefused(problems);
  const updated = await withTx(db, async (tx) => {
    const locked = await repo.lockTrade(tx, row.id);
    if (!locked) throw errors.tradeNotFound();
    assertOpen(locked);
    const requirements = await repo.listRequirements(tx, [row.id]);
    const known = new Set(requirements.map((r) => r.requirement_id));
    const unknown = input.requirements.findIndex((item) => !known.has(item.requirementId));
    if (unknown >= 0)
      throw errors.attachmentRefused({ [`requirements.${unknown}.requirementId`]: ["requirement_not_on_trade"] });
    const counts = await repo.countAttachmentsByRequirement(tx, [row.id]);
    const total = counts.reduce((sum, c) => sum + c.n, 0);
    if (total + input.requirements.length > TRADE_RULES.attachmentsPerTradeMax) {
      throw errors.attachmentRefused({ requirements: ["attachment_limit_count"] });
    }
    await repo.insertAttachments(
      tx,
      input.requirements.map((item) => ({ tradeId: row.id, uploaderId: viewer.userId, ...item })),
    );
    for (const id of new Set(input.requirements.map((item) => item.requirementId))) {
      await repo.setRequirement(tx, row.id, id, { status: "uploaded" });
    }
    return advanceFlow(
      tx,
      locked,
      { role, userId: viewer.userId },
      {
        name: "requirement_uploaded",
        payload: { requirements: [...new Set(input.requirements.map((item) => item.requirementId))] },
      },
    );
  });
  return viewTrade(db, updated, viewer, role, features);
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
    const requirement = (await repo.listRequirements(tx, [row.id])).find(
      (r) => r.requirement_id === input.requirementId,
    );
    if (!requirement) throw errors.attachmentRefused({ requirementId: ["requirement_not_on_trade"] });
    if (!isValue && requirement.status !== "uploaded") throw errors.wrongState(locked.status);
    const status = isValue ? "uploaded" : (input.decision ?? "rejected");
    await repo.setRequirement(tx, row.id, input.requirementId, { status, ...(isValue ? { value: input.value } : {}) });
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

/** Flows with an automated path that a person can take over (trading-core §3 flow types). */
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
