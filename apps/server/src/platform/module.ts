import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/pool.ts";

/** What route registrations receive: passed explicitly, never a global registry. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** A read replica when DATABASE_READ_URL is set, else the same as db. */
  readDb: Db;
  log: FastifyBaseLogger;
}

export type SoukRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain module as the app sees it. Public routes are registered in an explicitly public scope;
 * private ones in a scope that requires a session before any handler runs.
 */
export interface SoukModule {
  name: string;
  publicRoutes?: (app: SoukRoutes, deps: AppDeps) => void | Promise<void>;
  privateRoutes?: (app: SoukRoutes, deps: AppDeps) => void | Promise<void>;
  /** Background jobs (pg-boss queues), run by copies with the worker role. */
  jobs?: JobDefinition[];
  /** Real-time channels this module owns (`<prefix>.<id>`), with who may subscribe. */
  channels?: ChannelDefinition[];
  /** Operator commands for `npm run souk -- <name>`. */
  commands?: CliCommand[];
  /** Demo data for a fresh database, run in module order by `souk seed` and the first start. */
  seedDemo?: (context: SeedContext) => Promise<void>;
}

export interface CliContext {
  config: Config;
  db: Db;
  print: (line: string) => void;
}

export interface CliCommand {
  name: string;
  usage: string;
  description: string;
  /** Returns the process exit code. */
  run: (args: string[], context: CliContext) => Promise<number>;
}

export interface SeedContext {
  db: Db;
  config: Config;
  print: (line: string) => void;
  /** Demo users by username, filled by the users module first and read by the others. */
  users: Map<string, number>;
}

export interface JobContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Queues another job (used by handlers that fan out). */
  send(name: string, data: object, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<void>;
}

export interface JobDefinition {
  /** Queue name, `<module>.<job>`. */
  name: string;
  /** Cron expression (UTC) when the job runs on a schedule. */
  schedule?: string;
  /**
   * Must be idempotent: pg-boss delivers at least once, and several workers may run it at once.
   */
  handler: (data: Record<string, unknown>, context: JobContext) => Promise<void>;
}

/**
 * A family of real-time channels, such as `trade.<id>`. The gateway asks `authorize` before it
 * hands out a channel key; it must answer false for a stranger (the client then gets access-denied).
 */
export interface ChannelDefinition {
  prefix: string;
  authorize: (db: Db, viewer: import("./session.ts").Viewer | null, id: string) => Promise<boolean>;
}
