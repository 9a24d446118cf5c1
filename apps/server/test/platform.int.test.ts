import { createHash } from "node:crypto";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DEFAULT_FEATURES,
  disconnectedJobQueue,
  envelope,
  installPlatform,
  requireSession,
} from "../src/platform/index.ts";
import { createTestApp, type TestApp, TestClient } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("CSRF", () => {
  it("refuses a state-changing call without the token or the XMLHttpRequest marker", async () => {
    const user = await t.signUp();
    const noToken = await user.post("/rest/v1/users/settings", { bio: "hello" }, { withoutCsrf: true });
    expect(noToken.status).toBe(403);
    expect(noToken.body.errors.code).toBe("ERROR_CSRF_TOKEN");
    const token = await user.ensureCsrf();
    const noMarker = await user.post(
      "/rest/v1/users/settings",
      { bio: "hello" },
      { withoutCsrf: true, headers: { "x-csrf-token": token } },
    );
    expect(noMarker.status).toBe(403);
    const wrongToken = await user.post(
      "/rest/v1/users/settings",
      { bio: "hello" },
      { headers: { "x-csrf-token": "forged" } },
    );
    expect(wrongToken.status).toBe(403);
    const ok = await user.post("/rest/v1/users/settings", { bio: "hello" });
    expect(ok.status).toBe(200);
  });

  it("refuses a cookie and header pair that someone else chose, and a token of another session", async () => {
    const user = await t.signUp();
    const planted = "attacker-chosen-value";
    user.setCookie("souk_csrf", planted);
    const forged = await user.post(
      "/rest/v1/users/settings",
      { bio: "pwned" },
      { headers: { "x-csrf-token": planted } },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.errors.code).toBe("ERROR_CSRF_TOKEN");

    // A pair that is valid for a visitor (or for the attacker's own session) is not valid for the victim's.
    const attacker = await t.signUp();
    const attackersToken = await attacker.ensureCsrf();
    user.setCookie("souk_csrf", attackersToken);
    const borrowed = await user.post(
      "/rest/v1/users/settings",
      { bio: "pwned" },
      { headers: { "x-csrf-token": attackersToken } },
    );
    expect(borrowed.status).toBe(403);
    const visitorToken = (await t.client().get("/rest/v1/csrf")).body.data.csrfToken as string;
    user.setCookie("souk_csrf", visitorToken);
    const anonymous = await user.post(
      "/rest/v1/users/settings",
      { bio: "pwned" },
      { headers: { "x-csrf-token": visitorToken } },
    );
    expect(anonymous.status).toBe(403);
  });

  it("hands a session holder a token for that session, and a new one after log-out", async () => {
    const user = await t.signUp();
    const first = (await user.get("/rest/v1/csrf")).body.data.csrfToken as string;
    expect((await user.get("/rest/v1/csrf")).body.data.csrfToken).toBe(first);
    expect(
      (await user.post("/rest/v1/users/settings", { bio: "mine" }, { headers: { "x-csrf-token": first } })).status,
    ).toBe(200);
    expect((await user.post("/rest/v1/auth/logout", {}, { headers: { "x-csrf-token": first } })).status).toBe(200);
    const after = (await user.get("/rest/v1/csrf")).body.data.csrfToken as string;
    expect(after).not.toBe(first);
  });

  it("hands out the token from GET /rest/v1/csrf in the envelope", async () => {
    const response = await t.client().get("/rest/v1/csrf");
    expect(response.status).toBe(200);
    expect(response.body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{40,}$/);
    expect(response.body.meta).toBeNull();
  });
});

describe("request and answer conventions", () => {
  it("answers malformed JSON with 400 in the error envelope, never a 500", async () => {
    const client = t.client();
    const response = await client.request("POST", "/rest/v1/auth/login", '{"login": "x", ', {
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ code: "ERROR_MALFORMED_REQUEST", details: null });
  });

  it("answers an unknown route with a 404 envelope", async () => {
    const response = await t.client().get("/rest/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(response.body.errors.code).toBe("ERROR_NOT_FOUND");
  });

  it("answers an unsupported content type with 415", async () => {
    const response = await t.client().request("POST", "/rest/v1/auth/login", "login=x", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.errors.code).toBe("ERROR_UNSUPPORTED_MEDIA_TYPE");
  });

  it("gives snake_case keys when keyCase=snake_case and accepts snake_case request keys", async () => {
    const user = await t.signUp();
    const me = await user.get("/rest/v1/users/current_user?keyCase=snake_case");
    expect(me.body.data).toHaveProperty("fiat_currency_id", 144);
    expect(me.body.data).toHaveProperty("kyc_level_check");
    expect(me.body.data).not.toHaveProperty("fiatCurrencyId");
    const update = await user.post("/rest/v1/users/settings", {
      notify_trade_messages_interval: "15",
      full_name_visibility_type: "hide_name",
    });
    expect(update.status).toBe(200);
    expect(update.body.data.fullNameVisibilityType).toBe("hide_name");
  });

  it("serves health, readiness and the OpenAPI document", async () => {
    const client = t.client();
    expect((await client.get("/healthz")).body.data.status).toBe("ok");
    expect((await client.get("/readyz")).body.data.status).toBe("ready");
    const doc = await client.get("/rest/openapi.json");
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/rest/v1/auth/register", "/rest/v1/users/current_user"]),
    );
  });

  it("never reveals internals in a server error", async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await installPlatform(app, { config: t.config, db: t.db });
    app.get("/boom", async () => {
      await sql`SELECT * FROM no_such_table`.execute(t.db);
      return envelope(null);
    });
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: { message: "Something went wrong on our side.", code: "ERROR_INTERNAL", details: null },
    });
    await app.close();
  });
});

describe("slow requests", () => {
  const SLEEP_MS = 60;

  /**
   * An app whose one route takes at least SLEEP_MS, logging to memory. Each case sets the
   * threshold far from that duration, on the side it proves, so that a loaded machine (which
   * only makes requests slower, never faster than their sleep) cannot change the answer.
   */
  async function slowLinesWithThreshold(thresholdMs: number): Promise<Record<string, unknown>[]> {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = Fastify({
      logger: { level: "info", stream },
      disableRequestLogging: true,
    }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await installPlatform(app, { config: { ...t.config, SLOW_REQUEST_MS: thresholdMs }, db: t.db });
    app.get("/sleepy", async () => {
      await new Promise((resolve) => setTimeout(resolve, SLEEP_MS));
      return envelope("done");
    });
    await app.ready();
    expect((await app.inject({ method: "GET", url: "/sleepy" })).statusCode).toBe(200);
    await app.close();
    return lines.filter((line) => line.msg === "slow request");
  }

  it("logs a request slower than the threshold as slow, with its route and duration", async () => {
    const slow = await slowLinesWithThreshold(SLEEP_MS / 3);
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ route: "/sleepy", status: 200 });
    expect(Number(slow[0]?.ms)).toBeGreaterThanOrEqual(SLEEP_MS / 3);
  });

  it("does not log a request that stays under the threshold", async () => {
    expect(await slowLinesWithThreshold(60_000)).toEqual([]);
  });
});

describe("Idempotency-Key", () => {
  let app: Awaited<ReturnType<typeof buildIdempotentApp>>;
  async function buildIdempotentApp() {
    const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    await installPlatform(instance, { config: t.config, db: t.db });
    let effects = 0;
    await instance.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addHook("preHandler", requireSession);
      scope.post(
        "/rest/v1/test/effect",
        { config: { idempotent: true }, schema: { body: z.object({ amount: z.string() }) } },
        async (request) => {
          effects += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return envelope({ effect: effects, amount: request.body.amount });
        },
      );
    });
    const { authModule } = await import("../src/modules/auth/index.ts");
    await instance.register(async (scope) => {
      await authModule.publicRoutes?.(scope, {
        config: t.config,
        db: t.db,
        readDb: t.db,
        log: instance.log,
        jobs: disconnectedJobQueue,
        ledgerChecks: [],
        approvalActions: [],
        features: DEFAULT_FEATURES,
      });
    });
    await instance.ready();
    return { instance, effects: () => effects };
  }
  beforeAll(async () => {
    app = await buildIdempotentApp();
  });
  afterAll(async () => {
    await app.instance.close();
  });

  async function loggedIn() {
    const created = await t.signUp();
    const client = new TestClient(app.instance);
    await client.post("/rest/v1/auth/login", { login: created.user!.username, password: created.user!.password });
    client.user = created.user;
    return client;
  }

  it("replays the first answer for the same key and body, with one effect", async () => {
    const client = await loggedIn();
    const before = app.effects();
    const first = await client.post(
      "/rest/v1/test/effect",
      { amount: "1.5" },
      { headers: { "idempotency-key": "k-1" } },
    );
    const second = await client.post(
      "/rest/v1/test/effect",
      { amount: "1.5" },
      { headers: { "idempotency-key": "k-1" } },
    );
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(app.effects() - before).toBe(1);
  });

  it("has one effect for 20 parallel duplicates", async () => {
    const client = await loggedIn();
    const before = app.effects();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post("/rest/v1/test/effect", { amount: "2" }, { headers: { "idempotency-key": "parallel" } }),
      ),
    );
    expect(app.effects() - before).toBe(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const busy of answers.filter((answer) => answer.status === 409)) {
      expect(busy.body.errors.code).toBe("ERROR_IDEMPOTENCY_IN_PROGRESS");
      expect(busy.body.errors.details.retryAfter).toBeGreaterThanOrEqual(1);
      expect(busy.headers["retry-after"]).toBe(String(busy.body.errors.details.retryAfter));
    }
  });

  it("says when a key held by a crashed request can be retried, and lets the retry run then", async () => {
    const client = await loggedIn();
    const userId = client.user!.id;
    // What a request that died mid-way leaves: its key claimed with its request's hash, never settled.
    const hash = createHash("sha256").update(`POST /rest/v1/test/effect\n{}\n{"amount":"6"}`).digest("hex");
    await sql`INSERT INTO idempotency_keys (user_id, key, request_hash, state, updated_at)
      VALUES (${userId}, 'crashed', ${hash}, 'in_progress', now() - interval '20 seconds')`.execute(t.ownerDb);
    const send = () =>
      client.post("/rest/v1/test/effect", { amount: "6" }, { headers: { "idempotency-key": "crashed" } });
    const busy = await send();
    expect(busy.status).toBe(409);
    expect(busy.body.errors.code).toBe("ERROR_IDEMPOTENCY_IN_PROGRESS");
    // Sixty seconds after the claim, less the twenty gone by (a second either way for the clock).
    expect(busy.body.errors.details.retryAfter).toBeGreaterThanOrEqual(39);
    expect(busy.body.errors.details.retryAfter).toBeLessThanOrEqual(41);
    expect(busy.headers["retry-after"]).toBe(String(busy.body.errors.details.retryAfter));
    await sql`UPDATE idempotency_keys SET updated_at = now() - interval '61 seconds'
      WHERE user_id = ${userId} AND key = 'crashed'`.execute(t.ownerDb);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(retried.body.data.amount).toBe("6");
  });

  it("refuses the same key with another body", async () => {
    const client = await loggedIn();
    await client.post("/rest/v1/test/effect", { amount: "3" }, { headers: { "idempotency-key": "reused" } });
    const other = await client.post(
      "/rest/v1/test/effect",
      { amount: "4" },
      { headers: { "idempotency-key": "reused" } },
    );
    expect(other.status).toBe(422);
    expect(other.body.errors.code).toBe("ERROR_IDEMPOTENCY_KEY_REUSED");
  });

  it("keeps keys apart per user", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const before = app.effects();
    await a.post("/rest/v1/test/effect", { amount: "5" }, { headers: { "idempotency-key": "shared" } });
    await b.post("/rest/v1/test/effect", { amount: "5" }, { headers: { "idempotency-key": "shared" } });
    expect(app.effects() - before).toBe(2);
  });
});
