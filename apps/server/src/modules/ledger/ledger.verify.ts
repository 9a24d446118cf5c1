import type { LedgerCheck, LedgerVerifyReport } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import type { LedgerInvariantCheck } from "../../platform/index.ts";

/**
 * The invariant checks I1-I5 (docs/reliability.md#ledger-invariants) as SQL over the whole ledger,
 * run in one
 * read-only REPEATABLE READ transaction so that every check sees the same instant even while
 * transfers keep committing. `npm run souk -- ledger:verify`, GET /rest/v1/admin/ledger/verify,
 * the crash test and the property tests all call verifyLedger.
 */

const MAX_PROBLEMS = 20;

export type { LedgerInvariantCheck } from "../../platform/index.ts";

/** A source of references (for example trade ids) that are settled and must hold no escrow. */
export interface SettledReferenceSource {
  referenceType: string;
  listSettledIds(db: Db): Promise<string[]>;
}

/**
 * The check that every settled reference's escrow is closed and empty. A module that knows which
 * of its references are settled (trades) lists it in its `ledgerChecks`: the ledger cannot import
 * that module (it would be a cycle), so the check travels through the module registry instead.
 */
export function settledReferencesHoldNoEscrow(source: SettledReferenceSource): LedgerInvariantCheck {
  return {
    name: `settled_${source.referenceType}s_hold_no_escrow`,
    invariant: "I4",
    description: `every settled ${source.referenceType} has a closed escrow account holding zero`,
    async run(db) {
      const ids = await source.listSettledIds(db);
      const result = await sql<{ reference_id: string; balance: bigint | null; settled_at: Date | null }>`
        SELECT s.id AS reference_id, a.balance, a.settled_at
        FROM unnest(${ids}::text[]) AS s(id)
        LEFT JOIN ledger_accounts a ON a.kind = 'escrow' AND a.reference_type = ${source.referenceType} AND a.reference_id = s.id
        WHERE a.id IS NOT NULL AND (a.balance <> 0 OR a.settled_at IS NULL)
        LIMIT ${MAX_PROBLEMS}`.execute(db);
      return {
        checkedCount: ids.length,
        problems: result.rows.map(
          (row) =>
            `${source.referenceType} ${row.reference_id} is settled but its escrow holds ${row.balance} (${row.settled_at ? "closed" : "still open"})`,
        ),
      };
    },
  };
}

/** A source of settled references (trades, bids) and the fee each one's settlement owes the platform. */
export interface SettledFeeSource {
  referenceType: string;
  /** Every settled reference: its id, how a report names it, and its fee (zero when it was voided). */
  listSettledFees(db: Db): Promise<{ id: string; label: string; feeMinor: bigint }[]>;
}

/**
 * The fee invariant per reference: what the fee accounts received for each settled trade or bid
 * (net of any refund) is exactly the fee its settlement owes, and nothing for one that was voided.
 * A fee sent elsewhere, a fee charged twice or on a cancel, or a fee of the wrong amount shows here
 * with the reference it belongs to; the built-in fee check proves the same per currency.
 */
export function settledReferencesPaidTheirFees(source: SettledFeeSource): LedgerInvariantCheck {
  return {
    name: `settled_${source.referenceType}s_paid_their_fees`,
    invariant: "I4",
    description: `the fee accounts hold each settled ${source.referenceType}'s fee, and nothing for a voided one`,
    async run(db) {
      const settled = await source.listSettledFees(db);
      const result = await sql<{ id: string; expected: string; paid: string }>`
        WITH expected AS (
          SELECT s.id, s.fee FROM unnest(${settled.map((row) => row.id)}::text[], ${settled.map((row) => row.feeMinor)}::bigint[]) AS s(id, fee)
        ), paid AS (
          SELECT t.reference_id AS id, sum(e.amount) AS paid
          FROM ledger_transfers t
          JOIN ledger_entries e ON e.transfer_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'fees'
          WHERE t.reference_type = ${source.referenceType} AND t.reference_id IN (SELECT id FROM expected)
          GROUP BY t.reference_id
        )
        SELECT x.id, x.fee::text AS expected, coalesce(p.paid, 0)::text AS paid
        FROM expected x LEFT JOIN paid p ON p.id = x.id
        WHERE coalesce(p.paid, 0) <> x.fee
        LIMIT ${MAX_PROBLEMS}`.execute(db);
      const labels = new Map(settled.map((row) => [row.id, row.label]));
      return {
        checkedCount: settled.length,
        problems: result.rows.map(
          (row) =>
            `${source.referenceType} ${labels.get(row.id) ?? row.id} paid ${row.paid} to the fee accounts, its fee is ${row.expected}`,
        ),
      };
    },
  };
}

async function count(db: Db, query: RawBuilder<{ count: bigint }>): Promise<number> {
  const result = await query.execute(db);
  return Number(result.rows[0]?.count ?? 0n);
}

const builtInChecks: LedgerInvariantCheck[] = [
  {
    name: "transfers_balanced",
    invariant: "I1",
    description: "every transfer has at least two entries, summing to zero per currency",
    async run(db) {
      const checkedCount = await count(db, sql<{ count: bigint }>`SELECT count(*) AS count FROM ledger_transfers`);
      const unbalanced = await sql<{ transfer_id: bigint; currency_id: number; total: string }>`
        SELECT transfer_id, currency_id, sum(amount)::text AS total FROM ledger_entries
        GROUP BY transfer_id, currency_id HAVING sum(amount) <> 0
        ORDER BY transfer_id LIMIT ${MAX_PROBLEMS}`.execute(db);
      const thin = await sql<{ id: bigint; entries: bigint }>`
        SELECT t.id, count(e.transfer_id) AS entries
        FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
        GROUP BY t.id HAVING count(e.transfer_id) < 2
        ORDER BY t.id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return {
        checkedCount,
        problems: [
          ...unbalanced.rows.map(
            (row) => `transfer ${row.transfer_id} sums to ${row.total} in currency ${row.currency_id}`,
          ),
          ...thin.rows.map((row) => `transfer ${row.id} has ${row.entries} entries`),
        ].slice(0, MAX_PROBLEMS),
      };
    },
  },
  {
    name: "currency_balances_sum_to_zero",
    invariant: "I1",
    description: "per currency, all account balances (world included) sum to zero",
    async run(db) {
      const result = await sql<{ currency_id: number; total: string }>`
        SELECT currency_id, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency_id ORDER BY currency_id`.execute(
        db,
      );
      return {
        checkedCount: result.rows.length,
        problems: result.rows
          .filter((row) => BigInt(row.total) !== 0n)
          .map((row) => `currency ${row.currency_id}: balances sum to ${row.total}`),
      };
    },
  },
  {
    name: "balances_match_entries",
    invariant: "I3",
    description: "each account's cached balance equals the sum of its entries",
    async run(db) {
      const checkedCount = await count(db, sql<{ count: bigint }>`SELECT count(*) AS count FROM ledger_accounts`);
      const result = await sql<{ key: string; balance: bigint; total: string }>`
        SELECT a.key, a.balance, coalesce(s.total, 0)::text AS total
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
          ON s.account_id = a.id
        WHERE a.balance <> coalesce(s.total, 0)
        ORDER BY a.id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return {
        checkedCount,
        problems: result.rows.map(
          (row) => `account ${row.key} holds ${row.balance} but its entries sum to ${row.total}`,
        ),
      };
    },
  },
  {
    name: "no_negative_balances",
    invariant: "I2",
    description: "no account but the world accounts is below zero",
    async run(db) {
      const checkedCount = await count(
        db,
        sql<{ count: bigint }>`SELECT count(*) AS count FROM ledger_accounts WHERE kind <> 'world'`,
      );
      const result = await sql<{ key: string; balance: bigint }>`
        SELECT key, balance FROM ledger_accounts WHERE kind <> 'world' AND balance < 0
        ORDER BY id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return { checkedCount, problems: result.rows.map((row) => `account ${row.key} holds ${row.balance}`) };
    },
  },
  {
    name: "settled_escrow_is_empty",
    invariant: "I4",
    description: "a closed (posted or voided) escrow account holds zero",
    async run(db) {
      const checkedCount = await count(
        db,
        sql<{
          count: bigint;
        }>`SELECT count(*) AS count FROM ledger_accounts WHERE kind = 'escrow' AND settled_at IS NOT NULL`,
      );
      const result = await sql<{ key: string; balance: bigint }>`
        SELECT key, balance FROM ledger_accounts
        WHERE kind = 'escrow' AND settled_at IS NOT NULL AND balance <> 0
        ORDER BY id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return { checkedCount, problems: result.rows.map((row) => `settled escrow ${row.key} holds ${row.balance}`) };
    },
  },
  {
    name: "open_escrow_holds_its_amount",
    invariant: "I4",
    description: "an open escrow account holds exactly what its hold put there (nothing left it early)",
    async run(db) {
      const checkedCount = await count(
        db,
        sql<{
          count: bigint;
        }>`SELECT count(*) AS count FROM ledger_accounts WHERE kind = 'escrow' AND settled_at IS NULL`,
      );
      const result = await sql<{ key: string; balance: bigint; held: string }>`
        SELECT a.key, a.balance, coalesce(sum(e.amount) FILTER (WHERE t.kind = 'escrow_hold'), 0)::text AS held
        FROM ledger_accounts a
        LEFT JOIN ledger_entries e ON e.account_id = a.id
        LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE a.kind = 'escrow' AND a.settled_at IS NULL
        GROUP BY a.id, a.key, a.balance
        HAVING a.balance <> coalesce(sum(e.amount) FILTER (WHERE t.kind = 'escrow_hold'), 0)
        ORDER BY a.id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return {
        checkedCount,
        problems: result.rows.map((row) => `open escrow ${row.key} holds ${row.balance} but was held ${row.held}`),
      };
    },
  },
  {
    name: "fee_accounts_hold_posted_fees",
    invariant: "I1",
    description:
      "per currency, the fee accounts hold the fees that escrow posts paid out (trades and bids), minus refunds",
    async run(db) {
      // Posted: the fee-coded amounts escrow accounts paid out when a trade was released or a bid
      // collected. Refunded: what corrections of those posts took back out of the fee accounts. A
      // fee that went anywhere but a fee account, or money that reached a fee account any other
      // way, is drift.
      const result = await sql<{ currency_id: number; held: string; posted: string; refunded: string }>`
        WITH held AS (
          SELECT currency_id, sum(balance) AS total FROM ledger_accounts WHERE kind = 'fees' GROUP BY currency_id
        ), moved AS (
          SELECT e.currency_id,
            coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'escrow_post'), 0) AS posted,
            coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'reversal'), 0) AS refunded
          FROM ledger_entries e
          JOIN ledger_transfers t ON t.id = e.transfer_id
          JOIN ledger_accounts a ON a.id = e.account_id
          LEFT JOIN ledger_transfers reversed ON reversed.id = t.reverses_transfer_id
          WHERE (t.kind = 'escrow_post' AND a.kind = 'escrow' AND e.code = 'fee')
            OR (t.kind = 'reversal' AND reversed.kind = 'escrow_post' AND a.kind = 'fees')
          GROUP BY e.currency_id
        )
        SELECT coalesce(h.currency_id, m.currency_id) AS currency_id, coalesce(h.total, 0)::text AS held,
          coalesce(m.posted, 0)::text AS posted, coalesce(m.refunded, 0)::text AS refunded
        FROM held h FULL JOIN moved m ON m.currency_id = h.currency_id
        ORDER BY 1`.execute(db);
      return {
        checkedCount: result.rows.length,
        problems: result.rows
          .filter((row) => BigInt(row.held) !== BigInt(row.posted) - BigInt(row.refunded))
          .map(
            (row) =>
              `currency ${row.currency_id}: the fee accounts hold ${row.held}, but posted fees minus refunds are ${BigInt(row.posted) - BigInt(row.refunded)} (posted ${row.posted}, refunded ${row.refunded})`,
          ),
      };
    },
  },
  {
    name: "escrow_settles_at_most_once",
    invariant: "I5",
    description: "each trade's escrow is posted or voided at most once, and a closed escrow was settled exactly once",
    async run(db) {
      const checkedCount = await count(
        db,
        sql<{ count: bigint }>`SELECT count(*) AS count FROM ledger_accounts WHERE kind = 'escrow'`,
      );
      const twice = await sql<{ reference_id: string; settlements: bigint }>`
        SELECT reference_id, count(*) AS settlements FROM ledger_transfers
        WHERE kind IN ('escrow_post', 'escrow_void') AND reference_type = 'trade'
        GROUP BY reference_id HAVING count(*) > 1
        ORDER BY reference_id LIMIT ${MAX_PROBLEMS}`.execute(db);
      const unsettled = await sql<{ key: string }>`
        SELECT a.key FROM ledger_accounts a
        WHERE a.kind = 'escrow' AND a.settled_at IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM ledger_transfers t
          WHERE t.kind IN ('escrow_post', 'escrow_void') AND t.reference_type = a.reference_type
            AND t.reference_id = a.reference_id AND t.currency_id = a.currency_id)
        ORDER BY a.id LIMIT ${MAX_PROBLEMS}`.execute(db);
      return {
        checkedCount,
        problems: [
          ...twice.rows.map((row) => `trade ${row.reference_id} was settled ${row.settlements} times`),
          ...unsettled.rows.map((row) => `escrow ${row.key} is closed without a post or void`),
        ].slice(0, MAX_PROBLEMS),
      };
    },
  },
];

/**
 * Runs the ledger's own checks and `moduleChecks` (every module's `ledgerChecks`, from the
 * registry: AppDeps and the CLI context carry them) on one consistent snapshot. Without them only
 * the ledger's own invariants are proven.
 */
export async function verifyLedger(
  db: Db,
  moduleChecks: readonly LedgerInvariantCheck[] = [],
): Promise<LedgerVerifyReport> {
  const names = new Set<string>();
  for (const check of [...builtInChecks, ...moduleChecks]) {
    if (names.has(check.name)) throw new Error(`two ledger checks are named ${check.name}`);
    names.add(check.name);
  }
  const startedAt = performance.now();
  const checkedAt = new Date().toISOString();
  const checks = await db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (tx) => {
      const outcomes: LedgerCheck[] = [];
      for (const check of [...builtInChecks, ...moduleChecks]) {
        const outcome = await check.run(tx);
        outcomes.push({
          name: check.name,
          invariant: check.invariant,
          description: check.description,
          isOk: outcome.problems.length === 0,
          checkedCount: outcome.checkedCount,
          problems: outcome.problems.slice(0, MAX_PROBLEMS),
        });
      }
      return outcomes;
    });
  return {
    isOk: checks.every((check) => check.isOk),
    checkedAt,
    durationMs: Math.round(performance.now() - startedAt),
    checks,
  };
}

/** The report as lines for a terminal. */
export function formatVerifyReport(report: LedgerVerifyReport): string[] {
  const lines = [`ledger:verify at ${report.checkedAt} (${report.durationMs} ms)`];
  for (const check of report.checks) {
    lines.push(
      `  ${check.isOk ? "ok  " : "FAIL"} ${check.invariant.padEnd(3)} ${check.name.padEnd(42)} ${String(check.checkedCount).padStart(8)} checked: ${check.description}`,
    );
    for (const problem of check.problems) lines.push(`         - ${problem}`);
  }
  lines.push(report.isOk ? "no drift: every invariant holds" : "DRIFT: some invariants do not hold");
  return lines;
}
