import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Db, Tx } from "../db/pool.ts";
import type { Features } from "./features.ts";
import type { SeedMarks } from "./seed-marks.ts";

/** What route registrations receive: passed explicitly, never a global registry. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** A read replica when DATABASE_READ_URL is set, else the same as db. */
  readDb: Db;
  log: FastifyBaseLogger;
  /** Jobs sent from requests, after their transaction commits (see JobQueue). */
  jobs: JobQueue;
  /** Every module's ledger invariant checks, collected from the registry, for ledger:verify. */
  ledgerChecks: readonly LedgerInvariantCheck[];
  /** This deployment's feature flags, parsed once from SOUK_FEATURE_FLAGS. */
  features: Features;
  /** Every module's staff-approval actions (four eyes), collected from the registry. */
  approvalActions: readonly ApprovalAction[];
}

/** A staff-approval request as the action that waits on it sees it. */
export interface ApprovalRequestFacts {
  id: bigint;
  kind: string;
  subjectType: string;
  subjectId: string;
  subjectUserId: number | null;
  payload: Record<string, unknown>;
  requestedBy: number | null;
}

/**
 * An action that waits for an admin's approval (docs/decisions/143-staff-approvals.md). The
 * approvals module calls it in the decision's transaction, with the request's row locked.
 */
export interface ApprovalAction {
  kind: string;
  /** Runs the approved action; `jobs` sends what must follow its commit (a mail). */
  execute: (tx: Tx, request: ApprovalRequestFacts, jobs: JobQueue) => Promise<void>;
  /** Gives back what waiting held (a withdrawal's funds) when the request is rejected or expires. */
  release?: (tx: Tx, request: ApprovalRequestFacts, outcome: "rejected" | "expired") => Promise<void>;
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
  /**
   * Invariants of the ledger that only this module can state (the trades module knows which
   * trades are settled). `ledger:verify` runs them with its own, on the same snapshot.
   */
  ledgerChecks?: LedgerInvariantCheck[];
  /** Actions of this module that wait for a staff approval, by kind. */
  approvalActions?: ApprovalAction[];
  /** Demo data for a fresh database, run in module order by `souk seed` and the first start. */
  seedDemo?: (context: SeedContext) => Promise<void>;
}

export interface CliContext {
  config: Config;
  db: Db;
  print: (line: string) => void;
  /** Every module's ledger invariant checks, as in AppDeps. */
  ledgerChecks: readonly LedgerInvariantCheck[];
}

export interface CliCommand {
  name: string;
  usage: string;
  description: string;
  /** Returns the process exit code. */
  run: (args: string[], context: CliContext) => Promise<number>;
  /** The command needs no database (the CLI then neither starts nor opens one). */
  isWithoutDatabase?: boolean;
}

export interface SeedContext {
  db: Db;
  config: Config;
  print: (line: string) => void;
  /** Demo users by username, filled by the users module first and read by the others. */
  users: Map<string, number>;
  /** What the seed created before: each step touches only those rows (see seed-marks.ts). */
  marks: SeedMarks;
}

export interface JobContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Queues another job (used by handlers that fan out). */
  send(name: string, data: object, options?: JobSendOptions): Promise<void>;
  /**
   * Every module's ledger invariant checks, for the daily `ledger:verify`: the job runtime sets
   * them from the registry; a context a test builds by hand may leave them out.
   */
  ledgerChecks?: readonly LedgerInvariantCheck[];
  /** Every module's staff-approval actions (the approvals' expiry job gives back what they held). */
  approvalActions?: readonly ApprovalAction[];
}

export interface JobSendOptions {
  /** Jobs with one key are one job while queued (pg-boss's singleton key). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * At most one job with this key (singletonKey, else the queue name) is sent per window of this
   * many seconds; a second send in the same window is dropped. A job that queues its own next run
   * this way keeps a single chain of runs however many copies queue it.
   */
  throttleSeconds?: number;
}

/** One job to queue: its queue name (`<module>.<job>`), its data and how to send it. */
export interface JobRequest {
  name: string;
  data: object;
  options?: JobSendOptions;
}

/**
 * How request-side code queues jobs. A job is sent only once the transaction that asked for it
 * has committed, so a rolled-back request queues nothing; the send itself happens after the
 * commit and can be lost (the process dies in between, or no job runtime runs in this process).
 * Only work that a scheduled sweep also finds may be queued this way: the sent job makes it
 * prompt, the sweep makes it certain.
 */
export interface JobQueue {
  /** Queues `job` when `tx` commits, never when it rolls back. A failed send is logged, not thrown. */
  sendAfterCommit(tx: Db | Tx, job: JobRequest): void;
}

export interface JobDefinition {
  /** Queue name, `<module>.<job>`. */
  name: string;
  /** Cron expression (UTC) when the job runs on a schedule. */
  schedule?: string;
  /** Queued once when a worker starts, so a job that polls resumes at once after a restart. */
  isQueuedAtStart?: boolean;
  /**
   * Must be idempotent: pg-boss delivers at least once, and several workers may run it at once.
   */
  handler: (data: Record<string, unknown>, context: JobContext) => Promise<void>;
}

/** What one ledger invariant check found: how much it looked at, and what is wrong. */
interface LedgerCheckOutcome {
  checkedCount: number;
  problems: string[];
}

/** One invariant `ledger:verify` proves; `run` reads inside the verification's read-only snapshot. */
export interface LedgerInvariantCheck {
  name: string;
  /** The invariant it proves (I1, I4, ...: docs/reliability.md#ledger-invariants). */
  invariant: string;
  description: string;
  run(db: Db): Promise<LedgerCheckOutcome>;
}

/**
 * A family of real-time channels, such as `trade.<id>`. The gateway asks `authorize` before it
 * hands out a channel key; it must answer false for a stranger (the client then gets access-denied).
 */
export interface ChannelDefinition {
  prefix: string;
  authorize: (db: Db, viewer: import("./session.ts").Viewer | null, id: string) => Promise<boolean>;
}
