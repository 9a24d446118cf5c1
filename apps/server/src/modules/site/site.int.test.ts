import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, TestClient } from "../../../test/harness.ts";
import { createOffer, createTrader, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade, releaseTrade } from "../../../test/trade-scenario.ts";
import { flagsSetCommand, maintenanceCommand } from "./site.commands.ts";

let t: TestApp;
let admin: TestUser;
let supermod: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, supermod] = await Promise.all([
    createTrader(t, { roles: ["user", "admin"] }),
    createTrader(t, { roles: ["user", "supermod"] }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function siteAuditRows(): Promise<{ action: string; actor_kind: string; subject_id: string }[]> {
  const { rows } = await sql<{ action: string; actor_kind: string; subject_id: string }>`
    SELECT action, actor_kind, subject_id FROM audit_log WHERE subject_type = 'site' ORDER BY id`.execute(t.ownerDb);
  return rows;
}

const setMaintenance = (body: { isOn: boolean; message?: string }) =>
  admin.client.put("/rest/v1/admin/site/maintenance", body);

describe("maintenance mode", () => {
  it("refuses a new trade and a new offer with the operator's message; a running trade still finishes", async () => {
    const cast = await castForTrades(t);
    const running = await openTrade(cast, "10");
    const before = (await siteAuditRows()).length;

    const on = await setMaintenance({ isOn: true, message: "Upgrading the ledger until 14:00 UTC" });
    expect(on.status).toBe(200);
    expect(on.body.data.maintenance).toMatchObject({ isOn: true, message: "Upgrading the ledger until 14:00 UTC" });
    expect((await siteAuditRows()).slice(before)).toEqual([
      { action: "site.maintenance_on", actor_kind: "user", subject_id: "maintenance" },
    ]);

    const start = await cast.buyer.client.post(
      "/rest/v1/trade",
      { offerId: cast.offerId, fiatAmount: "10" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect([start.status, start.body.errors.code, start.body.errors.message]).toEqual([
      409,
      "ERROR_MAINTENANCE",
      "Upgrading the ledger until 14:00 UTC",
    ]);
    expect(start.body.errors.details).toEqual({ message: "Upgrading the ledger until 14:00 UTC" });
    await expect(createOffer(cast.seller)).rejects.toThrow(/ERROR_MAINTENANCE/);

    // The trade opened before keeps going: paid, then released.
    await releaseTrade(cast, running);

    const status = await t.client().get("/rest/v1/site/status");
    expect(status.body.data.maintenanceInfo).toEqual({ message: "Upgrading the ledger until 14:00 UTC" });

    const twice = await setMaintenance({ isOn: true, message: "Upgrading the ledger until 14:00 UTC" });
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_SITE_UNCHANGED"]);
    expect(await setMaintenance({ isOn: false }).then((r) => r.status)).toBe(200);
    expect((await siteAuditRows()).slice(before).map((row) => row.action)).toEqual([
      "site.maintenance_on",
      "site.maintenance_off",
    ]);
    expect(await openTrade(cast, "10")).toEqual(expect.any(String));
    expect((await t.client().get("/rest/v1/site/status")).body.data.maintenanceInfo).toBeNull();
  });

  it("is switched on and off by the CLI, audited as the CLI", async () => {
    const lines: string[] = [];
    const context = { config: t.config, db: t.db, print: (line: string) => lines.push(line), ledgerChecks: [] };
    const before = (await siteAuditRows()).length;
    expect(await maintenanceCommand.run(["on", "--message", "Back soon"], context)).toBe(0);
    expect((await t.client().get("/rest/v1/site/status")).body.data.maintenanceInfo).toEqual({ message: "Back soon" });
    expect(await maintenanceCommand.run(["on", "--message", "Back soon"], context)).toBe(2);
    expect(lines.at(-1)).toContain("ERROR_SITE_UNCHANGED");
    expect(await maintenanceCommand.run(["sideways"], context)).toBe(2);
    expect(await maintenanceCommand.run(["off"], context)).toBe(0);
    expect((await siteAuditRows()).slice(before)).toEqual([
      { action: "site.maintenance_on", actor_kind: "cli", subject_id: "maintenance" },
      { action: "site.maintenance_off", actor_kind: "cli", subject_id: "maintenance" },
    ]);
  });
});

describe("feature flags stored in the database", () => {
  const postpone = (user: TestUser) => user.client.post("/rest/v1/users/postpone-company-verification");

  it("override the deployment's flags at once, and go back to them; one audit row each", async () => {
    const user = await createTrader(t);
    const before = (await siteAuditRows()).length;
    expect((await postpone(user)).body.errors?.code).not.toBe("ERROR_CORPORATE_ACCOUNT_OFF");

    const off = await admin.client.put("/rest/v1/admin/site/flags/corporateAccount", { isOn: false });
    expect(off.status).toBe(200);
    expect(off.body.data.flags).toContainEqual({
      name: "corporateAccount",
      isOn: false,
      deploymentValue: true,
      source: "database",
    });
    expect((await postpone(user)).body.errors?.code).toBe("ERROR_CORPORATE_ACCOUNT_OFF");

    const again = await admin.client.put("/rest/v1/admin/site/flags/corporateAccount", { isOn: false });
    expect([again.status, again.body.errors.code]).toEqual([409, "ERROR_SITE_UNCHANGED"]);
    const back = await admin.client.put("/rest/v1/admin/site/flags/corporateAccount", { isOn: null });
    expect(back.body.data.flags).toContainEqual({
      name: "corporateAccount",
      isOn: true,
      deploymentValue: true,
      source: "deployment",
    });
    expect((await postpone(user)).body.errors?.code).not.toBe("ERROR_CORPORATE_ACCOUNT_OFF");
    expect((await siteAuditRows()).slice(before)).toEqual([
      { action: "site.flag_set", actor_kind: "user", subject_id: "corporateAccount" },
      { action: "site.flag_set", actor_kind: "user", subject_id: "corporateAccount" },
    ]);
  });

  it("are set by the CLI, audited as the CLI, and a bad assignment changes nothing", async () => {
    const user = await createTrader(t);
    const lines: string[] = [];
    const context = { config: t.config, db: t.db, print: (line: string) => lines.push(line), ledgerChecks: [] };
    const before = (await siteAuditRows()).length;
    expect(await flagsSetCommand.run(["corporateAccount=maybe"], context)).toBe(2);
    expect(await flagsSetCommand.run(["noSuchFlag=true"], context)).toBe(2);
    expect(await flagsSetCommand.run(["corporateAccount=false"], context)).toBe(0);
    expect((await postpone(user)).body.errors?.code).toBe("ERROR_CORPORATE_ACCOUNT_OFF");
    expect(await flagsSetCommand.run(["corporateAccount=default"], context)).toBe(0);
    expect((await siteAuditRows()).slice(before)).toEqual([
      { action: "site.flag_set", actor_kind: "cli", subject_id: "corporateAccount" },
      { action: "site.flag_set", actor_kind: "cli", subject_id: "corporateAccount" },
    ]);
  });
});

describe("admin alerts", () => {
  it("show to their audience until they expire or are removed; one audit row each", async () => {
    const user = await createTrader(t);
    const before = (await siteAuditRows()).length;
    const create = (message: string, audience: string, expiresAt: string | null) =>
      admin.client.post("/rest/v1/admin/site/alerts", { message, audience, expiresAt });
    expect((await create("Everyone reads this", "everyone", null)).status).toBe(200);
    expect((await create("Users read this", "logged_in", null)).status).toBe(200);
    const staffOnly = await create("Staff read this", "staff", new Date(Date.now() + 3_600_000).toISOString());
    const ids = staffOnly.body.data.alerts.map((alert: { id: number }) => alert.id) as number[];
    const past = await create("Too late", "everyone", new Date(Date.now() - 60_000).toISOString());
    expect([past.status, past.body.errors.details]).toEqual([422, { expiresAt: ["expires_in_past"] }]);

    const seenBy = async (client: TestClient) =>
      ((await client.get("/rest/v1/site/status")).body.data.adminAlerts as { message: string }[]).map((a) => a.message);
    expect(await seenBy(t.client())).toEqual(["Everyone reads this"]);
    expect(await seenBy(user.client)).toEqual(["Everyone reads this", "Users read this"]);
    expect(await seenBy(supermod.client)).toEqual(["Everyone reads this", "Users read this", "Staff read this"]);

    // An expiry passes: a copy that reads the switches afresh (as any copy does within seconds) no
    // longer shows the alert, without a change through the API.
    await sql`UPDATE site_alerts SET expires_at = now() - interval '1 second'
      WHERE message = 'Everyone reads this'`.execute(t.ownerDb);
    const copy = await t.startCopy();
    try {
      expect(await seenBy(new TestClient(copy.app))).toEqual([]);
    } finally {
      await copy.close();
    }

    for (const id of ids.slice(0, 3))
      expect((await admin.client.delete(`/rest/v1/admin/site/alerts/${id}`)).status).toBe(200);
    const again = await admin.client.delete(`/rest/v1/admin/site/alerts/${ids[0]}`);
    expect([again.status, again.body.errors.code]).toEqual([404, "ERROR_SITE_ALERT_NOT_FOUND"]);
    expect(await seenBy(user.client)).toEqual([]);
    expect((await siteAuditRows()).slice(before).map((row) => row.action)).toEqual([
      "site.alert_create",
      "site.alert_create",
      "site.alert_create",
      "site.alert_remove",
      "site.alert_remove",
      "site.alert_remove",
    ]);
  });

  it("are for admins only: a supermod is refused and writes no audit row", async () => {
    const before = (await siteAuditRows()).length;
    const refused = await supermod.client.post("/rest/v1/admin/site/alerts", {
      message: "Not mine to say",
      audience: "everyone",
    });
    expect([refused.status, refused.body.errors.code]).toEqual([403, "ERROR_FORBIDDEN"]);
    expect((await supermod.client.put("/rest/v1/admin/site/maintenance", { isOn: true })).status).toBe(403);
    expect((await siteAuditRows()).length).toBe(before);
  });
});
