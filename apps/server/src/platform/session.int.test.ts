import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { createTrader } from "../../test/races/trade-fixtures.ts";

/** An app that reuses a looked-up session for a minute (production reuses it for 2 s). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: 60_000 });
});
afterAll(async () => {
  await t.close();
});

describe("session reuse (SESSION_CACHE_MS)", () => {
  it("answers from the reused session until it runs out: a ban made elsewhere waits for it", async () => {
    const user = await t.signUp();
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(200);
    // Another copy (or the operator) bans the user: this process has not heard of it yet.
    await sql`UPDATE users SET is_banned = true WHERE id = ${user.user!.id}`.execute(t.ownerDb);
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(200);
  });

  it("forgets a session at once when it is logged out through this process", async () => {
    const user = await t.signUp();
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(200);
    expect((await user.post("/rest/v1/auth/logout")).status).toBe(200);
    const after = await user.get("/rest/v1/users/current_user");
    expect(after.status).toBe(401);
    expect(after.body.errors.code).toBe("ERROR_UNAUTHENTICATED");
  });

  it("reads a freeze and its lift made through this process at once, despite the reuse", async () => {
    const [user, admin] = await Promise.all([createTrader(t), createTrader(t, { roles: ["user", "admin"] })]);
    const send = () =>
      user.client.post(
        "/rest/v1/wallet/send",
        { cryptoCurrencyCode: "USDT", amount: "1", username: admin.username },
        { headers: { "idempotency-key": randomUUID() } },
      );
    expect((await send()).body.errors?.code).not.toBe("ERROR_USER_RESTRICTED");
    const path = `/rest/v1/admin/users/${user.username}/restrictions`;
    expect((await admin.client.post(path, { kind: "frozen", reason: "Chargeback under review" })).status).toBe(200);
    expect((await send()).body.errors?.code).toBe("ERROR_USER_RESTRICTED");
    expect((await admin.client.post(`${path}/frozen/lift`, { reason: "Chargeback withdrawn" })).status).toBe(200);
    expect((await send()).body.errors?.code).not.toBe("ERROR_USER_RESTRICTED");
  });

  it("never reuses an unknown token", async () => {
    const user = await t.signUp();
    await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    // Not looked up before the revocation, so nothing was kept: refused straight away.
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(401);
  });
});

/**
 * The production setting: a ban or a logout made anywhere takes effect on every copy within
 * SESSION_CACHE_MS. The clock (Date only; timers and I/O run as usual) is moved by hand, so these
 * tests wait for nothing and do not depend on the machine's speed.
 */
describe("sessions under the production reuse, on one copy and across two", () => {
  let prod: TestApp;
  let copyB: Awaited<ReturnType<TestApp["startCopy"]>>;
  beforeAll(async () => {
    prod = await createTestApp({}, { sessionCache: "production" });
    copyB = await prod.startCopy();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await copyB.close();
    await prod.close();
  });

  const status = async (client: TestClient) => (await client.get("/rest/v1/users/current_user")).status;

  /** A user whose session both copies have looked up (and so reuse from now on). */
  async function userKnownToBothCopies(): Promise<{ onA: TestClient; onB: TestClient }> {
    const onA = await prod.signUp();
    const onB = onA.on(copyB.app);
    expect(await status(onA)).toBe(200);
    expect(await status(onB)).toBe(200);
    return { onA, onB };
  }

  it("runs with the production reuse of 2 s", () => {
    expect(prod.config.SESSION_CACHE_MS).toBe(2_000);
  });

  it("refuses a banned user on both copies once SESSION_CACHE_MS has passed since the ban", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const { onA, onB } = await userKnownToBothCopies();
      await sql`UPDATE users SET is_banned = true WHERE id = ${onA.user!.id}`.execute(prod.ownerDb);
      vi.setSystemTime(Date.now() + prod.config.SESSION_CACHE_MS);
      for (const client of [onA, onB]) {
        const after = await client.get("/rest/v1/users/current_user");
        expect(after.status).toBe(403);
        expect(after.body.errors.code).toBe("ERROR_ACCOUNT_BANNED");
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs out at once on the copy that logged out, and on the other within SESSION_CACHE_MS", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const { onA, onB } = await userKnownToBothCopies();
      const logout = await onB.post("/rest/v1/auth/logout");
      expect(logout.status).toBe(200);
      // Copy B forgot the session when it logged it out; copy A sees it once its reuse ran out.
      expect(await status(onB)).toBe(401);
      vi.setSystemTime(Date.now() + prod.config.SESSION_CACHE_MS);
      expect(await status(onA)).toBe(401);
      expect(await status(onB)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows what the reuse allows: within SESSION_CACHE_MS the other copy may still answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const { onA, onB } = await userKnownToBothCopies();
      expect((await onA.post("/rest/v1/auth/logout")).status).toBe(200);
      expect(await status(onA)).toBe(401);
      // The bound is tight: a moment before it ends, copy B still reuses what it looked up.
      vi.setSystemTime(Date.now() + prod.config.SESSION_CACHE_MS - 50);
      expect(await status(onB)).toBe(200);
      vi.setSystemTime(Date.now() + 50);
      expect(await status(onB)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
