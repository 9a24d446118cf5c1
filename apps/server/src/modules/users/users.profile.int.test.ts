import { currentUserSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, uniqueName } from "../../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("settings answers", () => {
  it("return every saved field, and the current user shows them after", async () => {
    const user = await t.signUp();
    const saved = {
      bio: "Fast and friendly, bank transfers only.",
      notifyTradeMessagesInterval: "25",
      fullNameVisibilityType: "full_name",
      firstName: "Amina",
      lastName: "Diallo",
      fiatCurrencyCode: "EUR",
      locale: "fr",
      timezone: "Europe/Paris",
      acceptChatMessages: "TRUSTED_AND_TRADE_PARTNERS",
      siteTheme: "dark",
    };
    const response = await user.post("/rest/v1/users/settings", saved);
    expect(response.status).toBe(200);
    const expected = {
      bio: saved.bio,
      notifyTradeMessagesInterval: 25,
      fullNameVisibilityType: "full_name",
      firstName: "Amina",
      lastName: "Diallo",
      userFullName: "Amina Diallo",
      fiatCurrencyCode: "EUR",
      locale: "fr",
      urlLocale: "fr",
      timezone: "Europe/Paris",
      acceptChatMessages: "TRUSTED_AND_TRADE_PARTNERS",
      siteTheme: "dark",
    };
    expect(currentUserSchema.parse(response.body.data)).toMatchObject(expected);
    expect((await user.get("/rest/v1/users/current_user")).body.data).toMatchObject(expected);
    const profile = (await t.client().get(`/rest/v1/users/${user.user!.username}`)).body.data;
    expect(profile).toMatchObject({ fullName: "Amina Diallo", bio: saved.bio, isAccountClosed: false });
  });

  it("follows the full-name visibility choice on the public profile", async () => {
    const user = await t.signUp();
    const seen = async (fullNameVisibilityType: string) => {
      await user.post("/rest/v1/users/settings", { firstName: "Amina", lastName: "Diallo", fullNameVisibilityType });
      return (await t.client().get(`/rest/v1/users/${user.user!.username}`)).body.data.fullName;
    };
    expect(await seen("first_name_and_initial")).toBe("Amina D.");
    expect(await seen("hide_name")).toBeNull();
    expect(await seen("business_name")).toBe("Amina Diallo");
  });

  it("has the spec's defaults: interval 10, empty bio", async () => {
    const me = (await (await t.signUp()).get("/rest/v1/users/current_user")).body.data;
    expect(me).toMatchObject({ bio: "", notifyTradeMessagesInterval: 10, canChangeUsername: true, timezone: null });
  });

  it("refuses an unknown time zone and a name too long, and writes nothing of the request", async () => {
    const user = await t.signUp();
    const zone = await user.post("/rest/v1/users/settings", { timezone: "Mars/Olympus", bio: "kept out" });
    expect(zone.status).toBe(422);
    expect(zone.body.errors.details.timezone).toEqual(["timezone_unknown"]);
    const name = await user.post("/rest/v1/users/settings", { firstName: "x".repeat(65) });
    expect(name.status).toBe(422);
    expect((await user.get("/rest/v1/users/current_user")).body.data.bio).toBe("");
  });
});

describe("username change", () => {
  it("renames once; a second change is refused and the new name logs in", async () => {
    const user = await t.signUp();
    const renamed = uniqueName("renamed");
    const first = await user.post("/rest/v1/users/set-username", { username: renamed });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ username: renamed, canChangeUsername: false });
    expect((await t.client().get(`/rest/v1/users/${renamed}`)).status).toBe(200);
    expect((await t.client().get(`/rest/v1/users/${user.user!.username}`)).status).toBe(404);
    const second = await user.post("/rest/v1/users/set-username", { username: uniqueName("again") });
    expect(second.status).toBe(422);
    expect(second.body.errors.details.username).toEqual(["username_change_used"]);
    const login = await t.client().post("/rest/v1/auth/login", { login: renamed, password: user.user!.password });
    expect(login.status).toBe(200);
  });

  it("refuses a taken name (any case) and a name against the rules, without using the change", async () => {
    const other = await t.signUp();
    const user = await t.signUp();
    const taken = await user.post("/rest/v1/users/set-username", { username: other.user!.username.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.details.username).toEqual(["username_taken"]);
    for (const bad of ["ab", "has space", "x".repeat(33), "émile"]) {
      const response = await user.post("/rest/v1/users/set-username", { username: bad });
      expect(response.status).toBe(422);
    }
    expect((await user.get("/rest/v1/users/current_user")).body.data.canChangeUsername).toBe(true);
  });

  it("lets exactly one of two parallel changes through", async () => {
    const user = await t.signUp();
    const answers = await Promise.all([
      user.post("/rest/v1/users/set-username", { username: uniqueName("race") }),
      user.post("/rest/v1/users/set-username", { username: uniqueName("race") }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });
});

describe("tours and feature requests", () => {
  it("records a completed tour once", async () => {
    const user = await t.signUp();
    await user.post("/rest/v1/users/tour/completed", { tourName: "dashboard" });
    const again = await user.post("/rest/v1/users/tour/completed", { tourName: "dashboard" });
    expect(again.status).toBe(200);
    expect(again.body.data.completedTourGuides).toEqual(["dashboard"]);
    expect((await user.post("/rest/v1/users/tour/completed", { tourName: "<script>" })).status).toBe(422);
  });

  it("stores a feature request and refuses an empty one", async () => {
    const user = await t.signUp();
    const response = await user.post("/rest/v1/feedback/feature-request", { text: "  Dark charts, please.  " });
    expect(response.status).toBe(200);
    const { rows } = await sql<{
      text: string;
    }>`SELECT text FROM feature_requests WHERE user_id = ${user.user!.id}`.execute(t.ownerDb);
    expect(rows).toEqual([{ text: "Dark charts, please." }]);
    expect((await user.post("/rest/v1/feedback/feature-request", { text: "   " })).status).toBe(422);
    expect((await t.client().post("/rest/v1/feedback/feature-request", { text: "hi" })).status).toBe(401);
  });
});
