import { randomBytes, randomUUID } from "node:crypto";
import type { WalletSendResult } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOwnerBalances, verifyLedger } from "../../src/modules/ledger/index.ts";
import { ledgerChecks } from "../../src/modules/registry.ts";
import { createUser } from "../../src/modules/users/index.ts";
import { broadcastPendingWithdrawals, recordDeposit, sendCrypto } from "../../src/modules/wallet/index.ts";
import { hashPassword, IDEMPOTENCY_STALE_AFTER_SECONDS } from "../../src/platform/index.ts";
import { brokenInvariants } from "../ledger-holds.ts";
import { cashSellOfferBody } from "../offer-bodies.ts";
import { CrashRig, eventually, type HttpAnswer, HttpUser, sleep } from "./crash-rig.ts";

/**
 * Fault injection beyond sends (docs/reliability.md#i5-escrow-settles-once,
 * docs/reliability.md#i8-acknowledged-work-survives-a-crash,
 * docs/reliability.md#i12-outside-effects-happen-once). The real server runs as a child
 * process on a PostgreSQL of this file's own; trades and withdrawals are driven over real HTTP.
 * - The server kills itself at named failpoints: just before a release or a cancel commits, and
 *   just after it committed (before the answer left); just after a withdrawal broadcast claimed
 *   its rows, and just after the chain accepted one (before the ledger recorded it).
 * - Under a load of whole trade lifecycles the server is killed (SIGKILL) and PostgreSQL stopped
 *   immediately (SIGQUIT to the postmaster); PostgreSQL is also stopped in the middle of a
 *   broadcast of many withdrawals.
 * After every fault: ledger:verify holds (every settled trade's escrow closed and settled once,
 * every open one holding its amount, fees, withdrawal holds), and every acknowledged command is
 * in the database. At the end, commands whose outcome is unknown are retried (a release with its
 * Idempotency-Key once the platform frees the key): each trade's escrow settled exactly once,
 * and each withdrawal reached the chain once, with one settlement, whatever crashed when.
 */

const PASSWORD = "Crash-test-password-1!";
const IDEMPOTENCY_STALE_MS = IDEMPOTENCY_STALE_AFTER_SECONDS * 1_000 + 1_000;
const LOAD_MS = 2_500;

type Command = "start" | "paid" | "release" | "cancel";

interface TradeCommand {
  trade: string;
  command: Command;
  key: string;
  by: HttpUser;
  answer: HttpAnswer;
}

const rig = new CrashRig();
let sellers: HttpUser[] = [];
let buyers: HttpUser[] = [];
let admin: HttpUser;
const offers = new Map<HttpUser, string>();
const commands: TradeCommand[] = [];
const trades = new Set<string>();

async function newUser(name: string, roles: ("user" | "admin")[] = ["user"]): Promise<HttpUser> {
  const username = `${name}_${randomUUID().slice(0, 6)}`;
  const created = await createUser(rig.db, {
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD),
    roles,
    emailVerified: true,
  });
  await recordDeposit(rig.db, { username, amount: "100000", cryptoCurrencyCode: "USDT", source: "cli" });
  return new HttpUser(created.id, username, PASSWORD, () => rig.baseUrl);
}

beforeAll(async () => {
  await rig.open("trade-crash");
  sellers = [await newUser("seller"), await newUser("seller")];
  buyers = [await newUser("buyer"), await newUser("buyer"), await newUser("buyer")];
  admin = await newUser("admin", ["user", "admin"]);
  const owner = rig.ownerHandle();
  // Verified traders: the start limits of lower levels are not what this file is about.
  await sql`UPDATE users SET kyc_level = 3, id_verified_at = now()`.execute(owner.db);
  await owner.close();
  await rig.startServer();
  for (const user of [...sellers, ...buyers, admin]) await user.logIn();
  for (const seller of sellers) {
    const response = await seller.call("POST", "/rest/v1/offers", cashSellOfferBody());
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    offers.set(seller, String(response.json?.data?.idHashed));
  }
}, 420_000);

afterAll(async () => {
  await rig.close();
}, 60_000);

// ---- trade commands over HTTP --------------------------------------------------------------

async function command(by: HttpUser, trade: string, name: Exclude<Command, "start">): Promise<TradeCommand> {
  const key = randomUUID();
  const answer = await by.attempt("POST", `/rest/v1/trade/${trade}/${name}`, {}, { "idempotency-key": key });
  const record = { trade, command: name, key, by, answer };
  commands.push(record);
  return record;
}

async function startTrade(buyer: HttpUser, seller: HttpUser, fiat = "20"): Promise<string | null> {
  const key = randomUUID();
  const answer = await buyer.attempt(
    "POST",
    "/rest/v1/trade",
    { offerId: offers.get(seller), fiatAmount: fiat },
    { "idempotency-key": key },
  );
  const id = answer.status === 200 ? String(answer.json?.data?.id) : null;
  if (id) {
    trades.add(id);
    commands.push({ trade: id, command: "start", key, by: buyer, answer });
  }
  return id;
}

/** Trades ready for the next step: started, and paid when `paid`. */
async function prepareTrades(
  count: number,
  paid: boolean,
): Promise<{ id: string; buyer: HttpUser; seller: HttpUser }[]> {
  const ready: { id: string; buyer: HttpUser; seller: HttpUser }[] = [];
  for (let i = 0; i < count; i += 1) {
    const buyer = buyers[i % buyers.length] as HttpUser;
    const seller = sellers[i % sellers.length] as HttpUser;
    const id = await startTrade(buyer, seller);
    if (!id) throw new Error("a trade did not start");
    if (paid) expect((await command(buyer, id, "paid")).answer.status).toBe(200);
    ready.push({ id, buyer, seller });
  }
  return ready;
}

// ---- checks ----------------------------------------------------------------------------------

async function assertLedgerHolds(when: string): Promise<void> {
  const report = await eventually(() => verifyLedger(rig.db, ledgerChecks));
  expect(brokenInvariants(report), `ledger invariants that do not hold ${when}`).toEqual([]);
}

async function statusesOf(ids: string[]): Promise<Map<string, string>> {
  const result = await eventually(() =>
    sql<{ id_hashed: string; status: string }>`
      SELECT id_hashed, status FROM trades WHERE id_hashed = ANY(${ids}::text[])`.execute(rig.db),
  );
  return new Map(result.rows.map((row) => [row.id_hashed, row.status]));
}

const TARGET: Record<Exclude<Command, "start">, string> = {
  paid: "paid",
  release: "released",
  cancel: "cancelled_buyer",
};

/** The state a command applies to. */
const PREREQUISITE: Record<Exclude<Command, "start">, string> = {
  paid: "active_funded",
  release: "paid",
  cancel: "active_funded",
};

/** Every acknowledged command is in the database, and each trade's escrow settled at most once. */
async function assertAcknowledgedPersisted(when: string): Promise<void> {
  const statuses = await statusesOf([...trades]);
  for (const record of commands) {
    if (record.command === "start" || record.answer.status !== 200) continue;
    const status = statuses.get(record.trade);
    // An acknowledged payment may since have been released.
    const accepted = record.command === "paid" ? ["paid", "released"] : [TARGET[record.command]];
    expect(accepted, `${when}: acknowledged ${record.command} of ${record.trade} is ${status}`).toContain(status);
  }
  const settlements = await eventually(() =>
    sql<{ id_hashed: string; status: string; n: number }>`
      SELECT t.id_hashed, t.status, count(l.id)::integer AS n
      FROM trades t LEFT JOIN ledger_transfers l
        ON l.reference_type = 'trade' AND l.reference_id = t.id::text AND l.kind IN ('escrow_post', 'escrow_void')
      GROUP BY t.id_hashed, t.status`.execute(rig.db),
  );
  for (const row of settlements.rows) {
    const isOpen = row.status === "active_funded" || row.status === "paid";
    expect(row.n, `${when}: trade ${row.id_hashed} (${row.status}) settled ${row.n} times`).toBe(isOpen ? 0 : 1);
  }
}

async function afterFault(when: string): Promise<void> {
  await rig.ensureServer();
  await assertLedgerHolds(when);
  await assertAcknowledgedPersisted(when);
}

// ---- the scenarios ---------------------------------------------------------------------------

const FAILPOINT_CASES = [
  { failpoint: "trade.release.before_commit", command: "release", isApplied: false },
  { failpoint: "trade.release.after_commit", command: "release", isApplied: true },
  { failpoint: "trade.cancel.before_commit", command: "cancel", isApplied: false },
  { failpoint: "trade.cancel.after_commit", command: "cancel", isApplied: true },
] as const;

describe("trades and withdrawals under crashes", () => {
  for (const fault of FAILPOINT_CASES) {
    it(`settles a ${fault.command} once when the server dies at ${fault.failpoint}`, { timeout: 420_000 }, async () => {
      const ready = await prepareTrades(3, fault.command === "release");
      await rig.killServer();
      await rig.startServer([fault.failpoint]);
      const sent = await Promise.all(
        ready.map(({ id, buyer, seller }) => command(fault.command === "release" ? seller : buyer, id, fault.command)),
      );
      expect(await rig.serverDeath(), "the failpoint killed the server").toBe("SIGKILL");
      // No command can be answered: each one passes the failpoint before its answer is sent.
      expect(sent.map((record) => record.answer.status)).toEqual(sent.map(() => null));
      await afterFault(`after ${fault.failpoint}`);
      const statuses = await statusesOf(ready.map((trade) => trade.id));
      const applied = sent.filter((record) => statuses.get(record.trade) === TARGET[fault.command]);
      if (fault.isApplied) {
        // The first command to commit killed the server; others may have committed beside it.
        expect(applied.length, "committed before the crash, so it persisted").toBeGreaterThan(0);
      } else {
        // Nothing commits without passing the failpoint first: every trade is as it was.
        expect(applied, "killed before its commit, so nothing of it persisted").toEqual([]);
        for (const { id } of ready) expect(statuses.get(id)).toBe(PREREQUISITE[fault.command]);
      }
    });
  }

  it("keeps every trade settled once through server kills and a PostgreSQL crash under load", {
    timeout: 600_000,
  }, async () => {
    let isLoading = true;
    const lifecycle = async (buyer: HttpUser, seller: HttpUser, index: number) => {
      while (isLoading) {
        const id = await startTrade(buyer, seller, String(10 + (index % 40)));
        if (!id) {
          await sleep(200);
          continue;
        }
        index += 1;
        if (index % 3 === 0) await command(buyer, id, "cancel");
        else if ((await command(buyer, id, "paid")).answer.status === 200) await command(seller, id, "release");
      }
    };
    const load = Promise.all(buyers.map((buyer, i) => lifecycle(buyer, sellers[i % sellers.length] as HttpUser, i)));
    try {
      for (const fault of ["server", "postgres", "server"] as const) {
        await sleep(LOAD_MS);
        if (fault === "server") {
          await rig.killServer();
          await rig.startServer();
        } else {
          await rig.crashPostgres();
          await sleep(500);
          await rig.startPostgres();
        }
        await afterFault(`after a ${fault} fault under load`);
      }
      await sleep(LOAD_MS);
    } finally {
      isLoading = false;
      await load;
    }
    await afterFault("after the load");
    expect(
      commands.filter((record) => record.command === "release" && record.answer.status === 200).length,
    ).toBeGreaterThan(5);
  });

  describe("withdrawal broadcasts", () => {
    const address = () => `0x${randomBytes(20).toString("hex")}`;

    async function balanceOf(user: HttpUser): Promise<string> {
      const balances = await getOwnerBalances(rig.db, user.id);
      return balances
        .map((row) => `${row.currencyId}/${row.kind}: ${row.balanceMinor}`)
        .sort()
        .join(", ");
    }

    async function withdraw(count: number): Promise<void> {
      for (let i = 0; i < count; i += 1) {
        const user = buyers[i % buyers.length] as HttpUser;
        const response = await user.call("POST", "/rest/v1/wallet/send", {
          cryptoCurrencyCode: "USDT",
          amount: String(10 + i),
          address: address(),
        });
        expect(response.status, JSON.stringify(response.json)).toBe(200);
      }
    }

    /** Finishes what a crash left (rows claimed by the dead process are taken over at once). */
    async function finishBroadcasts(): Promise<void> {
      await eventually(() => broadcastPendingWithdrawals(rig.db, { staleAfterSeconds: 0 }));
    }

    /** Each withdrawal reached the chain once, with the chain's txid, and settled once in the ledger. */
    async function assertBroadcastOnce(when: string): Promise<void> {
      const rows = await eventually(() =>
        sql<{
          id: string;
          state: string;
          txid: string | null;
          chain_txid: string | null;
          chain_amount: bigint | null;
          amount_minor: bigint;
          settlements: number;
        }>`
          SELECT w.id::text AS id, w.state, w.txid, c.txid AS chain_txid, c.amount_minor AS chain_amount, w.amount_minor,
            (SELECT count(*)::integer FROM ledger_transfers l
              WHERE l.reference_type = 'withdrawal' AND l.reference_id = w.id::text
                AND l.kind IN ('withdrawal_complete', 'withdrawal_void')) AS settlements
          FROM wallet_withdrawals w LEFT JOIN wallet_dev_chain_broadcasts c ON c.withdrawal_id = w.id`.execute(rig.db),
      );
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const row of rows.rows) {
        expect(row.state, `${when}: withdrawal ${row.id}`).toBe("completed");
        expect(row.settlements, `${when}: withdrawal ${row.id} settled ${row.settlements} times`).toBe(1);
        expect(row.chain_txid, `${when}: withdrawal ${row.id} on the chain`).not.toBeNull();
        expect(row.txid).toBe(row.chain_txid);
        expect(row.chain_amount).toBe(row.amount_minor);
      }
      await assertLedgerHolds(when);
    }

    for (const failpoint of ["withdrawal.broadcast.after_claim", "withdrawal.broadcast.after_send"]) {
      it(`sends each withdrawal once when the server dies at ${failpoint}`, { timeout: 420_000 }, async () => {
        // The withdrawals are written while no server runs, so that no broadcast job takes them
        // before the failpoint is armed. They go through the send route's own service, keyed.
        await rig.killServer();
        const sends: { user: HttpUser; key: string; body: Record<string, string>; result: WalletSendResult }[] = [];
        for (let i = 0; i < 4; i += 1) {
          const user = buyers[i % buyers.length] as HttpUser;
          const body = { cryptoCurrencyCode: "USDT", amount: String(10 + i), address: address() };
          const key = randomUUID();
          const result = await sendCrypto(rig.db, { userId: user.id, username: user.username }, body, key);
          sends.push({ user, key, body, result });
        }
        await rig.startServer([failpoint]);
        // The admin's broadcast (or the minute's job, whichever comes first) meets the failpoint.
        const answer = await admin.attempt("POST", "/rest/v1/admin/wallet/withdrawals/broadcast", {});
        expect(answer.status).toBeNull();
        expect(await rig.serverDeath(), "the failpoint killed the server").toBe("SIGKILL");
        const stuck = await sql<{ n: number; sent: number }>`
          SELECT count(*)::integer AS n, count(c.withdrawal_id)::integer AS sent
          FROM wallet_withdrawals w LEFT JOIN wallet_dev_chain_broadcasts c ON c.withdrawal_id = w.id
          WHERE w.state = 'broadcasting'`.execute(rig.db);
        expect(stuck.rows[0]?.n, "claimed rows wait for a retry").toBeGreaterThan(0);
        // After the claim nothing reached the chain; after the send the chain has it, the ledger not yet.
        if (failpoint.endsWith("after_claim")) expect(stuck.rows[0]?.sent).toBe(0);
        else expect(stuck.rows[0]?.sent).toBeGreaterThan(0);
        await rig.startServer();
        await finishBroadcasts();
        await assertBroadcastOnce(`after ${failpoint}`);
        // A client that never saw its answer sends again with the same key: the same withdrawal,
        // and no money moves again.
        for (const send of sends) {
          const before = await balanceOf(send.user);
          const retry = await send.user.call("POST", "/rest/v1/wallet/send", send.body, {
            "idempotency-key": send.key,
          });
          expect(retry.status, JSON.stringify(retry.json)).toBe(200);
          expect(retry.json?.data?.transferId).toBe(send.result.transferId);
          expect(retry.json?.data?.withdrawal?.id).toBe(send.result.withdrawal?.id);
          expect(await balanceOf(send.user)).toBe(before);
        }
        await assertBroadcastOnce(`after the retried sends (${failpoint})`);
      });
    }

    it("sends each withdrawal once when PostgreSQL stops in the middle of a broadcast", {
      timeout: 420_000,
    }, async () => {
      await rig.ensureServer();
      await withdraw(15);
      const broadcast = admin.attempt("POST", "/rest/v1/admin/wallet/withdrawals/broadcast", {});
      await sleep(30);
      await rig.crashPostgres();
      await broadcast;
      await sleep(500);
      await rig.startPostgres();
      await rig.ensureServer();
      await finishBroadcasts();
      await assertBroadcastOnce("after PostgreSQL stopped during a broadcast");
    });
  });

  it("answers every unanswered release and cancel on retry with its key, and each trade settled exactly once", {
    timeout: 420_000,
  }, async () => {
    await rig.ensureServer();
    // Releases and cancels move money and carry their Idempotency-Key. Those cut off without an
    // answer (or answered 5xx, which frees the key) are retried with the same key once the
    // platform takes the crashed request's key to be stale.
    const unknown = commands.filter(
      (record): record is TradeCommand & { command: "release" | "cancel" } =>
        (record.command === "release" || record.command === "cancel") &&
        (record.answer.status === null || record.answer.status >= 500),
    );
    expect(unknown.filter((record) => record.command === "release").length).toBeGreaterThan(0);
    expect(unknown.filter((record) => record.command === "cancel").length).toBeGreaterThan(0);
    await sleep(IDEMPOTENCY_STALE_MS);
    const statuses = await statusesOf([...trades]);
    const counts = { doneBefore: 0, doneNow: 0, refused: 0 };
    for (const record of unknown) {
      const before = statuses.get(record.trade);
      const route = `/rest/v1/trade/${record.trade}/${record.command}`;
      const headers = { "idempotency-key": record.key };
      const retry = await record.by.attempt("POST", route, {}, headers);
      const what = `retry of ${record.command} of ${record.trade} (was ${before}): ${JSON.stringify(retry.json)}`;
      if (before === TARGET[record.command] || before === PREREQUISITE[record.command]) {
        // Applied before the crash (answered as done from the trade's event) or applied now.
        expect(retry.status, what).toBe(200);
        expect(retry.json?.data?.status, what).toBe(TARGET[record.command]);
        if (before === TARGET[record.command]) counts.doneBefore += 1;
        else counts.doneNow += 1;
        // A third call with the key is the stored answer, replayed as it was.
        const replay = await record.by.attempt("POST", route, {}, headers);
        expect(replay.status, what).toBe(200);
        expect(replay.replayed, what).toBe(true);
        expect(replay.json, what).toEqual(retry.json);
        record.answer = retry;
      } else {
        // A release of a trade whose payment was never marked: refused, nothing moved.
        expect(retry.status, what).toBe(409);
        counts.refused += 1;
      }
    }
    expect(counts.doneBefore, "some retried commands had committed before their crash").toBeGreaterThan(0);
    await afterFault("after the retries");
    console.info(
      `trade crash test: ${trades.size} trades, ${commands.length} commands, ${unknown.length} releases and cancels ` +
        `without an answer retried by key (${counts.doneBefore} had committed before the crash, ${counts.doneNow} ` +
        `applied by the retry, ${counts.refused} refused), ${rig.killedExits} server kills (harness and failpoints), ` +
        `${rig.unexpectedExits.length} unexpected exits`,
    );
    for (const exit of rig.unexpectedExits) console.info(`unexpected server exit: ${exit}`);
    // Only the harness and failpoints end the server: PostgreSQL going away and coming back must not.
    expect(rig.unexpectedExits).toEqual([]);
  });
});
