import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.ts";
import { createTrader, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade } from "../../../test/trade-scenario.ts";
import { auditModule } from "../audit/index.ts";
import { restrictCommand, unrestrictCommand } from "./user-admin.commands.ts";
import { liftExpiredRestrictions } from "./user-admin.service.ts";

let t: TestApp;
let supermod: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [supermod, admin] = await Promise.all([
    createTrader(t, { roles: ["user", "supermod"] }),
    createTrader(t, { roles: ["user", "admin"] }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function auditRowsAbout(username: string): Promise<{ action: string; actor_kind: string; reason: string }[]> {
  const { rows } = await sql<{ action: string; actor_kind: string; reason: string }>`SELECT action, actor_kind, reason
    FROM audit_log WHERE subject_type = 'user' AND subject_id = ${username} ORDER BY id`.execute(t.ownerDb);
  return rows;
}

const restrict = (staff: TestUser, username: string, body: Record<string, unknown>) =>
  staff.client.post(`/rest/v1/admin/users/${username}/restrictions`, body);

describe("restricting an account", () => {
  it("freezes with a reason: the flag, the restriction and exactly one audit row, in one transaction", async () => {
    const user = await createTrader(t);
    const frozen = await restrict(supermod, user.username, { kind: "frozen", reason: "Chargeback under review" });
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({
      username: user.username,
      restrictions: ["frozen"],
      activeRestrictions: [{ kind: "frozen", reason: "Chargeback under review", createdBy: supermod.username }],
    });
    expect(await auditRowsAbout(user.username)).toEqual([
      { action: "user.restrict", actor_kind: "user", reason: "Chargeback under review" },
    ]);
    const wallet = await user.client.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "USDT", amount: "1", username: supermod.username },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(wallet.body.errors?.code).toBe("ERROR_USER_RESTRICTED");
  });

  it("refuses oneself, an equal or higher role, a past expiry and a second time, writing no audit row", async () => {
    const user = await createTrader(t);
    const otherSupermod = await createTrader(t, { roles: ["user", "supermod"] });
    const self = await restrict(supermod, supermod.username, { kind: "frozen", reason: "Testing myself" });
    expect([self.status, self.body.errors.code]).toEqual([403, "ERROR_STAFF_ACTION_ON_SELF"]);
    for (const higher of [admin, otherSupermod]) {
      const refused = await restrict(supermod, higher.username, { kind: "frozen", reason: "Above my rank" });
      expect([refused.status, refused.body.errors.code]).toEqual([403, "ERROR_STAFF_ACTION_ON_HIGHER_ROLE"]);
    }
    const past = await restrict(supermod, user.username, {
      kind: "suspended",
      reason: "Too late",
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect([past.status, past.body.errors.details]).toEqual([422, { until: ["until_in_past"] }]);
    const missingReason = await restrict(supermod, user.username, { kind: "suspended" });
    expect(missingReason.status).toBe(422);
    const unknownKind = await restrict(supermod, user.username, { kind: "exiled", reason: "No such kind" });
    expect(unknownKind.status).toBe(422);
    expect((await restrict(supermod, user.username, { kind: "on_hold", reason: "First hold" })).status).toBe(200);
    const twice = await restrict(admin, user.username, { kind: "on_hold", reason: "Second hold" });
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_ALREADY_RESTRICTED"]);
    for (const name of [supermod.username, admin.username, otherSupermod.username]) {
      expect(await auditRowsAbout(name)).toEqual([]);
    }
    expect(await auditRowsAbout(user.username)).toHaveLength(1);
  });

  it("takes effect once when two staff restrict the same account at once", async () => {
    const user = await createTrader(t);
    const answers = await Promise.all([
      restrict(supermod, user.username, { kind: "suspended", reason: "Race one" }),
      restrict(admin, user.username, { kind: "suspended", reason: "Race two" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditRowsAbout(user.username)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_restrictions
      WHERE user_id = ${user.id}`.execute(t.ownerDb);
    expect(rows[0]!.n).toBe(1);
  });

  it("refuses a closed account", async () => {
    const user = await createTrader(t);
    await sql`UPDATE users SET closed_at = now() WHERE id = ${user.id}`.execute(t.ownerDb);
    const refused = await restrict(admin, user.username, { kind: "banned", reason: "Closed already" });
    expect([refused.status, refused.body.errors.code]).toEqual([409, "ERROR_STAFF_ACTION_ON_CLOSED_ACCOUNT"]);
    expect(await auditRowsAbout(user.username)).toEqual([]);
  });

  it("bans: log-in is refused and the open session answers 403; lifting lets them back", async () => {
    const user = await createTrader(t);
    expect((await restrict(admin, user.username, { kind: "banned", reason: "Fraud ring" })).status).toBe(200);
    expect((await user.client.get("/rest/v1/users/current_user")).status).toBe(403);
    const login = await t.client().post("/rest/v1/auth/login", { login: user.username, password: TEST_PASSWORD });
    expect([login.status, login.body.errors.code]).toEqual([403, "ERROR_ACCOUNT_BANNED"]);

    const lifted = await admin.client.post(`/rest/v1/admin/users/${user.username}/restrictions/banned/lift`, {
      reason: "Cleared on appeal",
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ restrictions: [], activeRestrictions: [] });
    expect((await user.client.get("/rest/v1/users/current_user")).status).toBe(200);
    const again = await admin.client.post(`/rest/v1/admin/users/${user.username}/restrictions/banned/lift`, {});
    expect([again.status, again.body.errors.code]).toEqual([409, "ERROR_NOT_RESTRICTED"]);
    expect(await auditRowsAbout(user.username)).toEqual([
      { action: "user.restrict", actor_kind: "user", reason: "Fraud ring" },
      { action: "user.unrestrict", actor_kind: "user", reason: "Cleared on appeal" },
    ]);
  });

  it("lifts a restriction at its expiry through the job, audited as the job", async () => {
    const user = await createTrader(t);
    const until = new Date(Date.now() + 3_600_000);
    const body = { kind: "suspended", reason: "Cooling off", until: until.toISOString() };
    expect((await restrict(supermod, user.username, body)).status).toBe(200);
    expect(await liftExpiredRestrictions(t.db, new Date(until.getTime() - 1000))).toBe(0);
    expect(await liftExpiredRestrictions(t.db, new Date(until.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const page = await supermod.client.get(`/rest/v1/admin/users/${user.username}`);
    expect(page.body.data).toMatchObject({ restrictions: [], activeRestrictions: [] });
    expect(await auditRowsAbout(user.username)).toEqual([
      { action: "user.restrict", actor_kind: "user", reason: "Cooling off" },
      { action: "user.unrestrict", actor_kind: "job", reason: "expired" },
    ]);
  });

  it("a frozen seller's open trade cannot be released", async () => {
    const cast = await castForTrades(t);
    const tradeId = await openTrade(cast, "10");
    expect((await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/paid`)).status).toBe(200);
    expect((await restrict(admin, cast.seller.username, { kind: "frozen", reason: "Funds frozen" })).status).toBe(200);
    const release = await cast.seller.client.post(
      `/rest/v1/trade/${tradeId}/release`,
      {},
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect([release.status, release.body.errors.code]).toEqual([403, "ERROR_USER_RESTRICTED"]);
    const { rows } = await sql<{ status: string }>`SELECT status FROM trades WHERE id_hashed = ${tradeId}`.execute(
      t.ownerDb,
    );
    expect(rows[0]!.status).toBe("paid");
  });
});

describe("roles", () => {
  it("an admin grants and revokes a staff role, one audit row each; supermods may not", async () => {
    const user = await createTrader(t);
    const bySupermod = await supermod.client.post(`/rest/v1/admin/users/${user.username}/roles`, {
      role: "moderator",
      reason: "Helping out",
    });
    expect(bySupermod.status).toBe(403);
    const granted = await admin.client.post(`/rest/v1/admin/users/${user.username}/roles`, {
      role: "moderator",
      reason: "Joins the team",
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data.roles).toContain("moderator");
    const twice = await admin.client.post(`/rest/v1/admin/users/${user.username}/roles`, {
      role: "moderator",
      reason: "Joins the team",
    });
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_ROLE_UNCHANGED"]);
    const revoked = await admin.client.post(`/rest/v1/admin/users/${user.username}/roles/moderator/revoke`, {
      reason: "Left the team",
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.roles).not.toContain("moderator");
    expect((await auditRowsAbout(user.username)).map((row) => row.action)).toEqual(["role.grant", "role.revoke"]);
  });
});

describe("the audit log", () => {
  it("is append-only for the application role", async () => {
    await expect(sql`UPDATE audit_log SET reason = 'changed'`.execute(t.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/permission denied/);
  });

  it("records an admin's dev-chain deposit and is searchable by supermods and admins only", async () => {
    const user = await createTrader(t);
    const deposit = await admin.client.post("/rest/v1/admin/wallet/deposits", {
      username: user.username,
      amount: "5",
      cryptoCurrencyCode: "USDT",
    });
    expect(deposit.status).toBe(200);
    const found = await supermod.client.get(`/rest/v1/admin/audit?q=${user.username}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      expect.objectContaining({ action: "deposit.record", actorUsername: admin.username, subjectId: user.username }),
    ]);
    expect(found.body.meta.total).toBe(1);
    const moderator = await createTrader(t, { roles: ["user", "moderator"] });
    expect((await moderator.client.get("/rest/v1/admin/audit")).status).toBe(403);
    expect((await user.client.get("/rest/v1/admin/audit")).status).toBe(403);
  });

  it("finds users by username, e-mail, id and external id", async () => {
    const user = await createTrader(t);
    const { rows } = await sql<{ external_id: string }>`SELECT external_id FROM users WHERE id = ${user.id}`.execute(
      t.ownerDb,
    );
    for (const q of [
      user.username.toUpperCase(),
      `${user.username}@example.com`,
      String(user.id),
      rows[0]!.external_id,
    ]) {
      const found = await supermod.client.get(`/rest/v1/admin/users?q=${encodeURIComponent(q)}`);
      expect(found.body.data.map((row: { username: string }) => row.username)).toEqual([user.username]);
    }
  });
});

describe("the operator CLI", () => {
  it("restricts and lifts through the same use cases, audited as the CLI, and tails the log", async () => {
    const user = await createTrader(t);
    const lines: string[] = [];
    const context = { config: t.config, db: t.db, print: (line: string) => lines.push(line), ledgerChecks: [] };
    const args = [user.username, "frozen", "--reason", "Bank recall", "--until", "2099-01-01T00:00:00Z"];
    expect(await restrictCommand.run(args, context)).toBe(0);
    expect(await restrictCommand.run(args, context)).toBe(2);
    expect(lines.at(-1)).toContain("ERROR_ALREADY_RESTRICTED");
    expect(await restrictCommand.run([user.username, "frozen"], context)).toBe(2);
    expect(await unrestrictCommand.run([user.username, "frozen", "--reason", "Recall withdrawn"], context)).toBe(0);
    expect(await auditRowsAbout(user.username)).toEqual([
      { action: "user.restrict", actor_kind: "cli", reason: "Bank recall" },
      { action: "user.unrestrict", actor_kind: "cli", reason: "Recall withdrawn" },
    ]);
    lines.length = 0;
    const auditTailCommand = auditModule.commands?.find((command) => command.name === "audit:tail");
    expect(await auditTailCommand?.run(["--limit", "2"], context)).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Recall withdrawn");
  });
});
