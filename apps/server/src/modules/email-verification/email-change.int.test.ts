import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp.ts";
import { deliverPendingMail } from "../mail/index.ts";
import { totpCode } from "../two-factor/index.ts";

const PASSWORD = "Change-password-1!";
const STEP = 30_000;

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/**
 * Each group gets its own server: the routes' per-address rate limits (ten asks a minute) count
 * every request of a group, all from one test address.
 */
function ownServer() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
}

async function register(): Promise<{ client: TestClient; name: string; email: string }> {
  const name = uniqueName("mv");
  const client = t.client();
  const email = `${name}@example.test`;
  const answer = await client.post("/rest/v1/auth/register", { email, username: name, password: PASSWORD });
  expect(answer.status, answer.text).toBe(201);
  return { client, name, email };
}

/** Delivers the outbox through the real SMTP server; answers what arrived at this address. */
async function deliveredTo(email: string) {
  await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));
}

async function codeDeliveredTo(email: string): Promise<string> {
  const code = (await deliveredTo(email)).at(-1)?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code delivered to ${email}`);
  return code;
}

const details = (body: unknown) => JSON.stringify((body as { errors?: { details?: unknown } }).errors?.details);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const fresh = () => `${uniqueName("new")}@example.test`;

describe("POST /rest/v1/users/email", () => {
  ownServer();
  it("mails a code to the new address and a notice to the old; the address changes only on confirmation", async () => {
    const { client, email } = await register();
    const newEmail = fresh();
    const asked = await client.post("/rest/v1/users/email", { email: newEmail, password: PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data).toMatchObject({ newEmail });
    const notice = (await deliveredTo(email)).at(-1);
    expect(notice?.subject).toMatch(/change/i);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    const code = await codeDeliveredTo(newEmail);

    const before = await client.get("/rest/v1/users/current_user");
    expect(before.body.data.email).toBe(email);
    const wrong = await client.post("/rest/v1/users/email/confirm", { code: wrongCode(code) });
    expect(wrong.status).toBe(422);
    expect(details(wrong.body)).toContain("email_code.wrong");

    const done = await client.post("/rest/v1/users/email/confirm", { code });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toEqual({ email: newEmail });
    const after = await client.get("/rest/v1/users/current_user");
    expect(after.body.data.email).toBe(newEmail);
    const activity = await client.get("/rest/v1/users/activity");
    const line = (activity.body.data as Array<{ type: string; details: Record<string, string> }>).find(
      (row) => row.type === "email_change",
    );
    expect(line?.details).toEqual({ from: email, to: newEmail });

    const again = await client.post("/rest/v1/users/email/confirm", { code });
    expect(again.status).toBe(422);
    expect(details(again.body)).toContain("email_code.none");
    // The old address no longer logs in; the new one does.
    expect((await t.client().post("/rest/v1/auth/login", { login: email, password: PASSWORD })).status).toBe(401);
    expect((await t.client().post("/rest/v1/auth/login", { login: newEmail, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a wrong password, the same address, an address in use, and a second ask within the minute", async () => {
    const { client, email } = await register();
    const other = await register();
    const wrong = await client.post("/rest/v1/users/email", { email: fresh(), password: "Not-the-password-1!" });
    expect(wrong.status).toBe(422);
    expect(details(wrong.body)).toContain("password.wrong");
    const same = await client.post("/rest/v1/users/email", { email: email.toUpperCase(), password: PASSWORD });
    expect(details(same.body)).toContain("email.same");
    const taken = await client.post("/rest/v1/users/email", { email: other.email, password: PASSWORD });
    expect(taken.status).toBe(422);
    expect(details(taken.body)).toContain("email.unavailable");
    const malformed = await client.post("/rest/v1/users/email", { email: "not-an-address", password: PASSWORD });
    expect(malformed.status).toBe(422);
    expect((await client.post("/rest/v1/users/email", { email: fresh(), password: PASSWORD })).status).toBe(200);
    const soon = await client.post("/rest/v1/users/email", { email: fresh(), password: PASSWORD });
    expect(soon.status).toBe(429);
    expect((await client.post("/rest/v1/users/email/confirm", { code: "12ab" })).status).toBe(422);
  });
});

describe("POST /rest/v1/users/email/confirm under contention and with a second factor", () => {
  ownServer();

  it("refuses the code when another account took the address meanwhile, and a code past its expiry", async () => {
    const first = await register();
    const newEmail = fresh();
    expect((await first.client.post("/rest/v1/users/email", { email: newEmail, password: PASSWORD })).status).toBe(200);
    const code = await codeDeliveredTo(newEmail);
    const rival = t.client();
    const name = uniqueName("rv");
    expect(
      (await rival.post("/rest/v1/auth/register", { email: newEmail, username: name, password: PASSWORD })).status,
    ).toBe(201);
    const late = await first.client.post("/rest/v1/users/email/confirm", { code });
    expect(late.status).toBe(422);
    expect(details(late.body)).toContain("email.unavailable");
    expect((await first.client.get("/rest/v1/users/current_user")).body.data.email).toBe(first.email);

    const second = await register();
    const otherEmail = fresh();
    expect((await second.client.post("/rest/v1/users/email", { email: otherEmail, password: PASSWORD })).status).toBe(
      200,
    );
    const secondCode = await codeDeliveredTo(otherEmail);
    await t.ownerDb
      .withTables<{ email_changes: { new_email: string; expires_at: Date } }>()
      .updateTable("email_changes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("new_email", "=", otherEmail)
      .execute();
    const expired = await second.client.post("/rest/v1/users/email/confirm", { code: secondCode });
    expect(details(expired.body)).toContain("email_code.expired");
  });

  it("takes five wrong codes, then refuses the right one", async () => {
    const { client } = await register();
    const newEmail = fresh();
    expect((await client.post("/rest/v1/users/email", { email: newEmail, password: PASSWORD })).status).toBe(200);
    const code = await codeDeliveredTo(newEmail);
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/rest/v1/users/email/confirm", { code: wrongCode(code) })).status).toBe(422);
    }
    const late = await client.post("/rest/v1/users/email/confirm", { code });
    expect(details(late.body)).toContain("email_code.too_many_attempts");
  });

  it("two parallel confirmations of one code: exactly one succeeds, one activity line", async () => {
    const { client } = await register();
    const newEmail = fresh();
    expect((await client.post("/rest/v1/users/email", { email: newEmail, password: PASSWORD })).status).toBe(200);
    const code = await codeDeliveredTo(newEmail);
    const answers = await Promise.all([
      client.post("/rest/v1/users/email/confirm", { code }),
      client.post("/rest/v1/users/email/confirm", { code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const activity = await client.get("/rest/v1/users/activity");
    const lines = (activity.body.data as Array<{ type: string }>).filter((row) => row.type === "email_change");
    expect(lines).toHaveLength(1);
  });

  it("asks for the second factor when one is on", async () => {
    const { client } = await register();
    const option = await client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    const secret = option.body.data.secret as string;
    const now = Date.now();
    expect((await client.post("/rest/v1/users/two-factor/enable", { code: totpCode(secret, now) })).status).toBe(200);
    const newEmail = fresh();
    const missing = await client.post("/rest/v1/users/email", { email: newEmail, password: PASSWORD });
    expect(missing.status).toBe(403);
    expect(details(missing.body)).toBe(JSON.stringify({ code: ["second_factor_required"] }));
    const passed = await client.post("/rest/v1/users/email", {
      email: newEmail,
      password: PASSWORD,
      code: totpCode(secret, now + STEP),
    });
    expect(passed.status, passed.text).toBe(200);
    expect(await codeDeliveredTo(newEmail)).toMatch(/^\d{6}$/);
  });
});
