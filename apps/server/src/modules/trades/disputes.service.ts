import {
  DISPUTE_REASONS,
  type DisputeReason,
  type DisputeSummary,
  type PageMeta,
  pageMeta,
  type Trade,
  type TradeDisputeRequest,
} from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { type Features, inputError, type Viewer } from "../../platform/index.ts";
import { appealStatusOf } from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import * as listsRepo from "./trades.lists.repo.ts";
import { findTradeFor, viewTrade } from "./trades.lookup.ts";
import type { TradeOptions } from "./trades.options.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";
import { runCommand } from "./trades.service.ts";
import { cryptoAmountOf, tradeUrl } from "./trades.view.ts";

/**
 * Disputes live on the trade (its status dispute_open, then dispute_won_buyer or
 * dispute_won_seller): opening and awarding are transitions of the one transition function.
 * Appeals and the moderators' list are here.
 */

/** GET /rest/v1/dispute/reasons. */
export function listDisputeReasons(): DisputeReason[] {
  return DISPUTE_REASONS.map((reason) => ({ id: reason.id, key: reason.key, sides: [...reason.sides] }));
}

/** POST /rest/v1/trade/{id}/dispute: either party, when dispute.available. */
export async function openDispute(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: TradeDisputeRequest,
  options: TradeOptions,
): Promise<Trade> {
  return runCommand(
    db,
    viewer,
    idHashed,
    "dispute",
    { dispute: { reasonId: input.disputeReasonId, reasonText: input.disputeReasonText } },
    options,
    async (_row, role) => {
      const reason = DISPUTE_REASONS.find((r) => r.id === input.disputeReasonId);
      if (!reason) throw inputError({ disputeReasonId: ["dispute_reason_invalid"] });
      if (!(reason.sides as readonly string[]).includes(role)) {
        throw inputError({ disputeReasonId: ["dispute_reason_not_for_your_side"] });
      }
    },
  );
}

/** POST /rest/v1/trade/{id}/dispute/resolve: a moderator awards the escrow to the buyer or the seller. */
export async function resolveDispute(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: { outcome: "buyer" | "seller"; note: string },
  options: TradeOptions,
): Promise<Trade> {
  return runCommand(
    db,
    viewer,
    idHashed,
    input.outcome === "buyer" ? "award_buyer" : "award_seller",
    { resolution: input },
    options,
  );
}

/**
 * POST /rest/v1/trade/{id}/dispute/appeal: the losing party asks for a second look within the
 * window (feature flag disputeAppeal). Money does not move again: a supermod who upholds an
 * appeal corrects it with a reversing transfer, outside the trade's machine.
 */
export async function appealDispute(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  text: string,
  features: Features,
): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  const appeal = appealStatusOf(
    {
      status: row.status,
      disputeResolvedAt: row.dispute_resolved_at,
      disputeOutcome: row.dispute_outcome,
      appealedAt: row.appealed_at,
    },
    role,
    features.disputeAppeal,
    new Date(),
  );
  if (role === "moderator" || appeal.status !== "available") throw errors.appealNotAvailable(appeal.status);
  const updated = await withTx(db, async (tx) => {
    const changed = await repo.setAppeal(tx, row.id, text);
    if (!changed) throw errors.appealNotAvailable("appealed");
    await recordEvent(tx, changed, {
      name: "dispute_appealed",
      actorRole: role,
      actorUserId: viewer.userId,
      payload: {},
    });
    return changed;
  });
  return viewTrade(db, updated, viewer, role, features);
}

/** GET /rest/v1/disputes (staff): open disputes oldest first, appeals, or resolved ones. */
export async function listDisputes(
  db: Db,
  query: { status: "open" | "appealed" | "resolved"; page: number; perPage: number },
  features: Features,
): Promise<{ items: DisputeSummary[]; meta: PageMeta }> {
  const { total, rows } = await listsRepo.listDisputes(db, query.status, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  const parties = await peopleRepo.findParties(
    db,
    rows.flatMap((row) => [row.buyer_id, row.seller_id]),
  );
  const now = new Date();
  const items = rows.map((row): DisputeSummary => {
    const reason = DISPUTE_REASONS.find((r) => r.id === row.dispute_reason_id);
    const loser = row.dispute_outcome === "buyer" ? "seller" : "buyer";
    return {
      tradeId: row.id_hashed,
      tradeUrl: tradeUrl(row.id_hashed),
      status: row.status,
      buyerUsername: parties.get(String(row.buyer_id))?.username ?? "",
      sellerUsername: parties.get(String(row.seller_id))?.username ?? "",
      openedBy: row.dispute_opened_by ?? "buyer",
      openedAt: (row.dispute_opened_at ?? row.started_at).toISOString(),
      reasonId: row.dispute_reason_id ?? 0,
      reasonKey: reason?.key ?? "other",
      reasonText: row.dispute_reason_text ?? "",
      cryptoAmount: cryptoAmountOf(row),
      cryptoCurrencyCode: row.crypto_currency_code,
      fiatAmount: row.fiat_amount,
      fiatCurrencyCode: row.fiat_currency_code,
      resolvedAt: row.dispute_resolved_at?.toISOString() ?? null,
      outcome: row.dispute_outcome,
      // The appeal as the losing party stands with it.
      appealStatus: appealStatusOf(
        {
          status: row.status,
          disputeResolvedAt: row.dispute_resolved_at,
          disputeOutcome: row.dispute_outcome,
          appealedAt: row.appealed_at,
        },
        loser,
        features.disputeAppeal,
        now,
      ).status,
    };
  });
  return { items, meta: pageMeta(total, query.page, query.perPage) };
}
