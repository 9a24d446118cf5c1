import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp, TestClient } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import { createTrader, createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { approvalActions } from "../registry.ts";
import { totpCode } from "../two-factor/index.ts";
import { expireOverdueApprovals } from "./approvals.service.ts";

// Small thresholds, so a tier-0 account (daily limit 0.5 BTC) reaches both.
vi.stubEnv("SOUK_WITHDRAWAL_APPROVAL_BTC", "0.1");
vi.stubEnv("SOUK_WITHDRAWAL_FOUR_EYES_BTC", "0.3");

/** A logged-in account (email verified, KYC level 3) with these roles. */
const signUpUser = async (app: TestApp, options: { roles?: ("user" | "admin" | "supermod")[] } = {}) =>
  (await createTrader(app, options)).client;

const OUTSIDE = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
const key = () => ({ headers: { "idempotency-key": randomUUID() } });

let t: TestApp;
let adminA: TestClient;
let adminB: TestClient;
let adminC: TestClient;

beforeAll(async () => {
  t = await createTradesTestApp();
  [adminA, adminB, adminC] = await Promise.all([
    signUpUser(t, { roles: ["user", "admin"] }),
    signUpUser(t, { roles: ["user", "admin"] }),
    signUpUser(t, { roles: ["user", "admin"] }),
  ]);
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb, "after the approvals tests");
  await t.close();
  vi.unstubAllEnvs();
});

async function funded(client: TestClient, amount = "1"): Promise<void> {
  const deposit = await adminA.post("/rest/v1/admin/wallet/deposits", {
    username: client.user!.username,
    amount,
    cryptoCurrencyCode: "BTC",
  });
  expect(deposit.status, deposit.text).toBe(200);
}

async function btc(client: TestClient): Promise<{ balance: string; pendingWithdrawalAmount: string }> {
  const response = await client.get("/rest/v2/wallet/balances");
  return response.body.data.find((row: { cryptoCurrencyCode: string }) => row.cryptoCurrencyCode === "BTC");
}

/** A user (funded with 1 BTC) withdraws `amount`; answers the withdrawal's id and its approval request's id. */
async function withdraw(client: TestClient, amount: string): Promise<{ withdrawalId: number; approvalId: number }> {
  const sent = await client.post(
    "/rest/v1/wallet/send",
    { cryptoCurrencyCode: "BTC", amount, address: OUTSIDE },
    key(),
  );
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body.data.withdrawal.state).toBe("awaiting_approval");
  const withdrawalId = sent.body.data.withdrawal.id as number;
  const { rows } = await sql<{ id: string }>`SELECT id::text AS id FROM staff_approvals
    WHERE kind = 'withdrawal' AND subject_id = ${String(withdrawalId)}`.execute(t.ownerDb);
  expect(rows).toHaveLength(1);
  return { withdrawalId, approvalId: Number(rows[0]!.id) };
}

async function withdrawalState(id: number): Promise<string> {
  const { rows } = await sql<{ state: string }>`SELECT state FROM wallet_withdrawals WHERE id = ${id}`.execute(
    t.ownerDb,
  );
  return rows[0]!.state;
}

async function auditActions(subjectType: string, subjectId: number | string): Promise<string[]> {
  const { rows } = await sql<{ action: string }>`SELECT action FROM audit_log
    WHERE subject_type = ${subjectType} AND subject_id = ${String(subjectId)} ORDER BY id`.execute(t.ownerDb);
  return rows.map((row) => row.action);
}

const approve = (admin: TestClient, id: number) => admin.post(`/rest/v1/admin/approvals/${id}/approve`, { reason: "" });
const reject = (admin: TestClient, id: number, reason = "Not this address") =>
  admin.post(`/rest/v1/admin/approvals/${id}/reject`, { reason });
const broadcast = () => adminA.post("/rest/v1/admin/wallet/withdrawals/broadcast");

describe("withdrawals above the approval threshold", () => {
  it("wait with their funds held: the broadcaster does not claim them and the admins' list shows them", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const small = await user.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.05", address: OUTSIDE },
      key(),
    );
    expect(small.body.data.withdrawal.state).toBe("held");
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    expect(await btc(user)).toMatchObject({ balance: "0.74996000", pendingWithdrawalAmount: "0.25004000" });
    expect((await broadcast()).body.data).toMatchObject({ claimed: 1, completed: 1 });
    expect(await withdrawalState(withdrawalId)).toBe("awaiting_approval");
    const list = await adminB.get("/rest/v1/admin/approvals", { query: { kind: "withdrawal" } });
    expect(list.status).toBe(200);
    expect(list.body.data.find((row: { id: number }) => row.id === approvalId)).toMatchObject({
      kind: "withdrawal",
      state: "pending",
      subjectUsername: user.user!.username,
      requestedBy: user.user!.username,
      approvalsRequired: 1,
      approvedBy: [],
      payload: { cryptoCurrencyCode: "BTC", amount: "0.20000000", address: OUTSIDE },
    });
    const history = await user.get("/rest/v1/wallet/transactions", { query: { type: "withdrawal" } });
    const waiting = history.body.data.filter((row: { amount: string }) => row.amount === "0.20000000");
    expect(waiting).toMatchObject([{ status: "awaiting_approval", direction: "out", address: OUTSIDE }]);
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request"]);
    await expectLedgerHolds(t.ownerDb, "with a withdrawal awaiting approval");
  });

  it("refuses the requester's own approval: an admin's withdrawal is approved by another admin", async () => {
    const requester = await signUpUser(t, { roles: ["user", "admin"] });
    await funded(requester);
    const { withdrawalId, approvalId } = await withdraw(requester, "0.2");
    const own = await approve(requester, approvalId);
    expect([own.status, own.body.errors.code]).toEqual([403, "ERROR_APPROVAL_BY_REQUESTER"]);
    expect(await withdrawalState(withdrawalId)).toBe("awaiting_approval");
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request"]);
    const approved = await approve(adminB, approvalId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ state: "approved", decidedBy: adminB.user!.username });
    expect(await withdrawalState(withdrawalId)).toBe("held");
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request", "approval.approve"]);
  });

  it("runs once when two admins approve at once: one answer succeeds, the money leaves once", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    const answers = await Promise.all([approve(adminB, approvalId), approve(adminC, approvalId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.errors.code).toBe("ERROR_APPROVAL_DECIDED");
    await broadcast();
    expect(await withdrawalState(withdrawalId)).toBe("completed");
    expect(await btc(user)).toMatchObject({ balance: "0.79998000", pendingWithdrawalAmount: "0.00000000" });
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request", "approval.approve"]);
  });

  it("needs two different admins from the four-eyes threshold", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.4");
    const first = await approve(adminB, approvalId);
    expect(first.body.data).toMatchObject({
      state: "pending",
      approvalsRequired: 2,
      approvedBy: [adminB.user!.username],
    });
    expect(await withdrawalState(withdrawalId)).toBe("awaiting_approval");
    const again = await approve(adminB, approvalId);
    expect([again.status, again.body.errors.code]).toEqual([409, "ERROR_APPROVAL_ALREADY_GIVEN"]);
    const second = await approve(adminC, approvalId);
    expect(second.body.data).toMatchObject({ state: "approved", decidedBy: adminC.user!.username });
    expect(await withdrawalState(withdrawalId)).toBe("held");
    expect(await auditActions("withdrawal", withdrawalId)).toEqual([
      "approval.request",
      "approval.approve",
      "approval.approve",
    ]);
  });

  it("gives the funds back once on a rejection, whatever races it", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    const answers = await Promise.all([
      reject(adminB, approvalId),
      reject(adminC, approvalId),
      approve(adminA, approvalId),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const isRejected = winner.body.data.state === "rejected";
    if (isRejected) {
      expect(await withdrawalState(withdrawalId)).toBe("rejected");
      expect(await btc(user)).toMatchObject({ balance: "1.00000000", pendingWithdrawalAmount: "0.00000000" });
      const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM ledger_transfers
        WHERE reference_type = 'withdrawal' AND reference_id = ${String(withdrawalId)}`.execute(t.ownerDb);
      expect(rows[0]!.count).toBe("1");
    } else {
      expect(await withdrawalState(withdrawalId)).toBe("held");
    }
    expect(await auditActions("withdrawal", withdrawalId)).toHaveLength(2);
    await expectLedgerHolds(t.ownerDb, "after a rejection race");
  });

  it("rejects with a reason and refunds once; a second rejection is refused", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    const noReason = await reject(adminB, approvalId, "");
    expect(noReason.status).toBe(422);
    const rejected = await reject(adminB, approvalId);
    expect(rejected.body.data).toMatchObject({ state: "rejected", decisionReason: "Not this address" });
    expect(await btc(user)).toMatchObject({ balance: "1.00000000", pendingWithdrawalAmount: "0.00000000" });
    const twice = await reject(adminC, approvalId);
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_APPROVAL_DECIDED"]);
    expect(await btc(user)).toMatchObject({ balance: "1.00000000" });
    const history = await user.get("/rest/v1/wallet/transactions", { query: { type: "withdrawal" } });
    expect(history.body.data[0]).toMatchObject({ status: "rejected" });
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request", "approval.reject"]);
  });

  it("refuses an expired request and gives its funds back", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    await sql`UPDATE staff_approvals SET expires_at = now() - interval '1 minute' WHERE id = ${approvalId}`.execute(
      t.ownerDb,
    );
    const late = await approve(adminB, approvalId);
    expect([late.status, late.body.errors.code]).toEqual([409, "ERROR_APPROVAL_EXPIRED"]);
    expect(await withdrawalState(withdrawalId)).toBe("rejected");
    expect(await btc(user)).toMatchObject({ balance: "1.00000000", pendingWithdrawalAmount: "0.00000000" });
    const again = await approve(adminC, approvalId);
    expect([again.status, again.body.errors.code]).toEqual([409, "ERROR_APPROVAL_DECIDED"]);
    expect(await auditActions("withdrawal", withdrawalId)).toEqual(["approval.request", "approval.expire"]);
  });
});

describe("the expiry job", () => {
  it("expires overdue requests once, giving their funds back, audited as the job", async () => {
    const user = await signUpUser(t);
    await funded(user);
    const { withdrawalId, approvalId } = await withdraw(user, "0.2");
    await sql`UPDATE staff_approvals SET expires_at = now() - interval '1 minute' WHERE id = ${approvalId}`.execute(
      t.ownerDb,
    );
    const runs = await Promise.all([
      expireOverdueApprovals(t.db, approvalActions),
      expireOverdueApprovals(t.db, approvalActions),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await withdrawalState(withdrawalId)).toBe("rejected");
    expect(await btc(user)).toMatchObject({ balance: "1.00000000", pendingWithdrawalAmount: "0.00000000" });
    const { rows } = await sql<{ action: string; actor_kind: string }>`SELECT action, actor_kind FROM audit_log
      WHERE subject_type = 'withdrawal' AND subject_id = ${String(withdrawalId)} ORDER BY id`.execute(t.ownerDb);
    expect(rows).toEqual([
      { action: "approval.request", actor_kind: "user" },
      { action: "approval.expire", actor_kind: "job" },
    ]);
  });
});

describe("ledger corrections", () => {
  async function depositTransferOf(userId: number): Promise<number> {
    const { rows } = await sql<{ id: string }>`SELECT DISTINCT t.id::text AS id FROM ledger_transfers t
      JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.kind = 'deposit' AND a.owner_user_id = ${userId}`.execute(t.ownerDb);
    expect(rows).toHaveLength(1);
    return Number(rows[0]!.id);
  }
  const propose = (admin: TestClient, transferId: number, reason = "Credited to the wrong account") =>
    admin.post(`/rest/v1/admin/ledger/transfers/${transferId}/reversal`, { reason });

  it("reverses a transfer once another admin approves, once even when two approve at once", async () => {
    const user = await signUpUser(t);
    await funded(user, "0.3");
    const transferId = await depositTransferOf(user.user!.id);
    const proposed = await propose(adminA, transferId);
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body.data).toMatchObject({
      kind: "ledger_reversal",
      state: "pending",
      requestedBy: adminA.user!.username,
    });
    const duplicate = await propose(adminB, transferId);
    expect([duplicate.status, duplicate.body.errors.code]).toEqual([409, "ERROR_APPROVAL_ALREADY_REQUESTED"]);
    const own = await approve(adminA, proposed.body.data.id);
    expect([own.status, own.body.errors.code]).toEqual([403, "ERROR_APPROVAL_BY_REQUESTER"]);
    expect(await btc(user)).toMatchObject({ balance: "0.30000000" });
    const answers = await Promise.all([approve(adminB, proposed.body.data.id), approve(adminC, proposed.body.data.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await btc(user)).toMatchObject({ balance: "0.00000000" });
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM ledger_transfers
      WHERE reverses_transfer_id = ${transferId}`.execute(t.ownerDb);
    expect(rows[0]!.count).toBe("1");
    expect(await auditActions("ledger_transfer", transferId)).toEqual(["approval.request", "approval.approve"]);
    await expectLedgerHolds(t.ownerDb, "after a correction");
  });

  it("refuses a transfer that a record follows, and a failing reversal changes nothing", async () => {
    const user = await signUpUser(t);
    await funded(user, "0.3");
    const { withdrawalId } = await withdraw(user, "0.2");
    const { rows } = await sql<{ id: string }>`SELECT hold_transfer_id::text AS id FROM wallet_withdrawals
      WHERE id = ${withdrawalId}`.execute(t.ownerDb);
    const hold = await propose(adminA, Number(rows[0]!.id));
    expect([hold.status, hold.body.errors.code]).toEqual([409, "ERROR_TRANSFER_NOT_REVERSIBLE"]);
    const unknown = await propose(adminA, 999_999_999);
    expect([unknown.status, unknown.body.errors.code]).toEqual([409, "ERROR_TRANSFER_NOT_REVERSIBLE"]);
    // The deposit is mostly held by the withdrawal: reversing it would overdraw the account.
    const transferId = await depositTransferOf(user.user!.id);
    const proposed = await propose(adminA, transferId);
    const refused = await approve(adminB, proposed.body.data.id);
    expect([refused.status, refused.body.errors.code]).toEqual([409, "ERROR_INSUFFICIENT_BALANCE"]);
    const after = await adminB.get("/rest/v1/admin/approvals", { query: { kind: "ledger_reversal" } });
    expect(after.body.data.find((row: { id: number }) => row.id === proposed.body.data.id)).toMatchObject({
      state: "pending",
      approvedBy: [],
    });
    expect(await auditActions("ledger_transfer", transferId)).toEqual(["approval.request"]);
  });

  it("answers bad input with the envelope", async () => {
    const missing = await propose(adminA, 1, "");
    expect([missing.status, missing.body.errors.code]).toEqual([422, "ERROR_INPUT_VALIDATION"]);
    const badId = await adminA.post("/rest/v1/admin/approvals/abc/approve", {});
    expect(badId.status).toBe(422);
    const none = await approve(adminA, 999_999_999);
    expect([none.status, none.body.errors.code]).toEqual([404, "ERROR_APPROVAL_NOT_FOUND"]);
    const badState = await adminA.get("/rest/v1/admin/approvals", { query: { state: "open" } });
    expect(badState.status).toBe(422);
  });
});

describe("second-factor resets", () => {
  const proposeReset = (staff: TestClient, username: string, reason = "Lost phone, identity checked by video") =>
    staff.post(`/rest/v1/admin/users/${username}/two-factor-reset`, { reason });

  async function withSecondFactor(): Promise<TestClient> {
    const user = await signUpUser(t);
    const option = await user.post("/rest/v1/users/two-factor/option", { type: "ga" });
    expect(option.status, option.text).toBe(200);
    const enabled = await user.post("/rest/v1/users/two-factor/enable", {
      code: totpCode(option.body.data.secret, Date.now()),
    });
    expect(enabled.status, enabled.text).toBe(200);
    return user;
  }

  it("a supermod proposes, an admin approves: the factor is off, the sessions end, the owner is told", async () => {
    const supermod = await signUpUser(t, { roles: ["user", "supermod"] });
    const user = await withSecondFactor();
    const username = user.user!.username;
    const proposed = await proposeReset(supermod, username);
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body.data).toMatchObject({ kind: "two_factor_reset", subjectUsername: username, state: "pending" });
    const twice = await proposeReset(adminA, username);
    expect([twice.status, twice.body.errors.code]).toEqual([409, "ERROR_APPROVAL_ALREADY_REQUESTED"]);
    const bySupermod = await approve(supermod, proposed.body.data.id);
    expect(bySupermod.status).toBe(403);
    expect((await user.get("/rest/v1/users/two-factor")).body.data).toMatchObject({ state: "enabled" });

    const approved = await approve(adminA, proposed.body.data.id);
    expect(approved.status, approved.text).toBe(200);
    expect((await user.get("/rest/v1/users/two-factor")).status).toBe(401);
    const { rows } = await sql<{ state: string }>`SELECT state FROM two_factor
      WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    expect(rows).toEqual([{ state: "disabled" }]);
    const mails = await sql<{ template: string }>`SELECT template FROM mail_outbox
      WHERE to_address = ${user.user!.email} AND template = 'two-factor-reset'`.execute(t.ownerDb);
    expect(mails.rows).toHaveLength(1);
    expect(await auditActions("user", username)).toEqual(["approval.request", "approval.approve"]);
  });

  it("refuses oneself and an account without a second factor, writing nothing", async () => {
    const supermod = await signUpUser(t, { roles: ["user", "supermod"] });
    const self = await proposeReset(supermod, supermod.user!.username);
    expect([self.status, self.body.errors.code]).toEqual([403, "ERROR_STAFF_ACTION_ON_SELF"]);
    const plain = await signUpUser(t);
    const none = await proposeReset(supermod, plain.user!.username);
    expect([none.status, none.body.errors.code]).toEqual([409, "ERROR_TWO_FACTOR_NOT_ON"]);
    const unknown = await proposeReset(supermod, "nobody_by_this_name");
    expect(unknown.status).toBe(404);
    expect(await auditActions("user", plain.user!.username)).toEqual([]);
  });
});
