import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { lastMailTo, onAppWithSmtp, type TestSmtp } from "../../../test/smtp.ts";
import { deliverPendingMail } from "../mail/index.ts";

let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = "Recover-password-1!";

onAppWithSmtp({ PUBLIC_URL: "https://souk.example" }, (app, server) => {
  t = app;
  smtp = server;
});

async function account(name: string) {
  const client = t.client();
  const response = await client.post("/rest/v1/auth/register", {
    email: `${name}@example.test`,
    username: name,
    password: PASSWORD,
  });
  expect(response.status).toBe(201);
  return client;
}

/** Asks for a link, delivers the outbox through the SMTP server and reads the token from the mail. */
async function mailedToken(email: string): Promise<string> {
  const forgot = await t.client().post("/rest/v1/auth/password/forgot", { email });
  expect(forgot.status).toBe(200);
  await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
  const mail = lastMailTo(smtp, email);
  const link = mail?.text?.match(/https:\/\/souk\.example\/password\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return link[1];
}

const logIn = (login: string, password: string) => t.client().post("/rest/v1/auth/login", { login, password });

describe("forgotten password", () => {
  it("the mailed link resets the password once and ends every session", async () => {
    const session = await account("resetana");
    const token = await mailedToken("resetana@example.test");
    const reset = await t.client().post("/rest/v1/auth/password/reset", { token, password: "Brand-new-pass-2!" });
    expect(reset.status).toBe(200);
    expect((await session.get("/rest/v1/users/current_user")).status).toBe(401);
    expect((await logIn("resetana", PASSWORD)).status).toBe(401);
    expect((await logIn("resetana", "Brand-new-pass-2!")).status).toBe(200);
    const twice = await t.client().post("/rest/v1/auth/password/reset", { token, password: "Third-password-3!" });
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain("password_reset.invalid");
  });

  it("two parallel uses of one token: exactly one succeeds", async () => {
    await account("resetbo");
    const token = await mailedToken("resetbo@example.test");
    const answers = await Promise.all(
      ["Parallel-one-pass-1!", "Parallel-two-pass-2!"].map((password) =>
        t.client().post("/rest/v1/auth/password/reset", { token, password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it("answers an unknown address exactly as a known one and mails nothing", async () => {
    await account("resetcy");
    const before = smtp.received.length;
    const known = await t.client().post("/rest/v1/auth/password/forgot", { email: "resetcy@example.test" });
    const unknown = await t.client().post("/rest/v1/auth/password/forgot", { email: "nobody-here@example.test" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
    const sentTo = smtp.received.slice(before).map((m) => JSON.stringify(m.to));
    expect(sentTo.some((to) => to.includes("nobody-here"))).toBe(false);
  });

  it("refuses an expired token and a weak password", async () => {
    await account("resetdi");
    const token = await mailedToken("resetdi@example.test");
    expect((await t.client().post("/rest/v1/auth/password/reset", { token, password: "short" })).status).toBe(422);
    await t.ownerDb
      .withTables<{ password_reset_tokens: { expires_at: Date } }>()
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await t.client().post("/rest/v1/auth/password/reset", { token, password: "Late-password-4!" });
    expect(late.status).toBe(422);
  });
});

describe("a closed account", () => {
  const close = (username: string) =>
    t.ownerDb
      .withTables<{ users: { username: string; closed_at: Date | null } }>()
      .updateTable("users")
      .set({ closed_at: new Date() })
      .where("username", "=", username)
      .execute();

  it("forgot answers as for any address and mails nothing", async () => {
    await account("resetclo");
    await close("resetclo");
    const before = smtp.received.length;
    const closed = await t.client().post("/rest/v1/auth/password/forgot", { email: "resetclo@example.test" });
    const unknown = await t.client().post("/rest/v1/auth/password/forgot", { email: "nobody-else@example.test" });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual(unknown.body);
    await deliverPendingMail(t.db, { ...t.config, SMTP_URL: smtp.url });
    const links = smtp.received.slice(before).filter((m) => m.text?.includes("/password/reset"));
    expect(links.map((m) => JSON.stringify(m.to)).some((to) => to.includes("resetclo"))).toBe(false);
  });

  it("a link mailed before the closure is refused with ERROR_ACCOUNT_CLOSED and the password stays", async () => {
    await account("resetclu");
    const token = await mailedToken("resetclu@example.test");
    await close("resetclu");
    const reset = await t.client().post("/rest/v1/auth/password/reset", { token, password: "After-closing-pass-5!" });
    expect(reset.status).toBe(403);
    expect(reset.body.errors.code).toBe("ERROR_ACCOUNT_CLOSED");
    const hashes = await t.ownerDb
      .withTables<{ users: { username: string; password_hash: string } }>()
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", "resetclu")
      .executeTakeFirstOrThrow();
    expect(hashes.password_hash).toContain("argon2");
    // The log-in still answers with the old password's check and the closure, never a new password.
    const login = await logIn("resetclu", "After-closing-pass-5!");
    expect(login.status).toBe(401);
  });
});
