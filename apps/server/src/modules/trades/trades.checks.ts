import { sql } from "kysely";
import type { LedgerInvariantCheck, SettledFeeSource, SettledReferenceSource } from "../ledger/index.ts";
import { TRANSITIONS } from "./trades.domain.ts";
import * as listsRepo from "./trades.lists.repo.ts";

/**
 * For ledger:verify's "no settled trade holds escrow"
 * (docs/reliability.md#i4-escrow-holds-exactly-its-amount): the settled trades.
 */
export const settledTradesSource: SettledReferenceSource = {
  referenceType: "trade",
  listSettledIds: (db) => listsRepo.listSettledTradeIds(db),
};

// Read from the transition table, so that a new way to settle a trade is checked as it is defined.
const POSTED_STATUSES = [...new Set(TRANSITIONS.filter((rule) => rule.ledger === "post").map((rule) => rule.to))];
const SETTLED_STATUSES = [
  ...new Set(TRANSITIONS.filter((rule) => rule.ledger === "post" || rule.ledger === "void").map((rule) => rule.to)),
];

/** For ledger:verify's fee invariant: each settled trade owes its fee when it was posted, nothing when voided. */
export const settledTradeFeesSource: SettledFeeSource = {
  referenceType: "trade",
  async listSettledFees(db) {
    const rows = await listsRepo.listSettledTradeFees(db, SETTLED_STATUSES, POSTED_STATUSES);
    return rows.map((row) => ({ id: row.id, label: row.id_hashed, feeMinor: row.fee }));
  },
};

/**
 * I4's other half: every open trade's escrow account holds exactly the trade's amount plus fee
 * and is not closed; a trade whose escrow is missing, short, over or settled while the trade is
 * still open is drift.
 */
export const openTradesHoldEscrowCheck: LedgerInvariantCheck = {
  name: "open_trades_hold_their_escrow",
  invariant: "I4",
  description: "every open trade's escrow holds its amount plus fee, still open",
  async run(db) {
    const checked = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM trades WHERE status IN ('active_funded', 'paid', 'dispute_open')`.execute(db);
    const result = await sql<{ id_hashed: string; expected: bigint; balance: bigint | null; settled_at: Date | null }>`
      SELECT t.id_hashed, t.amount_minor + t.fee_minor AS expected, a.balance, a.settled_at
      FROM trades t
      LEFT JOIN ledger_accounts a
        ON a.kind = 'escrow' AND a.reference_type = 'trade' AND a.reference_id = t.id::text
        AND a.currency_id = t.crypto_currency_id
      WHERE t.status IN ('active_funded', 'paid', 'dispute_open')
        AND (a.id IS NULL OR a.balance <> t.amount_minor + t.fee_minor OR a.settled_at IS NOT NULL)
      ORDER BY t.id LIMIT 20`.execute(db);
    return {
      checkedCount: Number(checked.rows[0]?.n ?? 0),
      problems: result.rows.map((row) =>
        row.balance === null
          ? `open trade ${row.id_hashed} has no escrow account`
          : `open trade ${row.id_hashed} holds ${row.balance} in escrow (${row.settled_at ? "closed" : "open"}), expected ${row.expected}`,
      ),
    };
  },
};
