import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { UserRole } from "@souk/contracts";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { withDatabaseName } from "../src/db/connect.ts";
import { type Db, openDatabase } from "../src/db/pool.ts";
import { createUser } from "../src/modules/users/index.ts";
import { createSession, hashPassword, type JobContext, type JobQueue, SESSION_COOKIE } from "../src/platform/index.ts";

const TEMPLATE_DATABASE = "souk_template";
export const TEST_PASSWORD = "Test-password-1!";

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Leave out the CSRF header and marker (to test that they are required). */
  withoutCsrf?: boolean;
}

/**
 * A browser-like client over app.inject: it keeps cookies, and sends the CSRF token and the
 * X-Requested-With marker on state-changing calls, as the web app does.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrfToken: string | null = null;
  user: { id: number; username: string; email: string; password: string } | null = null;

  constructor(readonly app: FastifyInstance) {}

  async request<T = any>(
    method: InjectOptions["method"],
    url: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const isSafe = method === "GET" || method === "HEAD";
    if (!isSafe && !options.withoutCsrf) {
      headers["x-requested-with"] ??= "XMLHttpRequest";
      headers["x-csrf-token"] ??= await this.ensureCsrf();
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await this.app.inject({
      method,
      url,
      query: options.query,
      headers,
      ...(body === undefined ? {} : typeof body === "string" ? { payload: body } : { payload: body as object }),
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const isCleared =
        cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0;
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      // Not JSON: leave the text.
    }
    const data = (parsed as { data?: { csrfToken?: unknown } })?.data;
    if (data && typeof data.csrfToken === "string") this.csrfToken = data.csrfToken;
    return { status: response.statusCode, body: parsed as T, headers: response.headers, text: response.body };
  }

  /** A GET whose answer is a file: the bytes exactly as sent. */
  async download(url: string): Promise<{ status: number; headers: TestResponse["headers"]; bytes: Buffer }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await this.app.inject({ method: "GET", url, headers });
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The same browser (cookies, CSRF token, user) talking to another app, such as a second server copy. */
  on(app: FastifyInstance): TestClient {
    const copy = new TestClient(app);
    for (const [name, value] of this.cookies) copy.setCookie(name, value);
    copy.csrfToken = this.csrfToken;
    copy.user = this.user;
    return copy;
  }

  async ensureCsrf(): Promise<string> {
    if (!this.csrfToken) await this.request("GET", "/rest/v1/csrf");
    return this.csrfToken ?? "";
  }

  get<T = any>(url: string, options?: RequestOptions) {
    return this.request<T>("GET", url, undefined, options);
  }
  post<T = any>(url: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", url, body ?? {}, options);
  }
  put<T = any>(url: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", url, body ?? {}, options);
  }
  delete<T = any>(url: string, options?: RequestOptions) {
    return this.request<T>("DELETE", url, undefined, options);
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The application's handle (role souk_app). */
  db: Db;
  /** The owner's handle, for checks the application role may not make. */
  ownerDb: Db;
  config: Config;
  databaseUrl: string;
  client(): TestClient;
  /** A new user with a session, as if logged in (the log-in route has its own tests). */
  signUp(options?: { username?: string; roles?: UserRole[]; countryIso?: string }): Promise<TestClient>;
  /**
   * Another server copy on the same database, as a second process behind a load balancer would
   * be: its own connection pool and so its own session cache, the same configuration.
   */
  startCopy(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * What a job's handler gets when a test runs it by hand: the app's configuration, database and
 * logger (silent in tests), and sends that go nowhere; `more` adds what a job also reads.
 */
export function jobContextOf(t: TestApp, more: Partial<JobContext> = {}): JobContext {
  return { config: t.config, db: t.db, log: t.app.log, send: async () => {}, ...more };
}

let counter = 0;
export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}${counter}_${randomBytes(3).toString("hex")}`;
}

export interface TestAppOptions {
  /** The job queue request handlers send to; none by default (the sweeps' path, as in API tests). */
  jobs?: JobQueue;
  /**
   * Every statement runs with the generic plan a prepared statement gets after a few executions
   * (plan_cache_mode = force_generic_plan), so a query that only works with its parameters'
   * values in view fails on its first run instead of its sixth.
   */
  forceGenericPlans?: boolean;
  /**
   * "production" keeps the configured session reuse (SESSION_CACHE_MS, 2 s by default) instead of
   * the tests' 0, for tests of what that reuse allows.
   */
  sessionCache?: "none" | "production";
}

/**
 * A fresh database cloned from the migrated template, and the app built on it as in production.
 * Stored files go to a temporary data directory of its own unless `overrides.dataDir` names one.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  if (options.forceGenericPlans) await admin.query(`ALTER DATABASE ${name} SET plan_cache_mode = force_generic_plan`);
  await admin.end();
  const databaseUrl = withDatabaseName(adminUrl, name);
  const database = openDatabase(databaseUrl, { poolSize: 10 });
  const owner = openDatabase(databaseUrl, { poolSize: 2, role: null });
  const ownDataDir = overrides.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), "souk-files-"));
  const sessionCacheEnv = options.sessionCache === "production" ? {} : { SESSION_CACHE_MS: "0" };
  const config = {
    // Tests change users' standing in SQL and expect the next request to see it: no session reuse,
    // unless the test is about that reuse.
    ...loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...sessionCacheEnv }),
    DATABASE_URL: databaseUrl,
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...overrides,
  };
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    serveWeb: false,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });

  return {
    app,
    db: database.db,
    ownerDb: owner.db,
    config,
    databaseUrl,
    client: () => new TestClient(app),
    async signUp(options = {}) {
      const username = options.username ?? uniqueName();
      const email = `${username}@example.com`;
      const user = await createUser(database.db, {
        username,
        email,
        passwordHash: await hashPassword(TEST_PASSWORD),
        roles: options.roles ?? ["user"],
        emailVerified: true,
        countryIso: options.countryIso ?? null,
      });
      // The session is made as log-in makes it, without going through the log-in route, whose
      // per-address rate limit a file with many users would reach (its own tests cover it).
      const session = await createSession(database.db, { userId: user.id, ttlHours: 24, ip: null, userAgent: "test" });
      const client = new TestClient(app);
      client.setCookie(SESSION_COOKIE, session.token);
      client.user = { id: user.id, username, email, password: TEST_PASSWORD };
      return client;
    },
    async startCopy() {
      const copyDatabase = openDatabase(databaseUrl, { poolSize: 5 });
      const copy = await buildApp({ config, db: copyDatabase.db, logger: false, serveWeb: false });
      return {
        app: copy,
        async close() {
          await copy.close();
          await copyDatabase.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await owner.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

/** A real multipart/form-data body (text fields first, then the files under `fileField`), built by FormData. */
export async function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
  fileField = "files",
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "" };
}
