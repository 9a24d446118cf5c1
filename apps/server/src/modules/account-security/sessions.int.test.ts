import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Production's session reuse (SESSION_CACHE_MS, 2 s): an ended session must stop within it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { sessionCache: "production" });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** A second browser of the same user, logged in through the log-in route with its own agent. */
async function secondBrowser(of: TestClient, userAgent: string): Promise<TestClient> {
  const browser = t.client();
  const login = await browser.post(
    "/rest/v1/auth/login",
    { login: of.user!.username, password: of.user!.password },
    { headers: { "user-agent": userAgent } },
  );
  expect(login.status).toBe(200);
  browser.user = of.user;
  return browser;
}

const me = async (client: TestClient) => (await client.get("/rest/v1/users/current_user")).status;

describe("GET /rest/v1/users/sessions", () => {
  it("lists the account's live sessions with the device, the address and the current one marked", async () => {
    const first = await t.signUp();
    const second = await secondBrowser(first, FIREFOX);
    const listed = await second.get("/rest/v1/users/sessions", { headers: { "user-agent": FIREFOX } });
    expect(listed.status).toBe(200);
    const sessions = listed.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((s) => s.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: "Firefox on Windows", country: null, ip: "127.0.0.1" });
    expect(typeof current[0]?.lastActiveAt).toBe("string");
    // Tokens never leave the server, hashed or not.
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);
  });

  it("shows none of another account's sessions", async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    await secondBrowser(bo, CHROME);
    const listed = await ana.get("/rest/v1/users/sessions");
    expect(listed.body.data).toHaveLength(1);
  });

  it("refuses a visitor", async () => {
    const listed = await t.client().get("/rest/v1/users/sessions");
    expect(listed.status).toBe(401);
  });
});

describe("ending sessions", () => {
  it("ends another session of the account: it stops working within SESSION_CACHE_MS, mid-use", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const laptop = await t.signUp();
      const phone = await secondBrowser(laptop, CHROME);
      // The phone is in use: this process has looked its session up and reuses it.
      expect(await me(phone)).toBe(200);
      const phoneSession = (await phone.get("/rest/v1/users/sessions")).body.data.find(
        (s: { isCurrent: boolean }) => s.isCurrent,
      );
      const ended = await laptop.delete(`/rest/v1/users/sessions/${phoneSession.id}`);
      expect(ended.status).toBe(200);
      expect(ended.body.data).toEqual({ ended: 1 });
      vi.setSystemTime(Date.now() + t.config.SESSION_CACHE_MS);
      const after = await phone.get("/rest/v1/users/current_user");
      expect(after.status).toBe(401);
      expect(after.body.errors.code).toBe("ERROR_UNAUTHENTICATED");
      expect(await me(laptop)).toBe(200);
      expect((await laptop.get("/rest/v1/users/sessions")).body.data).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses to end the current session (log out does that) and keeps it", async () => {
    const user = await t.signUp();
    const [current] = (await user.get("/rest/v1/users/sessions")).body.data;
    const refused = await user.delete(`/rest/v1/users/sessions/${current.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    expect(JSON.stringify(refused.body)).toContain("sessions.current");
    expect(await me(user)).toBe(200);
  });

  it("answers another account's session, an unknown one and an ended one alike: not found, and ends nothing", async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const boPhone = await secondBrowser(bo, CHROME);
    const boSessions = (await bo.get("/rest/v1/users/sessions")).body.data as Array<{ id: number }>;
    for (const session of boSessions) {
      const refused = await ana.delete(`/rest/v1/users/sessions/${session.id}`);
      expect(refused.status).toBe(404);
      expect(refused.body.errors.code).toBe("ERROR_NOT_FOUND");
    }
    expect(await me(bo)).toBe(200);
    expect(await me(boPhone)).toBe(200);
    const unknown = await ana.delete("/rest/v1/users/sessions/2147483647");
    expect(unknown.status).toBe(404);
    const bad = await ana.delete("/rest/v1/users/sessions/not-a-number");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    const phoneId = boSessions.find((s) => !("isCurrent" in s && s.isCurrent))?.id;
    await bo.delete(`/rest/v1/users/sessions/${phoneId}`);
    const again = await bo.delete(`/rest/v1/users/sessions/${phoneId}`);
    expect(again.status).toBe(404);
  });

  it("ends every other session of the account and keeps the current one and other accounts'", async () => {
    const user = await t.signUp();
    const others = [await secondBrowser(user, CHROME), await secondBrowser(user, FIREFOX)];
    const stranger = await t.signUp();
    const ended = await user.delete("/rest/v1/users/sessions");
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ ended: 2 });
    for (const other of others) expect(await me(other)).toBe(401);
    expect(await me(user)).toBe(200);
    expect(await me(stranger)).toBe(200);
    const again = await user.delete("/rest/v1/users/sessions");
    expect(again.body.data).toEqual({ ended: 0 });
  });

  it("needs the CSRF token to end sessions", async () => {
    const user = await t.signUp();
    await secondBrowser(user, CHROME);
    const refused = await user.request("DELETE", "/rest/v1/users/sessions", undefined, { withoutCsrf: true });
    expect(refused.status).toBe(403);
    expect((await user.get("/rest/v1/users/sessions")).body.data).toHaveLength(2);
  });
});
