import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

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

  it("never reuses an unknown token", async () => {
    const user = await t.signUp();
    await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    // Not looked up before the revocation, so nothing was kept: refused straight away.
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(401);
  });
});
