import {
  AdminErrorCode,
  type AdminOffer,
  type AdminOffersQuery,
  OFFER_MODERATION_STATUS_NAMES,
  OfferModerationErrorCode,
  type PageMeta,
  pageMeta,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { conflict, type DomainError, forbidden, isPublicId, type Viewer } from "../../platform/index.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { type Catalog, getCatalog } from "./catalog.service.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import {
  decideAppeal,
  decideApprove,
  decideMark,
  decideReject,
  type ModerationDecision,
  type ModerationFacts,
  type ModerationMark,
  type ModerationRefusal,
} from "./moderation.domain.ts";
import * as repo from "./moderation.repo.ts";
import { announceModerationDecision } from "./moderation-notices.ts";
import { offerNotFound } from "./offers.errors.ts";

/**
 * Offer moderation (docs/decisions/130-offer-moderation.md). Each step locks the offer's row, reads
 * its facts, decides in moderation.domain.ts, then writes the change and, for a staff step, its one
 * audit row in that transaction.
 */

/** Who moderates: a staff member through the API (their id, for the audit and the own-offer rule). */
interface ModerationCaller {
  audit: AuditActor;
  staffId: number | null;
  ip?: string | null;
}

export function moderationCaller(viewer: { userId: number }, ip?: string | null): ModerationCaller {
  return { audit: { kind: "user", userId: viewer.userId }, staffId: viewer.userId, ip };
}

const statusNameOf = (status: number) =>
  OFFER_MODERATION_STATUS_NAMES[status as keyof typeof OFFER_MODERATION_STATUS_NAMES] ?? "approved";

function refusalError(refusal: ModerationRefusal, facts: ModerationFacts): DomainError {
  switch (refusal) {
    case "own_offer":
      return forbidden("Staff do not moderate their own offers.", AdminErrorCode.STAFF_ACTION_ON_SELF);
    case "not_owner":
      return offerNotFound();
    case "status_conflict":
      return conflict(
        "The offer's moderation status does not allow this.",
        OfferModerationErrorCode.MODERATION_STATUS_CONFLICT,
        {
          status: statusNameOf(facts.status),
        },
      );
  }
}

const factsOf = (row: repo.ModerationRow): ModerationFacts => ({
  ownerId: Number(row.user_id),
  status: row.moderation_status,
  isFeaturedByModerator: row.is_featured_by_moderator,
  isStickiedByModerator: row.is_stickied_by_moderator,
});

/** Locks the offer, decides on its facts and hands the plan to `write`; one transaction. */
async function moderate<Plan>(
  db: Db,
  idHashed: string,
  decide: (facts: ModerationFacts) => ModerationDecision<Plan>,
  write: (tx: Tx, row: repo.ModerationRow, plan: Plan) => Promise<void>,
): Promise<void> {
  if (!isPublicId(idHashed)) throw offerNotFound();
  await withTx(db, async (tx) => {
    const row = await repo.lockOffer(tx, idHashed);
    if (!row) throw offerNotFound();
    const facts = factsOf(row);
    const decision = decide(facts);
    if (decision.kind === "refused") throw refusalError(decision.refusal, facts);
    await write(tx, row, decision.plan);
  });
  forgetCachedListings();
}

function audit(
  tx: Tx,
  caller: ModerationCaller,
  row: repo.ModerationRow,
  action: string,
  reason: string,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    actor: caller.audit,
    action,
    subjectType: "offer",
    subjectId: row.id_hashed,
    reason,
    details: { owner: row.owner_username, ...details },
    ip: caller.ip ?? null,
  });
}

/**
 * POST /rest/v1/admin/offers/{id}/reject: rejected (2), or no appeal (3) when the vendor had
 * appealed. The vendor hears of it with the reason (`offer.moderation_decided`).
 */
export async function rejectOffer(db: Db, caller: ModerationCaller, idHashed: string, reason: string): Promise<void> {
  await moderate(
    db,
    idHashed,
    (facts) => decideReject(caller.staffId, facts, reason),
    async (tx, row, plan) => {
      await repo.setStatus(tx, row.id, plan);
      await announceModerationDecision(tx, row, plan.status, reason);
      await audit(tx, caller, row, "offer.reject", reason, {
        from: statusNameOf(row.moderation_status),
        to: statusNameOf(plan.status),
      });
    },
  );
}

/** POST /rest/v1/admin/offers/{id}/approve: back to approved (1); the vendor's message clears and they hear of it. */
export async function approveOffer(db: Db, caller: ModerationCaller, idHashed: string, reason: string): Promise<void> {
  await moderate(
    db,
    idHashed,
    (facts) => decideApprove(caller.staffId, facts),
    async (tx, row, plan) => {
      await repo.setStatus(tx, row.id, plan);
      await announceModerationDecision(tx, row, plan.status, reason);
      await audit(tx, caller, row, "offer.approve", reason, { from: statusNameOf(row.moderation_status) });
    },
  );
}

/** POST /rest/v1/admin/offers/{id}/feature and .../sticky: a moderator's mark on the offer, on or off. */
export async function markOffer(
  db: Db,
  caller: ModerationCaller,
  idHashed: string,
  input: { mark: ModerationMark; isOn: boolean; reason: string },
): Promise<void> {
  const { mark, reason } = input;
  await moderate(
    db,
    idHashed,
    (facts) => decideMark(caller.staffId, facts, mark, input.isOn),
    async (tx, row, plan) => {
      await repo.setMark(tx, row.id, mark, plan.isOn);
      await audit(tx, caller, row, `offer.${plan.isOn ? mark : `un${mark}`}`, reason);
    },
  );
}

/** POST /rest/v1/offers/{id}/appeal: the vendor answers a rejection of their own offer, once. */
export async function appealOffer(db: Db, viewer: Viewer, idHashed: string, message: string): Promise<void> {
  await moderate(
    db,
    idHashed,
    (facts) => decideAppeal(viewer.userId, facts),
    async (tx, row, plan) => {
      await repo.setAppeal(tx, row.id, plan.status, message);
    },
  );
}

function toAdminOffer(row: repo.ModerationRow, catalog: Catalog): AdminOffer {
  return {
    idHashed: row.id_hashed,
    ownerUsername: row.owner_username,
    type: row.type,
    cryptoCurrencyCode: catalog.cryptoById.get(row.crypto_currency_id)?.code ?? "",
    fiatCurrencyCode: catalog.fiatById.get(row.fiat_currency_id)?.code ?? "",
    paymentMethodName: catalog.methodById.get(row.payment_method_id)?.name ?? "",
    offerTerms: row.offer_terms,
    isActive: row.is_active,
    moderation: {
      status: row.moderation_status,
      statusName: statusNameOf(row.moderation_status),
      message: row.moderation_message,
      appeal: row.moderation_appeal,
      moderatedAt: row.moderated_at?.toISOString() ?? null,
    },
    isFeaturedByModerator: row.is_featured_by_moderator,
    isStickiedByModerator: row.is_stickied_by_moderator,
    createdAt: row.created_at.toISOString(),
  };
}

/** GET /rest/v1/admin/offers. */
export async function listOffersForModeration(
  db: Db,
  query: AdminOffersQuery,
): Promise<{ items: AdminOffer[]; meta: PageMeta }> {
  const [catalog, { rows, total }] = await Promise.all([
    getCatalog(db),
    repo.listForModeration(db, {
      filter: query.status,
      q: query.q,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
  ]);
  return { items: rows.map((row) => toAdminOffer(row, catalog)), meta: pageMeta(total, query.page, query.perPage) };
}

/** The offer as staff now see it (the answer of each staff step). */
export async function getOfferForModeration(db: Db, idHashed: string): Promise<AdminOffer> {
  const [catalog, row] = await Promise.all([getCatalog(db), repo.findOffer(db, idHashed)]);
  if (!row) throw offerNotFound();
  return toAdminOffer(row, catalog);
}
