import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { lastMailTo, startTestSmtp } from "../../../test/smtp.ts";
import { deliverPendingMail, listMail } from "../mail/index.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function registered(name: string) {
  const client = t.client();
  const response = await client.post("/rest/v1/auth/register", {
    email: `${name}@example.test`,
    username: name,
    password: "Verify-password-1!",
  });
  expect(response.status).toBe(201);
  return client;
}

async function codeMailedTo(email: string): Promise<string> {
  const mail = (await listMail(t.db)).find((row) => row.to_address === email);
  const code = mail?.body_text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("e-mail verification", () => {
  it("sign-up mails a code that verifies the address, once", async () => {
    const client = await registered("verifyana");
    const code = await codeMailedTo("verifyana@example.test");
    const wrong = await client.post("/rest/v1/user-verification/email/verify-code", { code: wrongCode(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.details ?? wrong.body).toMatchObject({ code: ["email_code.wrong"] });
    const ok = await client.post("/rest/v1/user-verification/email/verify-code", { code });
    expect(ok.status).toBe(200);
    const me = await client.get("/rest/v1/users/current_user");
    expect(JSON.stringify(me.body)).toContain('"email":true');
    const again = await client.post("/rest/v1/user-verification/email/verify-code", { code });
    expect(again.status).toBe(409);
  });

  it("refuses the right code after five wrong ones", async () => {
    const client = await registered("verifybo");
    const code = await codeMailedTo("verifybo@example.test");
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post("/rest/v1/user-verification/email/verify-code", { code: wrongCode(code) })).status,
      ).toBe(422);
    }
    const late = await client.post("/rest/v1/user-verification/email/verify-code", { code });
    expect(late.status).toBe(422);
    expect(JSON.stringify(late.body)).toContain("email_code.too_many_attempts");
  });

  it("refuses an expired code", async () => {
    const client = await registered("verifycy");
    const code = await codeMailedTo("verifycy@example.test");
    await t.ownerDb
      .withTables<{ email_codes: { expires_at: Date; email: string } }>()
      .updateTable("email_codes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("email", "=", "verifycy@example.test")
      .execute();
    const late = await client.post("/rest/v1/user-verification/email/verify-code", { code });
    expect(JSON.stringify(late.body)).toContain("email_code.expired");
  });

  it("makes a resend wait out the cooldown, and refuses a malformed code", async () => {
    const client = await registered("verifydi");
    const soon = await client.post("/rest/v1/user-verification/email/resend-code");
    expect(soon.status).toBe(429);
    expect((await client.post("/rest/v1/user-verification/email/verify-code", { code: "12ab" })).status).toBe(422);
  });

  it("changes the unconfirmed address and mails the new one a code that works", async () => {
    const client = await registered("verifyed");
    const taken = await client.post("/rest/v1/user-verification/email/change-unconfirmed", {
      email: "verifyana@example.test",
    });
    expect(taken.status).toBe(422);
    const moved = await client.post("/rest/v1/user-verification/email/change-unconfirmed", {
      email: "ed-new@example.test",
    });
    expect(moved.status).toBe(200);
    const code = await codeMailedTo("ed-new@example.test");
    expect((await client.post("/rest/v1/user-verification/email/verify-code", { code })).status).toBe(200);
  });

  it("the code in the mail delivered over SMTP verifies the account", async () => {
    const smtp = await startTestSmtp();
    try {
      const client = await registered("verifyfay");
      await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
      const mail = lastMailTo(smtp, "verifyfay@example.test");
      expect(mail?.subject).toBe("Your Souk verification code");
      const code = mail?.text?.match(/\b(\d{6})\b/)?.[1] ?? "";
      expect((await client.post("/rest/v1/user-verification/email/verify-code", { code })).status).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it("is for signed-in users only", async () => {
    expect((await t.client().post("/rest/v1/user-verification/email/resend-code")).status).toBe(401);
  });
});
