import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { ledgerChecks } from "../registry.ts";
import { createApiClientCommand } from "./api-clients.commands.ts";

let t: TestApp;
let owner: TestClient;
let other: TestClient;

async function form(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body || "null") };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});

afterAll(async () => {
  await t?.close();
});

describe("the API keys screen's calls", () => {
  it("creates a client whose secret is shown once, lists it without the secret, and connects the account", async () => {
    expect((await owner.get("/rest/v1/users/current_user")).body.data.isApiKeyConnected).toBe(false);
    const created = await owner.post("/rest/v1/api-clients", {
      name: "repricer",
      scopes: ["profile", "paxful:offer:all"],
    });
    expect(created.status).toBe(200);
    expect(created.body.data.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.data.client).toMatchObject({ name: "repricer", scopes: ["profile", "paxful:offer:all"] });
    const list = await owner.get("/rest/v1/api-clients");
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.body.data.clientSecret);
    expect((await owner.get("/rest/v1/users/current_user")).body.data.isApiKeyConnected).toBe(true);
    expect((await other.get("/rest/v1/api-clients")).body.data).toEqual([]);
  });

  it("refuses unknown scopes, a nameless client and a call without the CSRF token", async () => {
    expect((await owner.post("/rest/v1/api-clients", { name: "x", scopes: ["paxful:moon:land"] })).status).toBe(422);
    expect((await owner.post("/rest/v1/api-clients", { name: " " })).status).toBe(422);
    expect((await owner.post("/rest/v1/api-clients", { name: "x" }, { withoutCsrf: true })).status).toBe(403);
    expect((await t.client().post("/rest/v1/api-clients", { name: "x" })).status).toBe(401);
  });

  it("lets only the owner revoke a client, and a revoked client gets no token", async () => {
    const created = await owner.post("/rest/v1/api-clients", { name: "short-lived" });
    const { clientId } = created.body.data.client;
    expect((await other.delete(`/rest/v1/api-clients/${clientId}`)).status).toBe(404);
    expect((await owner.delete(`/rest/v1/api-clients/${clientId}`)).status).toBe(200);
    expect((await owner.delete(`/rest/v1/api-clients/${clientId}`)).status).toBe(404);
    const token = await form(
      "/oauth2/token",
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${created.body.data.clientSecret}`,
    );
    expect(token.status).toBe(401);
  });
});

describe("the authorization-code flow", () => {
  it("asks the user on the consent page, then trades the code for tokens that refresh", async () => {
    const redirectUri = "https://bot.example/callback";
    const created = await owner.post("/rest/v1/api-clients", { name: "delegated bot", redirectUris: [redirectUri] });
    const { clientId } = created.body.data.client;
    const secret = created.body.data.clientSecret as string;
    const query = `response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=profile+email&state=xyz`;

    // A visitor is sent to log in; an unregistered redirect URI is refused on the page itself.
    const visitor = await t.app.inject({ method: "GET", url: `/oauth2/authorize?${query}` });
    expect(visitor.statusCode).toBe(302);
    const wrongUri = await other.get(
      `/oauth2/authorize?response_type=code&client_id=${clientId}&redirect_uri=https://evil.example/`,
    );
    expect(wrongUri.status).toBe(400);

    const page = await other.get(`/oauth2/authorize?${query}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("delegated bot");
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    const forged = await other.request("POST", "/oauth2/authorize", `${query}&decision=allow&csrf_token=forged`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(403);
    const approved = await other.request("POST", "/oauth2/authorize", `${query}&decision=allow&csrf_token=${csrf}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(approved.status).toBe(302);
    const location = new URL(String(approved.headers.location));
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get("state")).toBe("xyz");
    const code = location.searchParams.get("code") ?? "";

    const tokens = await form(
      "/oauth2/token",
      `grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(redirectUri)}&client_id=${clientId}&client_secret=${secret}`,
    );
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe("profile email");
    expect(tokens.body.refresh_token).toBeDefined();
    const again = await form(
      "/oauth2/token",
      `grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(redirectUri)}&client_id=${clientId}&client_secret=${secret}`,
    );
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    // The token acts for the user who consented, not for the client's owner.
    const info = await t.app.inject({
      method: "GET",
      url: "/oauth2/userinfo",
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(JSON.parse(info.body)).toMatchObject({ nickname: other.user?.username, email: other.user?.email });
    const refreshed = await form(
      "/oauth2/token",
      `grant_type=refresh_token&refresh_token=${tokens.body.refresh_token}&client_id=${clientId}&client_secret=${secret}`,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    // Its scopes stay those consented to: no Paxful action.
    const refused = await form("/paxful/v1/user/me", "", { authorization: `Bearer ${refreshed.body.access_token}` });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 1014 } } });
  });
});

describe("npm run souk -- api-client:create", () => {
  it("prints client_id= and client_secret= on their own lines, and the pair gets a token", async () => {
    const lines: string[] = [];
    const context = { config: t.config, db: t.db, print: (line: string) => lines.push(line), ledgerChecks };
    const username = owner.user?.username ?? "";
    expect(await createApiClientCommand.run([username, "--name", "cli bot", "--scopes", "trade,wallet"], context)).toBe(
      0,
    );
    const id = lines.find((line) => line.startsWith("client_id="))?.slice("client_id=".length) ?? "";
    const secret = lines.find((line) => line.startsWith("client_secret="))?.slice("client_secret=".length) ?? "";
    const token = await form("/oauth2/token", `grant_type=client_credentials&client_id=${id}&client_secret=${secret}`);
    expect(token.body.scope.split(" ")).toEqual(
      expect.arrayContaining(["paxful:trade:release", "paxful:wallet:balance"]),
    );
    expect(token.body.scope).not.toContain("paxful:offer:");
    expect(await createApiClientCommand.run(["nobody_here"], context)).toBe(1);
    expect(await createApiClientCommand.run([username, "--scopes", "moon"], context)).toBe(2);
  });
});

// Last in the file: it spends the token endpoint's calls of this minute.
describe("the token endpoint's rate limit", () => {
  it("answers 429 with Retry-After in OAuth2's shape once a minute's calls are spent, not a 400", async () => {
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/oauth2/token",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "grant_type=client_credentials&client_id=nobody&client_secret=x",
      });
    let response = await attempt();
    const before: number[] = [];
    // The limit is 60 a minute; earlier tests of this file spent some of them.
    for (let i = 0; i < 61 && response.statusCode !== 429; i += 1) {
      before.push(response.statusCode);
      response = await attempt();
    }
    expect(new Set(before)).toEqual(new Set([401]));
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(response.body)).toEqual({ error: "rate_limited", error_description: expect.any(String) });
  });
});
