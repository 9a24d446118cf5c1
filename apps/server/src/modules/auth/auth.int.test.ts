import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp, uniqueName } from "../../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For, so each throttling test has an address of its own.
  t = await createTestApp({ TRUST_PROXY_HOPS: 1 });
});

let lastAddress = 0;
/** A client address no other test uses. */
function freshAddress(): { headers: Record<string, string> } {
  lastAddress += 1;
  return { headers: { "x-forwarded-for": `10.77.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}` } };
}
afterAll(async () => {
  await t.close();
});

const strongPassword = "Correct-horse-9!";

describe("registration", () => {
  it("creates an account, logs it in and returns the current user with a new CSRF token", async () => {
    const client = t.client();
    const username = uniqueName("reg");
    const response = await client.post("/rest/v1/auth/register", {
      email: `${username}@example.com`,
      username,
      password: strongPassword,
    });
    expect(response.status).toBe(201);
    expect(response.body.data.user.username).toBe(username);
    expect(response.body.data.user.currencyId).toBe(144);
    expect(response.body.data.user.roles).toEqual(["user"]);
    expect(typeof response.body.data.csrfToken).toBe("string");
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/souk_session=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get("/rest/v1/users/current_user");
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(username);
  });

  it("stores the password as an argon2id hash, never as given", async () => {
    const client = t.client();
    const username = uniqueName("hash");
    await client.post("/rest/v1/auth/register", {
      email: `${username}@example.com`,
      username,
      password: strongPassword,
    });
    const { rows } = await (await import("kysely")).sql<{
      password_hash: string;
    }>`SELECT password_hash FROM users WHERE username = ${username}`.execute(t.ownerDb);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(strongPassword);
  });

  it.each([
    ["short", "Ab1!", "password_too_short"],
    ["no digit", "Abcdefghij!", "password_needs_digit"],
    ["no lower case", "ABCDEFGHIJ1!", "password_needs_lower"],
    ["no upper case", "abcdefghij1!", "password_needs_upper"],
    ["no special character", "Abcdefghij12", "password_needs_special"],
  ])("refuses a password with %s, keyed by field", async (_label, password, key) => {
    const username = uniqueName("pw");
    const response = await t
      .client()
      .post("/rest/v1/auth/register", { email: `${username}@example.com`, username, password });
    expect(response.status).toBe(422);
    expect(response.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    expect(response.body.errors.details.password).toContain(key);
  });

  it.each(["plain", "a@b", "a..b@example.com", "a@example..com", "a@example.c", "a b@example.com"])(
    "refuses the e-mail %s",
    async (email) => {
      const response = await t
        .client()
        .post("/rest/v1/auth/register", { email, username: uniqueName("em"), password: strongPassword });
      expect(response.status).toBe(422);
      expect(response.body.errors.details.email).toEqual(["email_invalid"]);
    },
  );

  it("refuses a taken e-mail or username whatever their case", async () => {
    const username = uniqueName("dup");
    const first = await t
      .client()
      .post("/rest/v1/auth/register", { email: `${username}@example.com`, username, password: strongPassword });
    expect(first.status).toBe(201);
    const again = await t.client().post("/rest/v1/auth/register", {
      email: `${username.toUpperCase()}@EXAMPLE.com`,
      username: username.toUpperCase(),
      password: strongPassword,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.details).toEqual({ email: ["email_taken"], username: ["username_taken"] });
  });

  it("refuses a body with missing fields or of the wrong type without a server error", async () => {
    const missing = await t.client().post("/rest/v1/auth/register", {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors.details).sort()).toEqual(["email", "password", "username"]);
    const wrongType = await t.client().post("/rest/v1/auth/register", { email: 5, username: [], password: null });
    expect(wrongType.status).toBe(422);
  });
});

describe("log-in and log-out", () => {
  it("logs in by username or by e-mail and rotates the session", async () => {
    const user = await t.signUp();
    const byEmail = t.client();
    const response = await byEmail.post("/rest/v1/auth/login", {
      login: user.user!.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.username).toBe(user.user!.username);
  });

  it("answers a wrong password and an unknown login alike", async () => {
    const user = await t.signUp();
    const wrong = await t
      .client()
      .post("/rest/v1/auth/login", { login: user.user!.username, password: "Wrong-password-1!" });
    const unknown = await t
      .client()
      .post("/rest/v1/auth/login", { login: uniqueName("nobody"), password: "Wrong-password-1!" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors.code).toBe("ERROR_INVALID_CREDENTIALS");
  });

  it("throttles an account after repeated failures, even with the right password", async () => {
    const user = await t.signUp();
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1) {
      const response = await t
        .client()
        .post("/rest/v1/auth/login", { login: user.user!.username, password: "Wrong-password-1!" });
      expect(response.status).toBe(401);
    }
    const blocked = await t
      .client()
      .post("/rest/v1/auth/login", { login: user.user!.username, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors.code).toBe("ERROR_RATE_LIMITED");
    expect(blocked.headers["retry-after"]).toBeDefined();
  });

  it("lets no more than the limit of a burst of parallel wrong passwords be checked", async () => {
    const user = await t.signUp();
    const from = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.client().post("/rest/v1/auth/login", { login: user.user!.username, password: "Wrong-password-1!" }, from),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(t.config.LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - t.config.LOGIN_MAX_FAILURES);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body.errors.details.retryAfter).toBe(Number(limited.headers["retry-after"]));
  });

  it("counts failures against the account, so its e-mail address is locked out with its username", async () => {
    const user = await t.signUp();
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1) {
      await t
        .client()
        .post("/rest/v1/auth/login", { login: user.user!.username, password: "Wrong-password-1!" }, freshAddress());
    }
    // From yet another address: the account is what is locked, not the address or the typed login.
    const byEmail = await t
      .client()
      .post("/rest/v1/auth/login", { login: user.user!.email, password: TEST_PASSWORD }, freshAddress());
    expect(byEmail.status).toBe(429);
    const byUpperName = await t
      .client()
      .post(
        "/rest/v1/auth/login",
        { login: user.user!.username.toUpperCase(), password: TEST_PASSWORD },
        freshAddress(),
      );
    expect(byUpperName.status).toBe(429);
  });

  it("throttles a login that names no account exactly like a real one", async () => {
    const user = await t.signUp();
    const nobody = uniqueName("nobody");
    const [fromReal, fromUnknown] = [freshAddress(), freshAddress()];
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i <= t.config.LOGIN_MAX_FAILURES; i += 1) {
      const login = (name: string, from: { headers: Record<string, string> }) =>
        t.client().post("/rest/v1/auth/login", { login: name, password: "Wrong-1!aa" }, from);
      real.push((await login(user.user!.username, fromReal)).status);
      unknown.push((await login(nobody, fromUnknown)).status);
    }
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toBe(429);
  });

  it("forgets an account's failures at a success", async () => {
    const user = await t.signUp();
    const from = freshAddress();
    const attempt = (password: string) =>
      t.client().post("/rest/v1/auth/login", { login: user.user!.username, password }, from);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES - 1; i += 1) await attempt("Wrong-password-1!");
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1)
      expect((await attempt("Wrong-password-1!")).status).toBe(401);
    expect((await attempt("Wrong-password-1!")).status).toBe(429);
  });

  it("limits an address trying many accounts to five times an account's failures", async () => {
    const from = freshAddress();
    const limit = t.config.LOGIN_MAX_FAILURES * 5;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const response = await t
        .client()
        .post("/rest/v1/auth/login", { login: uniqueName("spray"), password: "Wrong-1!aa" }, from);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(limit).fill(401), 429]);
  });

  it("refuses a banned account at log-in and ends its open sessions' access", async () => {
    const user = await t.signUp();
    await (await import("kysely")).sql`UPDATE users SET is_banned = true WHERE id = ${user.user!.id}`.execute(
      t.ownerDb,
    );
    const again = await t.client().post("/rest/v1/auth/login", { login: user.user!.username, password: TEST_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.errors.code).toBe("ERROR_ACCOUNT_BANNED");
    const me = await user.get("/rest/v1/users/current_user");
    expect(me.status).toBe(403);
  });

  it("logs out: the session no longer works", async () => {
    const user = await t.signUp();
    const before = await user.get("/rest/v1/users/current_user");
    expect(before.status).toBe(200);
    const out = await user.post("/rest/v1/auth/logout");
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: null, meta: null });
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(401);
  });

  it("refuses log-out without a session", async () => {
    const response = await t.client().post("/rest/v1/auth/logout");
    expect(response.status).toBe(401);
    expect(response.body.errors.code).toBe("ERROR_UNAUTHENTICATED");
  });

  it("refuses log-in input of the wrong shape", async () => {
    const response = await t.client().post("/rest/v1/auth/login", { login: "", password: "" });
    expect(response.status).toBe(422);
    expect(response.body.errors.details).toEqual({ login: ["login_required"], password: ["password_required"] });
  });
});
