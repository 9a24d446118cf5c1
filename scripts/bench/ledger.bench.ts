import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import type pg from "pg";
import { accounts, transfer, verifyLedger, withLedgerTx } from "../../apps/server/src/modules/ledger/index.ts";
import { ledgerChecks } from "../../apps/server/src/modules/registry.ts";
import { type BenchDatabase, startBenchDatabase } from "./bench-database.ts";
import type { Bench, BenchOptions } from "./run.ts";

/**
 * Transfers per second through the ledger's one money-moving function, beside the same work
 * written by hand as the least SQL that could do it, on the same database in the same run.
 *
 * Work item: an internal transfer of 1 unit between two random users out of many (so clients
 * rarely wait on each other's rows), one transaction each.
 *
 * - service: withLedgerTx(db, tx => transfer(tx, ...)): insert the transfer with its idempotency
 *   key and request hash, lock both accounts in id order, check the overdraft in code, write both
 *   entries and both balances in one statement, commit (the deferred balance trigger runs).
 * - raw SQL: BEGIN; INSERT the transfer; INSERT both entries; UPDATE the debited account
 *   WHERE balance >= amount; UPDATE the credited account (in id order); COMMIT. Same tables,
 *   same constraints and trigger, same role: no idempotency lookup, no hash, no lock-then-check.
 */

const USERS = 2_000;
const CURRENCY_ID = 1;
const CLIENTS = [1, 4, 16];

interface Cell {
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
}

interface Sample {
  latencies: number[];
  elapsedSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function randomPair(): [number, number] {
  const a = Math.floor(Math.random() * USERS);
  let b = Math.floor(Math.random() * (USERS - 1));
  if (b >= a) b += 1;
  return [a, b];
}

async function sample(clients: number, seconds: number, work: () => Promise<void>): Promise<Sample> {
  const latencies: number[] = [];
  const endAt = performance.now() + seconds * 1_000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < endAt) {
        const t0 = performance.now();
        await work();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedSeconds: (performance.now() - startedAt) / 1_000 };
}

function combine(samples: Sample[]): Cell {
  const latencies = samples.flatMap((one) => one.latencies).sort((a, b) => a - b);
  const elapsed = samples.reduce((sum, one) => sum + one.elapsedSeconds, 0);
  return {
    transfersPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    count: latencies.length,
  };
}

/**
 * Both paths in alternating slices (raw, service, service, raw, ...) so that a disk hiccup or a
 * checkpoint lands on both rather than on whichever ran during it.
 */
async function measurePair(
  clients: number,
  seconds: number,
  service: () => Promise<void>,
  raw: () => Promise<void>,
): Promise<{ service: Cell; raw: Cell }> {
  const slices = 4;
  const serviceSamples: Sample[] = [];
  const rawSamples: Sample[] = [];
  for (let slice = 0; slice < slices; slice += 1) {
    const order = slice % 2 === 0 ? (["raw", "service"] as const) : (["service", "raw"] as const);
    for (const which of order) {
      if (which === "raw") rawSamples.push(await sample(clients, seconds / slices, raw));
      else serviceSamples.push(await sample(clients, seconds / slices, service));
    }
  }
  return { service: combine(serviceSamples), raw: combine(rawSamples) };
}

async function seedUsers(bench: BenchDatabase): Promise<{ userIds: number[]; accountIds: bigint[] }> {
  const names = Array.from({ length: USERS }, (_, i) => `bench${i}_${randomBytes(3).toString("hex")}`);
  const inserted = await sql<{ id: bigint }>`
    INSERT INTO users (username, email, password_hash, referral_code)
    SELECT n, n || '@bench.invalid', 'not-a-hash', upper(n) FROM unnest(${names}::text[]) AS n
    RETURNING id`.execute(bench.app.db);
  const userIds = inserted.rows.map((row) => Number(row.id));
  // Funding goes through the ledger like any deposit (world -> available).
  for (const userId of userIds) {
    await withLedgerTx(bench.app.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `bench-fund:${userId}`,
        kind: "deposit",
        currencyId: CURRENCY_ID,
        legs: [{ from: accounts.world(), to: accounts.available(userId), amountMinor: 1_000_000_000n }],
      }),
    );
  }
  const keys = userIds.map((id) => `available:u${id}:c${CURRENCY_ID}`);
  const found = await sql<{ key: string; id: bigint }>`
    SELECT key, id FROM ledger_accounts WHERE key = ANY(${keys}::text[])`.execute(bench.app.db);
  const idByKey = new Map(found.rows.map((row) => [row.key, row.id]));
  return { userIds, accountIds: keys.map((key) => idByKey.get(key) ?? 0n) };
}

async function rawTransfer(pool: pg.Pool, debit: bigint, credit: bigint, amount: bigint): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const inserted = await client.query<{ id: string }>(
      "INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency_id) VALUES ($1, '-', 'internal_transfer', $2) RETURNING id",
      [`raw:${randomBytes(12).toString("hex")}`, CURRENCY_ID],
    );
    const transferId = inserted.rows[0]?.id;
    await client.query(
      `INSERT INTO ledger_entries (transfer_id, position, account_id, currency_id, amount, code)
       VALUES ($1, 0, $2, $4, -$5::bigint, 'principal'), ($1, 1, $3, $4, $5::bigint, 'principal')`,
      [transferId, debit, credit, CURRENCY_ID, amount],
    );
    // Row locks in id order, as the service takes them: no deadlock between clients.
    const [first, second] = debit < credit ? [debit, credit] : [credit, debit];
    for (const id of [first, second]) {
      if (id === debit) {
        const result = await client.query(
          "UPDATE ledger_accounts SET balance = balance - $2 WHERE id = $1 AND balance >= $2",
          [id, amount],
        );
        if (result.rowCount !== 1) throw new Error("insufficient balance");
      } else {
        await client.query("UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1", [id, amount]);
      }
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function formatRate(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

export const ledgerBench: Bench = {
  name: "ledger",
  description: "transfers per second through the ledger service vs hand-written SQL",
  async run(options: BenchOptions) {
    const seconds = options.seconds ?? 5;
    const maxClients = Math.max(...CLIENTS);
    const bench = await startBenchDatabase(maxClients + 2);
    try {
      options.print(
        `ledger bench: starting a private PostgreSQL and funding ${USERS.toLocaleString("en-US")} users...`,
      );
      const { userIds, accountIds } = await seedUsers(bench);
      const serviceWork = async () => {
        const [a, b] = randomPair();
        await withLedgerTx(bench.app.db, (tx) =>
          transfer(tx, {
            idempotencyKey: `bench:${randomBytes(12).toString("hex")}`,
            kind: "internal_transfer",
            currencyId: CURRENCY_ID,
            legs: [{ from: accounts.available(userIds[a]!), to: accounts.available(userIds[b]!), amountMinor: 1n }],
          }),
        );
      };
      const rawWork = async () => {
        const [a, b] = randomPair();
        await rawTransfer(bench.rawPool, accountIds[a]!, accountIds[b]!, 1n);
      };
      // Warm both paths (connections, plans, caches) before measuring.
      await measurePair(4, 2, serviceWork, rawWork);
      const rows: { clients: number; service: Cell; raw: Cell }[] = [];
      for (const clients of CLIENTS)
        rows.push({ clients, ...(await measurePair(clients, seconds, serviceWork, rawWork)) });
      const report = await verifyLedger(bench.app.db, ledgerChecks);

      const s = bench.settings;
      options.print("");
      options.print(
        `ledger bench: internal transfers of 1 unit between random pairs of ${USERS.toLocaleString("en-US")} users, one transaction each, ` +
          `${seconds} s per cell in 4 alternating slices`,
      );
      options.print(
        `PostgreSQL ${s.server_version} (embedded, private temp cluster): fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, ` +
          `full_page_writes=${s.full_page_writes}, shared_buffers=${s.shared_buffers}, wal_level=${s.wal_level}`,
      );
      options.print(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
      options.print("");
      const header = ["clients", "service tx/s", "raw SQL tx/s", "service/raw", "service p50/p99 ms", "raw p50/p99 ms"];
      const table = rows.map((row) => [
        String(row.clients),
        formatRate(row.service.transfersPerSecond),
        formatRate(row.raw.transfersPerSecond),
        `${Math.round((100 * row.service.transfersPerSecond) / row.raw.transfersPerSecond)} %`,
        `${row.service.p50Ms.toFixed(2)} / ${row.service.p99Ms.toFixed(2)}`,
        `${row.raw.p50Ms.toFixed(2)} / ${row.raw.p99Ms.toFixed(2)}`,
      ]);
      const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i]?.length ?? 0)));
      const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join(" | ")} |`;
      options.print(line(header));
      options.print(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
      for (const cells of table) options.print(line(cells));
      options.print("");
      const worst = Math.min(...rows.map((row) => row.service.transfersPerSecond / row.raw.transfersPerSecond));
      options.print(
        `goal: service >= 60 % of raw SQL at every client count: ${worst >= 0.6 ? "met" : "NOT met"} (lowest ${Math.round(worst * 100)} %)`,
      );
      options.print(`ledger:verify after the run: ${report.isOk ? "every invariant holds" : "DRIFT"}`);
      if (!report.isOk) process.exitCode = 1;
    } finally {
      await bench.close();
    }
  },
};
