import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOwnerBalances, verifyLedger } from "../../src/modules/ledger/index.ts";
import { ledgerChecks } from "../../src/modules/registry.ts";
import { createUser } from "../../src/modules/users/index.ts";
import { recordDeposit } from "../../src/modules/wallet/index.ts";
import { hashPassword, IDEMPOTENCY_STALE_AFTER_SECONDS } from "../../src/platform/index.ts";
import { brokenInvariants } from "../ledger-holds.ts";
import { CrashRig, eventually, HttpUser, sleep } from "./crash-rig.ts";

/**
 * Fault injection for the ledger (docs/reliability.md#i8-acknowledged-work-survives-a-crash, with
 * I7 and I1-I5). This harness starts its own
 * PostgreSQL (fsync on) and the real server as a child process, drives internal sends with
 * Idempotency-Keys between funded users over real HTTP, and meanwhile kills the server with
 * SIGKILL five times and stops PostgreSQL immediately (SIGQUIT to the postmaster) twice. Only
 * the PIDs it started are signalled. After every restart it runs ledger:verify and checks that
 * every acknowledged (2xx) send is in the ledger. At the end, sends whose outcome is unknown are
 * retried with their key, and every user's balance must equal the initial funding moved by
 * exactly the sends that took effect: a send applied twice, or an acknowledged one lost, shows.
 */

const USERS = 8;
const FUNDING_MINOR = 100_000_000n; // 1 BTC each
const PASSWORD = "Crash-test-password-1!";
const LOAD_MS = 2_500;
const FAULTS = ["server", "server", "postgres", "server", "server", "postgres", "server"] as const;
/** The platform frees an unfinished Idempotency-Key claim for a retry after this long (plus a second). */
const IDEMPOTENCY_STALE_MS = IDEMPOTENCY_STALE_AFTER_SECONDS * 1_000 + 1_000;

type Outcome = "pending" | "ok" | "failed" | "unknown";

interface SendOp {
  key: string;
  from: number;
  to: number;
  amountMinor: bigint;
  outcome: Outcome;
  status: number | null;
  transferId: string | null;
}

const rig = new CrashRig();
const users: HttpUser[] = [];
const db = () => rig.db;

// ---- load ----------------------------------------------------------------------------------

const ops: SendOp[] = [];
let isLoading = false;
// While the harness restarts the server, clients that found no server wait for it instead of
// spinning on refused connections (which would only slow the restart down).
let serverUp: Promise<void> = Promise.resolve();
let markServerUp: () => void = () => {};

function serverGoesDown(): void {
  serverUp = new Promise((resolve) => {
    markServerUp = resolve;
  });
}

async function sendOnce(user: HttpUser, op: SendOp): Promise<void> {
  const recipient = users[op.to];
  if (!recipient) throw new Error("no recipient");
  try {
    const response = await user.call(
      "POST",
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: formatSatoshi(op.amountMinor), username: recipient.username },
      { "idempotency-key": op.key },
    );
    op.status = response.status;
    if (response.status === 200) {
      op.outcome = "ok";
      op.transferId = String(response.json?.data?.transferId);
    } else if (response.status >= 400 && response.status < 500 && response.status !== 409) {
      op.outcome = "failed";
    } else if (
      response.status === 409 &&
      (response.json as { errors?: { code?: string } })?.errors?.code !== "ERROR_IDEMPOTENCY_IN_PROGRESS"
    ) {
      op.outcome = "failed";
    } else {
      op.outcome = "unknown";
    }
  } catch (error) {
    op.status = null;
    // Refused connection: no server was listening, so nothing can have been applied. Any other
    // missing answer (reset, timeout) may or may not have been applied.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    op.outcome = code === "ECONNREFUSED" ? "failed" : "unknown";
  }
}

function formatSatoshi(minor: bigint): string {
  return `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, "0")}`;
}

async function worker(index: number): Promise<void> {
  const user = users[index];
  if (!user) return;
  while (isLoading) {
    const to = (index + 1 + Math.floor(Math.random() * (USERS - 1))) % USERS;
    const op: SendOp = {
      key: randomUUID(),
      from: index,
      to,
      amountMinor: BigInt(1_000 + Math.floor(Math.random() * 49_000)),
      outcome: "pending",
      status: null,
      transferId: null,
    };
    ops.push(op);
    await sendOnce(user, op);
    if (op.status === null && op.outcome === "failed") await Promise.all([serverUp, sleep(100)]);
    else if (op.status === null || op.status >= 500) await sleep(200);
  }
}

// ---- checks --------------------------------------------------------------------------------

async function assertInvariants(when: string): Promise<void> {
  const report = await eventually(() => verifyLedger(db(), ledgerChecks));
  expect(brokenInvariants(report), `ledger invariants that do not hold ${when}`).toEqual([]);
}

/** Every acknowledged send is in the ledger, with its amount, from its sender to its recipient. */
async function assertAcknowledgedPresent(when: string): Promise<number> {
  const acknowledged = ops.filter((op) => op.outcome === "ok");
  const ids = acknowledged.map((op) => op.transferId ?? "0");
  const rows = await eventually(() =>
    sql<{ id: bigint; amount: bigint; owner_user_id: bigint }>`
      SELECT t.id, e.amount, a.owner_user_id FROM ledger_transfers t
      JOIN ledger_entries e ON e.transfer_id = t.id AND e.position = 1
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id = ANY(${ids}::bigint[])`.execute(db()),
  );
  const found = new Map(rows.rows.map((row) => [String(row.id), row]));
  for (const op of acknowledged) {
    const row = found.get(op.transferId ?? "");
    expect(row, `${when}: acknowledged send ${op.key} (transfer ${op.transferId}) is missing`).toBeDefined();
    expect(row?.amount).toBe(op.amountMinor);
    expect(Number(row?.owner_user_id)).toBe(users[op.to]?.id);
  }
  return acknowledged.length;
}

beforeAll(async () => {
  await rig.open("crash");
  const owner = rig.ownerHandle();
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < USERS; i += 1) {
    const username = `crash${i}_${randomUUID().slice(0, 6)}`;
    const created = await createUser(db(), {
      username,
      email: `${username}@example.com`,
      passwordHash,
      emailVerified: true,
    });
    await recordDeposit(db(), {
      username,
      amount: formatSatoshi(FUNDING_MINOR),
      cryptoCurrencyCode: "BTC",
      source: "cli",
    });
    users.push(new HttpUser(created.id, username, PASSWORD, () => rig.baseUrl));
  }
  // Verified accounts: the daily send limit of level 3 is far above what this load sends.
  await sql`UPDATE users SET kyc_level = 3`.execute(owner.db);
  await owner.close();
  await rig.startServer();
  for (const user of users) await user.logIn();
}, 180_000);

afterAll(async () => {
  isLoading = false;
  await rig.close();
}, 60_000);

describe("the ledger under crashes", () => {
  // About two minutes on a quiet machine (a 61 s wait included); the timeout leaves room for a busy one.
  it("keeps every invariant and every acknowledged send through 5 server kills and 2 PostgreSQL crashes", {
    timeout: 360_000,
  }, async () => {
    isLoading = true;
    const load = Promise.all(users.map((_, index) => worker(index)));
    let faults = { server: 0, postgres: 0 };
    try {
      for (const fault of FAULTS) {
        await sleep(LOAD_MS);
        if (fault === "server") {
          serverGoesDown();
          await rig.killServer();
          await rig.startServer();
          markServerUp();
          faults = { ...faults, server: faults.server + 1 };
        } else {
          await rig.crashPostgres();
          await sleep(500);
          await rig.startPostgres();
          faults = { ...faults, postgres: faults.postgres + 1 };
        }
        await rig.ensureServer();
        markServerUp();
        const when = `after ${fault} fault ${faults.server + faults.postgres}`;
        await assertInvariants(when);
        await assertAcknowledgedPresent(when);
      }
      await sleep(LOAD_MS);
    } finally {
      isLoading = false;
      markServerUp();
      await load;
    }
    expect(faults).toEqual({ server: 5, postgres: 2 });

    // Sends without an answer are retried with their key once the platform releases claims
    // left unfinished by the crashes.
    const acknowledgedFirstTime = ops.filter((op) => op.outcome === "ok").length;
    const unknown = ops.filter((op) => op.outcome === "unknown");
    if (unknown.length > 0) await sleep(IDEMPOTENCY_STALE_MS);
    const retriesStartedAt = new Date();
    for (const [index, user] of users.entries()) {
      const own = unknown.filter((op) => op.from === index);
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          for (const op of own.filter((_, i) => i % 4 === lane)) {
            await sendOnce(user, op);
            expect(op.outcome, `retry of ${op.key}: ${op.status}`).not.toBe("unknown");
          }
        }),
      );
    }

    await assertInvariants("at the end");
    const acknowledged = await assertAcknowledgedPresent("at the end");
    const transferIds = ops.filter((op) => op.outcome === "ok").map((op) => op.transferId);
    expect(new Set(transferIds).size, "two sends share a transfer").toBe(transferIds.length);

    // Single effect: each balance is the funding moved by exactly the sends that took effect.
    const expected = users.map(() => FUNDING_MINOR);
    for (const op of ops.filter((candidate) => candidate.outcome === "ok")) {
      expected[op.from] = (expected[op.from] ?? 0n) - op.amountMinor;
      expected[op.to] = (expected[op.to] ?? 0n) + op.amountMinor;
    }
    for (const [index, user] of users.entries()) {
      const owned = await getOwnerBalances(db(), user.id);
      const available = owned.find((row) => row.currencyId === 1 && row.kind === "available")?.balanceMinor ?? 0n;
      expect(available, `balance of ${user.username}`).toBe(expected[index]);
    }
    expect(acknowledged).toBeGreaterThan(100);
    // Retried sends whose transfer predates the retry had been applied before the crash: the
    // retry found them by the ledger's key instead of moving the money again.
    const retriedIds = unknown.filter((op) => op.outcome === "ok").map((op) => op.transferId ?? "0");
    const applied = await sql<{ count: bigint }>`
        SELECT count(*) AS count FROM ledger_transfers
        WHERE id = ANY(${retriedIds}::bigint[]) AND created_at < ${retriesStartedAt}`.execute(db());
    console.info(
      `crash test: ${ops.length} sends, ${acknowledgedFirstTime} acknowledged at once, ` +
        `${unknown.length} without an answer retried by key (${unknown.filter((op) => op.outcome === "ok").length} then acknowledged, ${applied.rows[0]?.count} of them ` +
        `already applied before the fault and answered from the ledger's key), ` +
        `${ops.filter((op) => op.outcome === "failed").length} refused or not delivered, ` +
        `${rig.unexpectedExits.length} server exit(s) not caused by the harness`,
    );
    for (const exit of rig.unexpectedExits) console.info(`unexpected server exit: ${exit}`);
    // Only the harness and failpoints end the server: PostgreSQL going away and coming back must not.
    expect(rig.unexpectedExits).toEqual([]);
  });
});
