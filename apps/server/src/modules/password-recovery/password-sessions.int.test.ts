import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";

/**
 * Password change and reset end sessions through the platform's one revokeUserSessions: with the
 * production session reuse on (a minute here), an ended session is refused at once by this
 * process, which a direct UPDATE of the sessions table would not achieve.
 */
let t: TestApp;
const PASSWORD = "Sessions-password-1!";

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: 60_000 }, { sessionCache: "production" });
});
afterAll(async () => {
  await t?.close();
});

async function twoSessions(name: string) {
  const first = t.client();
  const registered = await first.post("/rest/v1/auth/register", {
    email: `${name}@example.test`,
    username: name,
    password: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const second = t.client();
  expect((await second.post("/rest/v1/auth/login", { login: name, password: PASSWORD })).status).toBe(200);
  // Both sessions are now looked up and reused by this process.
  expect((await first.get("/rest/v1/users/current_user")).status).toBe(200);
  expect((await second.get("/rest/v1/users/current_user")).status).toBe(200);
  return { first, second };
}

describe("sessions ended by password change and reset", () => {
  it("a password change ends the other session at once and keeps the current one", async () => {
    const { first, second } = await twoSessions("sessana");
    const changed = await first.post("/rest/v1/users/password", {
      currentPassword: PASSWORD,
      newPassword: "Changed-password-2!",
    });
    expect(changed.status).toBe(200);
    expect((await second.get("/rest/v1/users/current_user")).status).toBe(401);
    expect((await first.get("/rest/v1/users/current_user")).status).toBe(200);
  });

  it("a password reset ends every session at once", async () => {
    const { first, second } = await twoSessions("sessbo");
    const forgot = await t.client().post("/rest/v1/auth/password/forgot", { email: "sessbo@example.test" });
    expect(forgot.status).toBe(200);
    const link = await t.ownerDb
      .withTables<{ mail_outbox: { id: string; body_text: string; to_address: string } }>()
      .selectFrom("mail_outbox")
      .select("body_text")
      .where("to_address", "=", "sessbo@example.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = link.body_text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? "";
    const reset = await t.client().post("/rest/v1/auth/password/reset", { token, password: "Reset-password-3!" });
    expect(reset.status).toBe(200);
    expect((await first.get("/rest/v1/users/current_user")).status).toBe(401);
    expect((await second.get("/rest/v1/users/current_user")).status).toBe(401);
  });
});
