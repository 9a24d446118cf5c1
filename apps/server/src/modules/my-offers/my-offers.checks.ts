import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import {
  BID_REFERENCE_TYPE,
  type LedgerInvariantCheck,
  type SettledFeeSource,
  type SettledReferenceSource,
} from "../ledger/index.ts";

const MAX_PROBLEMS = 20;

/** For ledger:verify's "no settled reference holds escrow" (I4): bids that ended hold nothing. */
export const endedBidsSource: SettledReferenceSource = {
  referenceType: BID_REFERENCE_TYPE,
  async listSettledIds(db: Db) {
    const result = await sql<{ id: string }>`
      SELECT id::text AS id FROM offer_bids WHERE status IN ('OUTBID', 'CANCELLED', 'COMPLETED')`.execute(db);
    return result.rows.map((row) => row.id);
  },
};

/**
 * For ledger:verify's fee invariant: a COMPLETED bid (only a FUNDED one completes) paid its whole
 * amount to the platform; an OUTBID or CANCELLED one paid nothing.
 */
export const endedBidFeesSource: SettledFeeSource = {
  referenceType: BID_REFERENCE_TYPE,
  async listSettledFees(db: Db) {
    const result = await sql<{ id: string; fee: bigint }>`
      SELECT id::text AS id, CASE WHEN status = 'COMPLETED' THEN amount_minor ELSE 0 END AS fee
      FROM offer_bids WHERE status IN ('OUTBID', 'CANCELLED', 'COMPLETED')`.execute(db);
    return result.rows.map((row) => ({ id: row.id, label: row.id, feeMinor: row.fee }));
  },
};

/**
 * The holds of open bids equal the FUNDED bids' amounts, both ways: every FUNDED bid's escrow is
 * open and holds exactly its amount, and no bid escrow holds money for a bid that is not FUNDED
 * (or does not exist). Either kind of mismatch is money held for nothing or a pin nobody paid for.
 */
export const fundedBidsHoldTheirAmountCheck: LedgerInvariantCheck = {
  name: "funded_bids_hold_their_amount",
  invariant: "I4",
  description: "each FUNDED bid's escrow holds exactly its amount, and only FUNDED bids hold anything",
  async run(db) {
    const checked = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM offer_bids WHERE status = 'FUNDED'`.execute(db);
    const funded = await sql<{ id: string; expected: bigint; balance: bigint | null; settled_at: Date | null }>`
      SELECT b.id::text AS id, b.amount_minor AS expected, a.balance, a.settled_at
      FROM offer_bids b
      LEFT JOIN crypto_currencies c ON c.code = b.bid_currency_code
      LEFT JOIN ledger_accounts a
        ON a.kind = 'escrow' AND a.reference_type = 'offer_bid' AND a.reference_id = b.id::text
        AND a.currency_id = c.id
      WHERE b.status = 'FUNDED' AND (a.id IS NULL OR a.balance <> b.amount_minor OR a.settled_at IS NOT NULL)
      ORDER BY b.id LIMIT ${MAX_PROBLEMS}`.execute(db);
    const stray = await sql<{ key: string; balance: bigint; status: string | null }>`
      SELECT a.key, a.balance, b.status
      FROM ledger_accounts a
      LEFT JOIN offer_bids b ON b.id::text = a.reference_id
      WHERE a.kind = 'escrow' AND a.reference_type = 'offer_bid' AND a.balance <> 0
        AND (b.id IS NULL OR b.status <> 'FUNDED')
      ORDER BY a.id LIMIT ${MAX_PROBLEMS}`.execute(db);
    return {
      checkedCount: Number(checked.rows[0]?.n ?? 0),
      problems: [
        ...funded.rows.map((row) =>
          row.balance === null
            ? `funded bid ${row.id} has no escrow account`
            : `funded bid ${row.id} holds ${row.balance} (${row.settled_at ? "closed" : "open"}), expected ${row.expected}`,
        ),
        ...stray.rows.map((row) => `${row.key} holds ${row.balance} for a bid that is ${row.status ?? "missing"}`),
      ].slice(0, MAX_PROBLEMS),
    };
  },
};
