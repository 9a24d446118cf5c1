import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { deliverMailTo, onAppWithSmtp, type TestSmtp } from "../../../test/smtp.ts";

const PASSWORD = "Approval-password-1!";
let t: TestApp;
let smtp: TestSmtp;
onAppWithSmtp({ PUBLIC_URL: "https://souk.example" }, (app, server) => {
  t = app;
  smtp = server;
});

/** An account made through the register route (its browser is a known device), approvals on. */
async function accountAskingApprovals(): Promise<{ home: TestClient; name: string; email: string }> {
  const name = uniqueName("appr");
  const email = `${name}@example.test`;
  const home = t.client();
  expect((await home.post("/rest/v1/auth/register", { email, username: name, password: PASSWORD })).status).toBe(201);
  const saved = await home.post("/rest/v1/users/security-settings", { approveNewDevices: true });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toEqual({ approveNewDevices: true });
  return { home, name, email };
}

/** Delivers the outbox through the SMTP server and reads the approve and deny links of the newest mail. */
async function mailedLinks(email: string): Promise<{ token: string; subject: string }> {
  const mail = (await deliverMailTo(t, smtp, email)).at(-1);
  const approve = mail?.text?.match(/https:\/\/souk\.example\/login\/approve\?token=([A-Za-z0-9_-]+)&answer=approve/);
  const deny = mail?.text?.match(/https:\/\/souk\.example\/login\/approve\?token=([A-Za-z0-9_-]+)&answer=deny/);
  if (!approve?.[1] || deny?.[1] !== approve[1]) throw new Error(`no approval links mailed to ${email}`);
  return { token: approve[1], subject: mail?.subject ?? "" };
}

const logIn = (browser: TestClient, name: string) =>
  browser.post("/rest/v1/auth/login", { login: name, password: PASSWORD });
const poll = (browser: TestClient) => browser.post("/rest/v1/auth/login/approval");
const answer = (token: string, what: "approve" | "deny") =>
  t.client().post("/rest/v1/auth/login-approvals/answer", { token, answer: what });

describe("approval of a log-in from a new device", () => {
  it("asks for approval, the mailed link approves once, and the waiting log-in completes", async () => {
    const { name, email } = await accountAskingApprovals();
    const laptop = t.client();
    const asked = await logIn(laptop, name);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ approvalRequired: true, status: "pending" });
    expect(asked.body.data.user).toBeUndefined();
    expect((await laptop.get("/rest/v1/users/current_user")).status).toBe(401);

    const waiting = await poll(laptop);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({ approvalRequired: true, status: "pending" });

    const { token, subject } = await mailedLinks(email);
    expect(subject).toBe("Approve a log-in to your Souk account");
    // The token is stored hashed.
    const stored = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM login_approvals WHERE answer_token_hash = ${token} OR wait_token_hash = ${token}`.execute(
      t.db,
    );
    expect(Number(stored.rows[0]?.n)).toBe(0);

    const approved = await answer(token, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ status: "approved" });
    const again = await answer(token, "deny");
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain("login_approval.invalid");

    const done = await poll(laptop);
    expect(done.status).toBe(200);
    expect(done.body.data.user.username).toBe(name);
    expect((await laptop.get("/rest/v1/users/current_user")).status).toBe(200);
    const types = ((await laptop.get("/rest/v1/users/activity")).body.data as Array<{ type: string }>).map(
      (l) => l.type,
    );
    expect(types.slice(0, 4)).toEqual(["new_device_login", "login", "login_approved", "login_approval_requested"]);

    // The laptop is known now: no approval next time.
    const next = t.client();
    next.setCookie("souk_device", laptop.cookie("souk_device")!);
    const known = await logIn(next, name);
    expect(known.body.data.user?.username).toBe(name);
  });

  it("the deny link refuses the waiting log-in for good", async () => {
    const { name, email } = await accountAskingApprovals();
    const thief = t.client();
    expect((await logIn(thief, name)).body.data.approvalRequired).toBe(true);
    const { token } = await mailedLinks(email);
    expect((await answer(token, "deny")).body.data).toEqual({ status: "denied" });
    const refused = await poll(thief);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("login_approval.denied");
    expect((await thief.get("/rest/v1/users/current_user")).status).toBe(401);
  });

  it("an expired request can no longer be approved, and the waiting log-in is refused", async () => {
    const { name, email } = await accountAskingApprovals();
    const laptop = t.client();
    await logIn(laptop, name);
    const { token } = await mailedLinks(email);
    await sql`UPDATE login_approvals SET expires_at = now() - interval '1 second' WHERE status = 'pending'`.execute(
      t.ownerDb,
    );
    expect((await answer(token, "approve")).status).toBe(422);
    const refused = await poll(laptop);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("login_approval.expired");
  });

  it("two parallel uses of one link: exactly one answers", async () => {
    const { name, email } = await accountAskingApprovals();
    await logIn(t.client(), name);
    const { token } = await mailedLinks(email);
    const answers = await Promise.all([answer(token, "approve"), answer(token, "deny")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it("an approved log-in opens one session, for the waiting browser's device only", async () => {
    const { name, email } = await accountAskingApprovals();
    const laptop = t.client();
    await logIn(laptop, name);
    const { token } = await mailedLinks(email);
    await answer(token, "approve");
    // The wait cookie copied into another browser (another device id) does not complete it.
    const other = t.client();
    other.setCookie("souk_login_approval", laptop.cookie("souk_login_approval")!);
    expect((await other.post("/rest/v1/auth/login/approval")).status).toBe(422);
    const both = await Promise.all([poll(laptop), poll(laptop)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it("the known device and a user without approvals are not asked; a wrong password never is", async () => {
    const { home, name, email } = await accountAskingApprovals();
    expect((await logIn(home, name)).body.data.user?.username).toBe(name);
    const wrong = await t.client().post("/rest/v1/auth/login", { login: name, password: "Wrong-password-9!" });
    expect(wrong.status).toBe(401);
    const approvalMails = (await deliverMailTo(t, smtp, email)).filter((m) => m.subject?.startsWith("Approve"));
    expect(approvalMails).toHaveLength(0);
    expect((await home.post("/rest/v1/users/security-settings", { approveNewDevices: false })).status).toBe(200);
    expect((await logIn(t.client(), name)).body.data.user?.username).toBe(name);
  });

  it("refuses bad input in the envelope", async () => {
    const missing = await t.client().post("/rest/v1/auth/login-approvals/answer", { token: "x", answer: "maybe" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toBeDefined();
    const visitor = await t.client().post("/rest/v1/users/security-settings", { approveNewDevices: true });
    expect(visitor.status).toBe(401);
    const noCookie = await t.client().post("/rest/v1/auth/login/approval");
    expect(noCookie.status).toBe(422);
  });
});
