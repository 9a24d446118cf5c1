import { contactListResponseSchema, relationResponseSchema } from "@souk/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { countRelations, getChatAcceptance, getRelation } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function relate(client: TestClient, username: string, action: string) {
  return client.post(`/rest/v1/users/${username}/relations`, { action });
}

async function profileOf(username: string) {
  return (await t.client().get(`/rest/v1/users/${username}`)).body.data;
}

describe("relations", () => {
  it("trusts, blocks, unblocks and untrusts with the spec's state words", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const name = bob.user!.username;

    const trusted = await relate(alice, name, "trust");
    expect(trusted.status).toBe(200);
    expect(relationResponseSchema.parse(trusted.body).data).toEqual({
      username: name,
      state: "trusted",
      isTrusted: true,
      isBlocked: false,
    });
    expect((await relate(alice, name, "block")).body.data).toMatchObject({
      state: "blocked",
      isTrusted: false,
      isBlocked: true,
    });
    expect((await relate(alice, name, "unblock")).body.data).toMatchObject({ state: "unblocked", isBlocked: false });
    expect((await relate(alice, name, "trust")).body.data).toMatchObject({ isTrusted: true });
    expect((await relate(alice, name, "untrust")).body.data).toMatchObject({ state: "untrusted", isTrusted: false });
  });

  it("answers the viewer's relation as it stands, for the profile's buttons", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const name = bob.user!.username;
    const standing = async () => {
      const answer = await alice.get(`/rest/v1/users/${name.toUpperCase()}/relations`);
      expect(answer.status, answer.text).toBe(200);
      return relationResponseSchema.parse(answer.body).data;
    };
    expect(await standing()).toEqual({ username: name, state: "untrusted", isTrusted: false, isBlocked: false });
    await relate(alice, name, "trust");
    expect(await standing()).toEqual({ username: name, state: "trusted", isTrusted: true, isBlocked: false });
    await relate(alice, name, "block");
    expect(await standing()).toEqual({ username: name, state: "blocked", isTrusted: false, isBlocked: true });
    // Bob's own view of Alice is his, not hers.
    expect((await bob.get(`/rest/v1/users/${alice.user!.username}/relations`)).body.data).toMatchObject({
      isTrusted: false,
      isBlocked: false,
    });
    expect((await alice.get(`/rest/v1/users/${alice.user!.username}/relations`)).status).toBe(422);
    expect((await alice.get("/rest/v1/users/nobody_like_this/relations")).status).toBe(404);
    expect((await t.client().get(`/rest/v1/users/${name}/relations`)).status).toBe(401);
  });

  it("keeps the public profile's trusted and blocked counts equal to the relations", async () => {
    const target = await t.signUp();
    const name = target.user!.username;
    const fans = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    for (const fan of fans) await relate(fan, name, "trust");
    // Trusting twice changes nothing.
    await relate(fans[0]!, name, "trust");
    await relate(fans[1]!, name, "block");
    expect(await profileOf(name)).toMatchObject({ trustedCount: 2, blockedCount: 1 });
    await relate(fans[1]!, name, "unblock");
    await relate(fans[2]!, name, "untrust");
    expect(await profileOf(name)).toMatchObject({ trustedCount: 1, blockedCount: 0 });
    expect(await countRelations(t.db, target.user!.id)).toEqual({ trusted: 0, blocked: 0, trustedBy: 1, blockedBy: 0 });
  });

  it("keeps the counts right when the same action races with itself", async () => {
    const target = await t.signUp();
    const fan = await t.signUp();
    const name = target.user!.username;
    const answers = await Promise.all(Array.from({ length: 8 }, () => relate(fan, name, "trust")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await profileOf(name)).toMatchObject({ trustedCount: 1 });
  });

  it("finds the other user without regard to case", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const answer = await relate(alice, bob.user!.username.toUpperCase(), "block");
    expect(answer.status).toBe(200);
    expect(answer.body.data.username).toBe(bob.user!.username);
  });

  it("tells both sides of a block through the door", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    await relate(alice, bob.user!.username, "block");
    expect(await getRelation(t.db, alice.user!.id, bob.user!.id)).toEqual({
      isTrusted: false,
      isBlocked: true,
      isBlockedBy: false,
    });
    expect(await getRelation(t.db, bob.user!.id, alice.user!.id)).toEqual({
      isTrusted: false,
      isBlocked: false,
      isBlockedBy: true,
    });
  });

  it("refuses a relation to yourself with 422", async () => {
    const alice = await t.signUp();
    const answer = await relate(alice, alice.user!.username, "trust");
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      code: "ERROR_INPUT_VALIDATION",
      details: { username: ["relation_self"] },
    });
  });

  it("answers 404 for an unknown user", async () => {
    const alice = await t.signUp();
    const answer = await relate(alice, "nobody_like_this", "trust");
    expect(answer.status).toBe(404);
    expect(answer.body.errors.code).toBe("ERROR_USER_NOT_FOUND");
  });

  it("refuses an unknown action or a missing body with 422", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    for (const body of [{ action: "befriend" }, {}, { action: 1 }]) {
      const answer = await alice.post(`/rest/v1/users/${bob.user!.username}/relations`, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    }
  });

  it("refuses callers without a session with 401 and without the CSRF token with 403", async () => {
    const bob = await t.signUp();
    const anonymous = await t.client().post(`/rest/v1/users/${bob.user!.username}/relations`, { action: "trust" });
    expect(anonymous.status).toBe(401);
    const alice = await t.signUp();
    const noCsrf = await alice.post(
      `/rest/v1/users/${bob.user!.username}/relations`,
      { action: "trust" },
      {
        withoutCsrf: true,
      },
    );
    expect(noCsrf.status).toBe(403);
  });
});

describe("trusted and blocked lists", () => {
  it("pages the trusted list ten at a time, newest first, with page meta", async () => {
    const owner = await t.signUp();
    const others = [];
    for (let index = 0; index < 12; index += 1) others.push(await t.signUp());
    for (const other of others) await relate(owner, other.user!.username, "trust");
    await relate(owner, others[0]!.user!.username, "block");

    const first = await owner.get("/rest/v1/users/me/contacts/trusted-list");
    expect(first.status).toBe(200);
    const parsed = contactListResponseSchema.parse(first.body);
    expect(parsed.meta).toEqual({ total: 11, currentPage: 1, perPage: 10, lastPage: 2 });
    expect(parsed.data).toHaveLength(10);
    expect(parsed.data[0]!.username).toBe(others[11]!.user!.username);
    expect(parsed.data[0]).toMatchObject({ feedback: { positive: 0, negative: 0 }, avatarUrl: null });

    const second = await owner.get("/rest/v1/users/me/contacts/trusted-list?page=2");
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta.currentPage).toBe(2);

    const blocked = await owner.get("/rest/v1/users/me/contacts/blocked-list");
    expect(blocked.body.data.map((row: { username: string }) => row.username)).toEqual([others[0]!.user!.username]);
    expect(blocked.body.meta).toEqual({ total: 1, currentPage: 1, perPage: 10, lastPage: 1 });
  });

  it("shows each user only their own lists", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await relate(owner, other.user!.username, "block");
    const stranger = await t.signUp();
    expect((await stranger.get("/rest/v1/users/me/contacts/blocked-list")).body.meta.total).toBe(0);
  });

  it("answers an empty page past the end and 422 for a bad page", async () => {
    const owner = await t.signUp();
    const empty = await owner.get("/rest/v1/users/me/contacts/trusted-list?page=5");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], meta: { total: 0, currentPage: 5, perPage: 10, lastPage: 1 } });
    for (const page of ["0", "-1", "abc"]) {
      expect((await owner.get(`/rest/v1/users/me/contacts/blocked-list?page=${page}`)).status).toBe(422);
    }
  });

  it("is refused without a session", async () => {
    expect((await t.client().get("/rest/v1/users/me/contacts/trusted-list")).status).toBe(401);
    expect((await t.client().get("/rest/v1/users/me/contacts/blocked-list")).status).toBe(401);
  });
});

describe("messenger profile", () => {
  it("defaults to everyone and saves each chat-visibility choice", async () => {
    const user = await t.signUp();
    expect((await user.get("/proxy/messenger/v3/profile")).body.data).toEqual({ acceptChatMessages: "YES" });
    for (const choice of ["TRUSTED_ONLY", "TRUSTED_AND_TRADE_PARTNERS", "NO", "YES"]) {
      const answer = await user.put("/proxy/messenger/v3/profile", { accept_chat_messages: choice });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ acceptChatMessages: choice });
      expect(await getChatAcceptance(t.db, user.user!.id)).toBe(choice);
    }
  });

  it("answers in snake_case when asked", async () => {
    const user = await t.signUp();
    const answer = await user.get("/proxy/messenger/v3/profile?keyCase=snake_case");
    expect(answer.body.data).toEqual({ accept_chat_messages: "YES" });
  });

  it("refuses an unknown choice with 422 and no session with 401", async () => {
    const user = await t.signUp();
    const bad = await user.put("/proxy/messenger/v3/profile", { accept_chat_messages: "FRIENDS" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.details).toHaveProperty("acceptChatMessages");
    expect((await user.put("/proxy/messenger/v3/profile", {})).status).toBe(422);
    expect((await t.client().get("/proxy/messenger/v3/profile")).status).toBe(401);
    expect((await t.client().put("/proxy/messenger/v3/profile", { accept_chat_messages: "NO" })).status).toBe(401);
  });
});
