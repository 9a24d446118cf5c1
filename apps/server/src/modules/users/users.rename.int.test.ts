import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, uniqueName } from "../../../test/harness.ts";
import { renameOnce } from "./users.repo.ts";

/**
 * A rename and the sessions this process reuses (a minute here): only a rename that happened
 * makes them be read again. A ban written straight into the table (as another copy would) shows
 * whether the session was read again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: 60_000 });
});
afterAll(async () => {
  await t.close();
});

describe("renameOnce and the reused sessions", () => {
  it("keeps the reused session when the rename is refused, and reads it again after one that passed", async () => {
    const user = await t.signUp();
    const userId = user.user!.id;
    const currentUser = () => user.get("/rest/v1/users/current_user");
    expect((await currentUser()).status).toBe(200);
    await sql`UPDATE users SET is_banned = true, username_changed_at = now() WHERE id = ${userId}`.execute(t.ownerDb);

    expect(await renameOnce(t.db, userId, uniqueName("refused"))).toBe(false);
    expect((await currentUser()).status).toBe(200);

    await sql`UPDATE users SET username_changed_at = NULL WHERE id = ${userId}`.execute(t.ownerDb);
    expect(await renameOnce(t.db, userId, uniqueName("renamed"))).toBe(true);
    const after = await currentUser();
    expect(after.status).toBe(403);
    expect(after.body.errors.code).toBe("ERROR_ACCOUNT_BANNED");
  });
});
