import { createHash } from "node:crypto";
import { Kysely, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";

// BIGINT columns hold money in minor units: read them as bigint, never as a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
// NUMERIC stays a string (the default), parsed by the money package where arithmetic is needed.

/**
 * The database handle passed around the server. Modules describe the tables they touch and view
 * the handle through `withTables`, so no central file has to know every table.
 */
// biome-ignore lint/complexity/noBannedTypes: Kysely's table map starts empty; modules add theirs.
export type Db = Kysely<{}>;
// biome-ignore lint/complexity/noBannedTypes: as above.
export type Tx = Transaction<{}>;

/** The role the application runs as; migrations run as the owner (see docs/decisions). */
export const APP_ROLE = "souk_app";

/** Longest wait for a row lock before a statement gives up. */
const LOCK_TIMEOUT_MS = 5_000;

export interface DatabaseHandles {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, options: { poolSize?: number; role?: string | null } = {}): DatabaseHandles {
  const role = options.role === undefined ? APP_ROLE : options.role;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    // The restricted role is set at connection start-up so that no query ever runs as the owner.
    // A lock wait longer than the timeout fails fast (and maps to a 503) instead of piling up.
    options: [role ? `-c role=${role}` : "", `-c lock_timeout=${LOCK_TIMEOUT_MS}`].filter(Boolean).join(" "),
    idleTimeoutMillis: 30_000,
  });
  // A client losing its connection (a database restart), idle or checked out mid-transaction, must
  // not crash the process: the query in flight fails and its request answers 503.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
    nameParameterizedStatements(client);
  });
  // biome-ignore lint/complexity/noBannedTypes: see Db.
  const db = new Kysely<{}>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** Most statement texts one connection keeps prepared; past it, new texts run unnamed. */
const MAX_NAMED_PER_CONNECTION = 2_000;

/**
 * A star in a select list or RETURNING (`select *`, `"t".*`, `returning *`; not `count(*)`): the
 * result's columns follow the table, and PostgreSQL refuses to run a prepared statement whose
 * result columns changed since it was prepared (a migration by another server copy).
 */
export const STAR_COLUMNS = /(?:\bselect|\breturning|,|\.)\s*\*(?!\s*\))/i;

/**
 * Every parameterized statement with a fixed column list runs as a named prepared statement (the
 * name is a hash of its text), so each connection parses and plans a given text once instead of on
 * every execution: about a tenth more trade lifecycles per second in the trades bench. Kysely sends
 * each query as text plus parameters through `client.query`; only that call shape is named. A
 * statement with parameters is always a single statement, so naming it is always valid.
 */
/** The names of statement texts seen so far: hashing each text once, not on every execution. */
const statementNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 10_000;

function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
    if (statementNames.size < MAX_REMEMBERED_NAMES) statementNames.set(text, name);
  }
  return name;
}

function nameParameterizedStatements(client: pg.ClientBase): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (
      typeof text === "string" &&
      Array.isArray(values) &&
      values.length > 0 &&
      args.length === 2 &&
      !STAR_COLUMNS.test(text)
    ) {
      const name = statementNameOf(text);
      if (named.has(name) || named.size < MAX_NAMED_PER_CONNECTION) {
        named.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}

const RETRYABLE_CODES = new Set(["40001", "40P01"]);

function isRetryable(error: unknown): boolean {
  return typeof error === "object" && error !== null && RETRYABLE_CODES.has(String((error as { code?: unknown }).code));
}

/** Work to do once a transaction has committed, handed the root handle the transaction came from. */
export type AfterCommitHook = (root: Db) => void;

const afterCommitHooks = new WeakMap<Tx, AfterCommitHook[]>();

/**
 * Runs `hook` once `db`'s transaction has committed, and never if it rolls back (or is retried:
 * the retry registers its own). On a handle outside any transaction the statement before this call
 * has already committed, so the hook runs at once. Hooks announce what happened (a NOTIFY, a job to
 * enqueue); they never change money, and a failing hook is logged by its owner, not rethrown.
 */
export function afterCommit(db: Db | Tx, hook: AfterCommitHook): void {
  if (!db.isTransaction) {
    hook(db);
    return;
  }
  const hooks = afterCommitHooks.get(db as Tx);
  if (!hooks) throw new Error("afterCommit needs a transaction opened by withTx");
  hooks.push(hook);
}

/**
 * Runs `work` in one transaction. Serialization failures and deadlocks are retried a few times:
 * the transaction rolled back whole, so running it again cannot apply anything twice. Hooks
 * registered with `afterCommit` run after the commit, in order.
 */
export async function withTx<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const hooks: AfterCommitHook[] = [];
    try {
      const result = await db.transaction().execute((tx) => {
        afterCommitHooks.set(tx, hooks);
        return work(tx);
      });
      for (const hook of hooks) {
        try {
          hook(db);
        } catch {
          // A hook's owner reports its own failures; the transaction has committed regardless.
        }
      }
      return result;
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
