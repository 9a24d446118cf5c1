import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { createTrader, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { newApplicant, sendWholeId } from "../../../test/verification-steps.ts";
import { recordActivity } from "../account-security/index.ts";

/** The user page's activity, relations and verification sections, for supermods and admins. */

let t: TestApp;
let supermod: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [supermod, moderator] = await Promise.all([
    createTrader(t, { roles: ["user", "supermod"] }),
    createTrader(t, { roles: ["user", "moderator"] }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const section = (user: TestUser, username: string, name: string, query = "") =>
  user.client.get(`/rest/v1/admin/users/${username}/${name}${query}`);

describe("a user's activity for staff", () => {
  it("pages the account's activity log, newest first", async () => {
    const user = await createTrader(t);
    // The account's own sign-up and log-in wrote their lines already.
    const before = (await section(supermod, user.username, "activity")).body.meta.total as number;
    await recordActivity(t.db, { userId: user.id, type: "login", ip: "10.1.2.3", userAgent: "Firefox" });
    await recordActivity(t.db, { userId: user.id, type: "password_change" });
    await recordActivity(t.db, { userId: user.id, type: "withdrawal", details: { amount: "5", currency: "USDT" } });
    const first = await section(supermod, user.username, "activity", "?page=1&perPage=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((row: { type: string }) => row.type)).toEqual(["withdrawal", "password_change"]);
    expect(first.body.data[0].details).toEqual({ amount: "5", currency: "USDT" });
    expect(first.body.meta).toMatchObject({ total: before + 3, currentPage: 1, lastPage: Math.ceil((before + 3) / 2) });
    const second = await section(supermod, user.username, "activity", "?page=2&perPage=2");
    expect(second.body.data[0]).toEqual(expect.objectContaining({ type: "login", ip: "10.1.2.3" }));
    // Nobody else's lines.
    const other = await createTrader(t);
    const theirs = await section(supermod, other.username, "activity", "?perPage=100");
    expect(theirs.body.data.map((row: { type: string }) => row.type)).not.toContain("withdrawal");
    expect(theirs.body.data.map((row: { ip: string | null }) => row.ip)).not.toContain("10.1.2.3");
  });
});

describe("a user's relations for staff", () => {
  it("counts and lists whom the account trusts and blocks, and who trusts and blocks it", async () => {
    const [user, friend, pest, fan, critic] = await Promise.all([
      createTrader(t),
      createTrader(t),
      createTrader(t),
      createTrader(t),
      createTrader(t),
    ]);
    const relate = async (from: TestUser, to: TestUser, action: string) =>
      expect((await from.client.post(`/rest/v1/users/${to.username}/relations`, { action })).status).toBe(200);
    await relate(user, friend, "trust");
    await relate(user, pest, "block");
    await relate(fan, user, "trust");
    await relate(friend, user, "trust");
    await relate(critic, user, "block");

    const answer = await section(supermod, user.username, "relations");
    expect(answer.status).toBe(200);
    const names = (list: { items: { username: string }[] }) => list.items.map((item) => item.username).sort();
    const relations = answer.body.data;
    expect([relations.trusts.total, names(relations.trusts)]).toEqual([1, [friend.username]]);
    expect([relations.blocks.total, names(relations.blocks)]).toEqual([1, [pest.username]]);
    expect([relations.trustedBy.total, names(relations.trustedBy)]).toEqual([
      2,
      [fan.username, friend.username].sort(),
    ]);
    expect([relations.blockedBy.total, names(relations.blockedBy)]).toEqual([1, [critic.username]]);
    expect(relations.trusts.items[0].since).toEqual(expect.any(String));
  });
});

describe("a user's verification documents for staff", () => {
  it("lists the submissions with their documents, newest first", async () => {
    const user = await newApplicant(t);
    expect((await section(supermod, user.username, "verifications")).body.data).toEqual([]);
    const sent = await sendWholeId(user);
    expect(sent.status).toBe(200);
    const answer = await section(supermod, user.username, "verifications");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([expect.objectContaining({ type: "id", status: "uploaded", missing: [] })]);
    expect(answer.body.data[0].documents.map((document: { side: string }) => document.side).sort()).toEqual([
      "back",
      "front",
      "selfie",
    ]);
    // The submission's id opens it in the review queue, where its documents are viewed.
    const review = await moderator.client.get(`/rest/v1/admin/verifications/${answer.body.data[0].id}`);
    expect(review.status).toBe(200);
  });
});

describe("the sections' guards", () => {
  it("refuse a moderator and a plain user, and answer 404 for a name that is no account", async () => {
    const user = await createTrader(t);
    for (const name of ["activity", "relations", "verifications"]) {
      expect((await section(moderator, user.username, name)).status).toBe(403);
      expect((await section(user, user.username, name)).status).toBe(403);
      const missing = await section(supermod, "no_such_account_here", name);
      expect([missing.status, missing.body.errors.code]).toEqual([404, "ERROR_USER_NOT_FOUND"]);
    }
    const badPage = await section(supermod, user.username, "activity", "?page=0");
    expect(badPage.status).toBe(422);
  });
});
