import type { RequirementStatus, TradeBankAccount, TradeFlowStep, TradeRequirementId } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { PartyRow } from "./trades.people.repo.ts";
import { type TradeRow, tables } from "./trades.repo.ts";

/** SQL of the trades module about a trade's requirements, attachments, and what its view adds to the row. */

export async function insertRequirements(
  tx: Tx,
  tradeId: bigint,
  plans: readonly { id: TradeRequirementId; step: TradeFlowStep; isOptional: boolean }[],
): Promise<void> {
  if (plans.length === 0) return;
  await tables(tx)
    .insertInto("trade_requirements")
    .values(
      plans.map((plan) => ({
        trade_id: tradeId,
        requirement_id: plan.id,
        step: plan.step,
        is_optional: plan.isOptional,
      })),
    )
    .execute();
}

export async function listRequirements(db: Db | Tx, tradeIds: bigint[]) {
  if (tradeIds.length === 0) return [];
  return tables(db)
    .selectFrom("trade_requirements")
    .selectAll()
    .where("trade_id", "in", tradeIds)
    .orderBy("trade_id")
    .orderBy("requirement_id")
    .execute();
}

export async function setRequirement(
  tx: Tx,
  tradeId: bigint,
  requirementId: TradeRequirementId,
  patch: { status: RequirementStatus; value?: string },
): Promise<boolean> {
  const result = await tables(tx)
    .updateTable("trade_requirements")
    .set({ status: patch.status, ...(patch.value === undefined ? {} : { value: patch.value }), updated_at: sql`now()` })
    .where("trade_id", "=", tradeId)
    .where("requirement_id", "=", requirementId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttachments(
  tx: Tx,
  rows: {
    tradeId: bigint;
    requirementId: string;
    uploaderId: number;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    storageKey: string;
  }[],
): Promise<void> {
  await tables(tx)
    .insertInto("trade_attachments")
    .values(
      rows.map((row) => ({
        trade_id: row.tradeId,
        requirement_id: row.requirementId,
        uploader_id: BigInt(row.uploaderId),
        file_name: row.fileName,
        content_type: row.contentType,
        size_bytes: row.sizeBytes,
        storage_key: row.storageKey,
      })),
    )
    .execute();
}

export async function findAttachment(db: Db | Tx, tradeId: bigint, id: bigint) {
  return tables(db)
    .selectFrom("trade_attachments")
    .select(["id", "file_name", "content_type", "storage_key"])
    .where("trade_id", "=", tradeId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function listAttachments(db: Db | Tx, tradeId: bigint) {
  return tables(db)
    .selectFrom("trade_attachments as a")
    .innerJoin("users as u", "u.id", "a.uploader_id")
    .select(["a.id", "a.requirement_id", "a.file_name", "a.content_type", "a.size_bytes", "u.username", "a.created_at"])
    .where("a.trade_id", "=", tradeId)
    .orderBy("a.id")
    .execute();
}

export async function countAttachmentsByRequirement(db: Db | Tx, tradeIds: bigint[]) {
  if (tradeIds.length === 0) return [];
  return tables(db)
    .selectFrom("trade_attachments")
    .select(["trade_id", "requirement_id", sql<number>`count(*)::integer`.as("n")])
    .where("trade_id", "in", tradeIds)
    .groupBy(["trade_id", "requirement_id"])
    .execute();
}

/** What the view of one trade needs beside its row, read in one statement. */
export interface TradeViewFacts {
  /** The payee's accounts, when the viewer may read them (else empty). */
  bankAccounts: TradeBankAccount[];
  parties: Map<string, PartyRow>;
  requirements: {
    trade_id: bigint;
    requirement_id: TradeRequirementId;
    step: TradeFlowStep;
    is_optional: boolean;
    status: RequirementStatus;
    value: string | null;
  }[];
  /** Attachments per requirement id. */
  attachmentCounts: Map<string, number>;
}

interface RawViewFacts {
  parties: {
    id: string;
    username: string;
    avatar_url: string | null;
    country_iso: string | null;
    id_verified_at: string | null;
    completed_trades: number;
    last_seen_at: string | null;
  }[];
  requirements: {
    requirement_id: TradeRequirementId;
    step: TradeFlowStep;
    is_optional: boolean;
    status: RequirementStatus;
    value: string | null;
  }[];
  attachments: { requirement_id: string | null; n: number }[];
  bank_accounts: TradeBankAccount[];
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The parties, requirements and attachment counts of a trade, and the payee's accounts when
 * `paymentAccounts` (a sub-select of the bank-accounts module yielding them as JSON) is given:
 * small reads as one statement (one round trip after every command), each part aggregated to JSON.
 */
export async function findViewFacts(
  db: Db | Tx,
  row: Pick<TradeRow, "id" | "buyer_id" | "seller_id">,
  paymentAccounts: RawBuilder<unknown> | null,
): Promise<TradeViewFacts> {
  const result = await sql<RawViewFacts>`
    SELECT ${paymentAccounts ?? sql`'[]'::json`} AS bank_accounts,
      (SELECT coalesce(json_agg(json_build_object('id', u.id::text, 'username', u.username,
          'avatar_url', u.avatar_url, 'country_iso', u.country_iso, 'id_verified_at', u.id_verified_at,
          'completed_trades', u.completed_trades, 'last_seen_at', u.last_seen_at)), '[]')
        FROM users u WHERE u.id IN (${row.buyer_id}, ${row.seller_id})) AS parties,
      (SELECT coalesce(json_agg(json_build_object('requirement_id', r.requirement_id, 'step', r.step,
          'is_optional', r.is_optional, 'status', r.status, 'value', r.value) ORDER BY r.requirement_id), '[]')
        FROM trade_requirements r WHERE r.trade_id = ${row.id}) AS requirements,
      (SELECT coalesce(json_agg(json_build_object('requirement_id', a.requirement_id, 'n', a.n)), '[]')
        FROM (SELECT requirement_id, count(*)::integer AS n FROM trade_attachments WHERE trade_id = ${row.id}
          GROUP BY requirement_id) a) AS attachments`.execute(db);
  const raw = result.rows[0] ?? { parties: [], requirements: [], attachments: [], bank_accounts: [] };
  return {
    bankAccounts: raw.bank_accounts,
    parties: new Map(
      raw.parties.map((party) => [
        party.id,
        {
          ...party,
          id: BigInt(party.id),
          id_verified_at: dateOrNull(party.id_verified_at),
          last_seen_at: dateOrNull(party.last_seen_at),
        },
      ]),
    ),
    requirements: raw.requirements.map((requirement) => ({ ...requirement, trade_id: row.id })),
    attachmentCounts: new Map(raw.attachments.map((a) => [a.requirement_id ?? "", a.n])),
  };
}
