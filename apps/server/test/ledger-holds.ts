import type { LedgerVerifyReport } from "@souk/contracts";
import { expect } from "vitest";
import type { Db } from "../src/db/pool.ts";
import { verifyLedger } from "../src/modules/ledger/index.ts";
import { ledgerChecks } from "../src/modules/registry.ts";

/**
 * The checks of a ledger:verify report that failed, one line each with the invariant, the check's
 * name and what it found ("I5 settled_trades_paid_their_fees: trade 12 paid 0 of its fee 2000"),
 * so a failing test says which promise broke instead of printing opaque objects.
 */
export function brokenInvariants(report: LedgerVerifyReport): string[] {
  return report.checks
    .filter((check) => !check.isOk)
    .map((check) => `${check.invariant} ${check.name}: ${check.problems.join("; ")}`);
}

/** Runs every ledger check (the ledger's own and each module's) and fails naming the broken ones. */
export async function expectLedgerHolds(db: Db, when = "at this point"): Promise<void> {
  const report = await verifyLedger(db, ledgerChecks);
  expect(brokenInvariants(report), `ledger invariants that do not hold ${when}`).toEqual([]);
}
