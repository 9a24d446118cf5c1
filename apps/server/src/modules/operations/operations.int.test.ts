import { sql } from "kysely";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jobContextOf, type TestApp } from "../../../test/harness.ts";
import { createTrader, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { withTx } from "../../db/pool.ts";
import type { CliCommand, JobQueue } from "../../platform/index.ts";
import { ledgerModule } from "../ledger/index.ts";
import { deliverPendingMail, queueMail } from "../mail/index.ts";
import { ledgerChecks } from "../registry.ts";

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let boss: PgBoss | undefined;

function ledgerVerify(): CliCommand {
  const command = ledgerModule.commands?.find((item) => item.name === "ledger:verify");
  if (!command) throw new Error("the ledger module has no ledger:verify command");
  return command;
}
const noJobs = { sendAfterCommit: () => {} } as unknown as JobQueue;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  [admin, moderator] = await Promise.all([
    createTrader(t, { roles: ["user", "admin"] }),
    createTrader(t, { roles: ["user", "moderator"] }),
  ]);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t.close();
});

const readHealth = async (user: TestUser = moderator) => {
  const answer = await user.client.get("/rest/v1/admin/health");
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe("GET /rest/v1/admin/health", () => {
  it("answers a fresh system: never verified, no jobs, no failures, no maintenance", async () => {
    expect(await readHealth()).toEqual({
      ledger: { lastRun: null },
      jobs: { waiting: 0, active: 0, oldestWaitingSince: null },
      deliveries: { mailFailures: 0, webhookFailures: 0 },
      maintenance: { isOn: false, message: "" },
    });
  });

  it("is refused to a user who is not staff", async () => {
    const user = await createTrader(t);
    const answer = await user.client.get("/rest/v1/admin/health");
    expect([answer.status, answer.body.errors.code]).toEqual([403, "ERROR_FORBIDDEN"]);
  });

  it("shows the last ledger:verify, whoever ran it: the CLI, an admin, the daily job", async () => {
    const context = { config: t.config, db: t.db, print: () => {}, ledgerChecks };
    expect(await ledgerVerify().run([], context)).toBe(0);
    const afterCli = (await readHealth()).ledger.lastRun;
    expect(afterCli).toMatchObject({ source: "cli", isOk: true, failedChecks: [] });

    expect((await admin.client.get("/rest/v1/admin/ledger/verify")).status).toBe(200);
    const afterAdmin = (await readHealth()).ledger.lastRun;
    expect(afterAdmin.source).toBe("admin");
    expect(Date.parse(afterAdmin.checkedAt)).toBeGreaterThanOrEqual(Date.parse(afterCli.checkedAt));

    const daily = ledgerModule.jobs?.find((job) => job.name === "ledger.verify-daily");
    expect(daily?.schedule).toBeDefined();
    await daily?.handler({}, jobContextOf(t, { ledgerChecks }));
    expect((await readHealth()).ledger.lastRun).toMatchObject({ source: "job", isOk: true });
  });

  it("names the failed checks of a run that found drift", async () => {
    const failing = {
      name: "matrix_drift",
      invariant: "I1",
      description: "a check that always finds drift",
      run: async () => ({ checkedCount: 1, problems: ["drift for the test"] }),
    };
    const context = { config: t.config, db: t.db, print: () => {}, ledgerChecks: [...ledgerChecks, failing] };
    expect(await ledgerVerify().run([], context)).toBe(1);
    expect((await readHealth()).ledger.lastRun).toMatchObject({
      source: "cli",
      isOk: false,
      failedChecks: ["matrix_drift"],
    });
  });

  it("counts the mail that failed in the last 24 hours, not older failures nor delivered mail", async () => {
    const queue = (to: string) =>
      withTx(t.db, (tx) => queueMail(tx, noJobs, { to, template: "email-code", locale: "en", vars: { code: "1" } }));
    // What the sign-ups queued is kept in the outbox (no transport): held, not failed.
    await deliverPendingMail(t.db, { ...t.config, SMTP_URL: undefined });
    await queue("first@example.test");
    await queue("second@example.test");
    // Nothing listens on port 1: the first attempt fails, the mail waits for another try, and the
    // run stops there (the transport is in trouble).
    await deliverPendingMail(t.db, { ...t.config, SMTP_URL: "smtp://127.0.0.1:1" });
    expect((await readHealth()).deliveries.mailFailures).toBe(1);
    await sql`UPDATE mail_outbox SET status = 'failed', attempts = 5, created_at = ${new Date(Date.now() - 2 * DAY_MS)}
      WHERE to_address = 'second@example.test'`.execute(t.ownerDb);
    await sql`UPDATE mail_outbox SET status = 'failed', attempts = 5 WHERE to_address = 'first@example.test'`.execute(
      t.ownerDb,
    );
    expect((await readHealth()).deliveries.mailFailures).toBe(1);
  });

  it("counts failed webhook deliveries of both logs in the last 24 hours", async () => {
    const owner = await createTrader(t);
    await sql`INSERT INTO account_webhooks (user_id, url, status) VALUES (${owner.id}, 'https://hooks.example.test/a', 'enabled')`.execute(
      t.ownerDb,
    );
    const account = (key: string, state: string, attempts: number, createdAt = new Date()) =>
      sql`INSERT INTO account_webhook_deliveries (user_id, message_id, event, event_key, body, state, attempts, created_at)
        VALUES (${owner.id}, ${`msg_${key}`}, 'trade.started', ${key}, '{}', ${state}, ${attempts}, ${createdAt})`.execute(
        t.ownerDb,
      );
    await account("given-up", "failed", 8);
    await account("retrying", "pending", 2);
    await account("waiting", "pending", 0);
    await account("delivered", "delivered", 1);
    await account("old", "failed", 8, new Date(Date.now() - 2 * DAY_MS));
    await sql`INSERT INTO webhook_deliveries (format, user_id, event_type, event_key, url, body, state, attempts)
      VALUES ('paxful', ${owner.id}, 'trade.started', 'pax-1', 'https://hooks.example.test/p', '{}', 'failed', 8)`.execute(
      t.ownerDb,
    );
    expect((await readHealth()).deliveries.webhookFailures).toBe(3);
  });

  it("shows maintenance as stored, with the operator's message", async () => {
    const on = await admin.client.put("/rest/v1/admin/site/maintenance", { isOn: true, message: "Back at 14:00" });
    expect(on.status).toBe(200);
    expect((await readHealth()).maintenance).toEqual({ isOn: true, message: "Back at 14:00" });
    expect((await admin.client.put("/rest/v1/admin/site/maintenance", { isOn: false })).status).toBe(200);
    expect((await readHealth()).maintenance.isOn).toBe(false);
  });

  it("counts the jobs due and waiting, and since when the oldest waits", async () => {
    boss = new PgBoss({ connectionString: t.databaseUrl, schedule: false, supervise: false });
    await boss.start();
    await boss.createQueue("operations.health-test");
    const dueSince = new Date(Date.now() - 60 * 60 * 1000);
    await boss.send("operations.health-test", {}, { startAfter: dueSince });
    await boss.send("operations.health-test", {}, {});
    // Not due yet: it is not waiting.
    await boss.send("operations.health-test", {}, { startAfter: new Date(Date.now() + DAY_MS) });
    const { jobs } = await readHealth();
    expect(jobs.waiting).toBe(2);
    expect(jobs.active).toBe(0);
    expect(Date.parse(jobs.oldestWaitingSince)).toBe(dueSince.getTime());
  });
});
