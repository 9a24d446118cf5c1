import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";

/** Blocked KYC actions set and lifted by staff (audited), and the user search by a session's address. */

let t: TestApp;
let supermod: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTradesTestApp();
  [supermod, admin] = await Promise.all([
    createTrader(t, { roles: ["user", "supermod"] }),
    createTrader(t, { roles: ["user", "admin"] }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const block = (staff: TestUser, username: string, body: Record<string, unknown>) =>
  staff.client.post(`/rest/v1/admin/users/${username}/blocked-actions`, body);
const unblock = (staff: TestUser, username: string, action: string, reason = "Documents checked") =>
  staff.client.post(`/rest/v1/admin/users/${username}/blocked-actions/${action}/lift`, { reason });

async function auditActionsAbout(username: string): Promise<{ action: string; reason: string }[]> {
  const { rows } = await sql<{ action: string; reason: string }>`SELECT action, reason FROM audit_log
    WHERE subject_type = 'user' AND subject_id = ${username} ORDER BY id`.execute(t.ownerDb);
  return rows;
}

const send = (user: TestUser, to: TestUser) =>
  user.client.post("/rest/v1/wallet/send", { cryptoCurrencyCode: "USDT", amount: "1", username: to.username });

describe("blocked KYC actions", () => {
  it("blocks an action from the account's next request, lifts it, and writes one audit row for each", async () => {
    const user = await createTrader(t);
    const blocked = await block(supermod, user.username, { action: "use-wallet", reason: "Source of funds unclear" });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.blockedKycActions).toEqual(["use-wallet"]);
    const refused = await send(user, supermod);
    expect([refused.status, refused.body.errors.code]).toEqual([403, "ERROR_KYC_ACTION_BLOCKED"]);
    const lifted = await unblock(admin, user.username, "use-wallet");
    expect(lifted.body.data.blockedKycActions).toEqual([]);
    expect((await send(user, supermod)).body.errors?.code).not.toBe("ERROR_KYC_ACTION_BLOCKED");
    expect(await auditActionsAbout(user.username)).toEqual([
      { action: "kyc_action.block", reason: "Source of funds unclear" },
      { action: "kyc_action.unblock", reason: "Documents checked" },
    ]);
  });

  it("refuses a second block, a lift of nothing, an unknown action, a higher role and a plain user, writing nothing", async () => {
    const user = await createTrader(t);
    expect((await block(supermod, user.username, { action: "start-trade-buy", reason: "First" })).status).toBe(200);
    const twice = await block(admin, user.username, { action: "start-trade-buy", reason: "Second" });
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_ALREADY_RESTRICTED"]);
    const nothing = await unblock(supermod, user.username, "use-wallet");
    expect([nothing.status, nothing.body.errors.code]).toEqual([409, "ERROR_NOT_RESTRICTED"]);
    const unknown = await block(supermod, user.username, { action: "fly", reason: "No such action" });
    expect([unknown.status, unknown.body.errors.details]).toEqual([422, { action: ["action_invalid"] }]);
    expect((await unblock(supermod, user.username, "fly")).status).toBe(422);
    const higher = await block(supermod, admin.username, { action: "use-wallet", reason: "Above my rank" });
    expect([higher.status, higher.body.errors.code]).toEqual([403, "ERROR_STAFF_ACTION_ON_HIGHER_ROLE"]);
    expect((await block(user, supermod.username, { action: "use-wallet", reason: "Not staff" })).status).toBe(403);
    expect((await auditActionsAbout(user.username)).map((row) => row.action)).toEqual(["kyc_action.block"]);
    expect(await auditActionsAbout(admin.username)).toEqual([]);
  });
});

describe("the user search by address", () => {
  it("finds the accounts whose sessions came from an IP address, and nobody for an unused one", async () => {
    const user = await createTrader(t);
    const { rows } = await sql<{ ip: string }>`SELECT host(ip) AS ip FROM sessions WHERE user_id = ${user.id}
      LIMIT 1`.execute(t.ownerDb);
    const ip = rows[0]?.ip;
    expect(ip).toMatch(/^10\.88\./);
    const found = await supermod.client.get(`/rest/v1/admin/users?q=${ip}`);
    expect(found.body.data.map((row: { username: string }) => row.username)).toContain(user.username);
    const unused = await supermod.client.get("/rest/v1/admin/users?q=203.0.113.77");
    expect(unused.body.data).toEqual([]);
  });
});
