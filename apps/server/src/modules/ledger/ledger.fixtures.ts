import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import type { Db } from "../../db/pool.ts";
import { DomainError } from "../../platform/index.ts";
import { accounts } from "./ledger.domain.ts";
import { LedgerUsageError } from "./ledger.errors.ts";
import { holdEscrow, transfer, withLedgerTx } from "./ledger.service.ts";

/**
 * Test helpers of the ledger (imported by its tests only). Users are inserted with one SQL
 * statement rather than signed up: the ledger needs their ids, not their passwords, and property
 * tests create thousands.
 */

/**
 * Starts the file's test app before its tests and hands it over; after them, whatever the tests
 * did, the ledger must still reconcile (I3), then the app closes.
 */
export function onLedgerTestApp(use: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app);
  });
  afterAll(async () => {
    if (!app) return;
    await expectLedgerHolds(app.ownerDb);
    await app.close();
  });
}

/**
 * How a ledger call ended, as one word to compare: "none" when it succeeded, the domain error's
 * code, "usage:" and the message for a caller's mistake, "raw:" and PostgreSQL's code otherwise.
 */
export async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    if (error instanceof LedgerUsageError) return `usage:${error.message}`;
    return `raw:${(error as { code?: string }).code ?? (error as Error).message}`;
  }
  return "none";
}

let sequence = 0;

export async function insertUsers(db: Db, count: number, prefix = "lg"): Promise<number[]> {
  const names = Array.from({ length: count }, () => {
    sequence += 1;
    return `${prefix}${sequence}_${randomBytes(4).toString("hex")}`;
  });
  const result = await sql<{ id: bigint }>`
    INSERT INTO users (username, email, password_hash, referral_code)
    SELECT n, n || '@example.com', 'not-a-hash', upper(n)
    FROM unnest(${names}::text[]) AS n
    RETURNING id`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** Credits a user's available balance from the world account, as a confirmed deposit would. */
export async function fund(db: Db, userId: number, currencyId: number, amountMinor: bigint): Promise<bigint> {
  const result = await withLedgerTx(db, (tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${randomBytes(12).toString("hex")}`,
      kind: "deposit",
      currencyId,
      legs: [{ from: accounts.world(), to: accounts.available(userId), amountMinor }],
    }),
  );
  return result.transferId;
}

export async function balanceOf(db: Db, key: string): Promise<bigint> {
  const result = await sql<{ balance: bigint }>`SELECT balance FROM ledger_accounts WHERE key = ${key}`.execute(db);
  return result.rows[0]?.balance ?? 0n;
}

export const availableKey = (userId: number, currencyId: number) => `available:u${userId}:c${currencyId}`;
export const escrowKey = (tradeId: string | number, currencyId: number) => `escrow:trade:${tradeId}:c${currencyId}`;

let tradeSequence = 0;
/** A trade id unique within the test run (trades do not exist yet; the ledger only needs ids). */
export function newTradeId(): string {
  tradeSequence += 1;
  return `${Date.now().toString(36)}${tradeSequence}${randomBytes(2).toString("hex")}`;
}

/**
 * A fresh trade's escrow, held: its seller funded with 1,000 minor units of BTC (currency 1), 500
 * of them and a fee of 5 held for the trade; its buyer holds nothing.
 */
export async function heldEscrow(db: Db) {
  const [seller = 0, buyer = 0] = await insertUsers(db, 2);
  await fund(db, seller, 1, 1_000n);
  const tradeId = newTradeId();
  const amounts = { tradeId, currencyCode: "BTC", amountMinor: 500n, feeMinor: 5n };
  await withLedgerTx(db, (tx) => holdEscrow(tx, { ...amounts, sellerId: seller }));
  return { seller, buyer, tradeId, amounts };
}
