import type { ChargebackReportRequest, ChargebackState } from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { isSuccessfulStatus } from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import { findTradeFor } from "./trades.lookup.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";

/** Reports about trades: a party's problem report, and the seller's chargeback report. */

/** POST /rest/v1/trade/{id}/report: one open report per party and trade, kept for moderators. */
export async function reportTrade(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: { reason: string; message: string },
): Promise<{ reported: true }> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  if (role === "moderator") throw errors.notAllowedForRole();
  await withTx(db, async (tx) => {
    const isNew = await repo.insertReport(tx, { tradeId: row.id, reporterId: viewer.userId, ...input });
    if (!isNew) throw errors.alreadyReported();
    const current = await repo.nextEventSeq(tx, row.id);
    // The reason stays with moderators: the counterpart only learns that a report exists.
    await recordEvent(tx, current, {
      name: "trade_reported",
      actorRole: role,
      actorUserId: viewer.userId,
      payload: {},
    });
  });
  return { reported: true };
}

export interface ChargebackReport {
  id: number;
  tradeId: string;
  timing: ChargebackReportRequest["timing"];
  state: ChargebackState;
  createdAt: string;
}

/**
 * POST /rest/v1/user-reports/chargeback: the seller of a trade that delivered the crypto reports
 * that the buyer took the fiat back. docs/product.md#trade-reports-and-chargebacks: when the
 * reporter's verification is
 * incorrect the report is not taken and they are told to contact support. Souk reads "incorrect"
 * as "the reporter's identity is not verified" (docs/decisions/056-chargeback-reports.md).
 */
export async function reportChargeback(
  db: Db,
  viewer: Viewer,
  input: ChargebackReportRequest,
): Promise<ChargebackReport> {
  const { row, role } = await findTradeFor(db, viewer, input.tradeId);
  if (role !== "seller") throw errors.chargebackNotAllowed("Only the seller of a trade can report a chargeback.");
  if (!(await peopleRepo.isIdVerified(db, viewer.userId))) throw errors.chargebackVerificationIncorrect();
  if (!isSuccessfulStatus(row.status)) {
    throw errors.chargebackNotAllowed("A chargeback can be reported once the crypto was delivered.");
  }
  return withTx(db, async (tx) => {
    const inserted = await repo.insertChargeback(tx, {
      tradeId: row.id,
      reporterId: viewer.userId,
      timing: input.timing,
      description: input.description,
    });
    if (!inserted) throw errors.alreadyReported();
    const current = await repo.nextEventSeq(tx, row.id);
    await recordEvent(tx, current, {
      name: "chargeback_started",
      actorRole: role,
      actorUserId: viewer.userId,
      payload: { timing: input.timing },
    });
    return {
      id: Number(inserted.id),
      tradeId: row.id_hashed,
      timing: inserted.timing as ChargebackReport["timing"],
      state: inserted.state,
      createdAt: inserted.created_at.toISOString(),
    };
  });
}
