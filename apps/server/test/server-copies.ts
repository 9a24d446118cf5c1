import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { ROOT_DIR } from "../src/config.ts";

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface ServerCopy {
  child: ChildProcess;
  baseUrl: string;
  socketUrl: string;
  output: string[];
}

/**
 * Starts the real server as a child process on `databaseUrl`, as an `--role api` copy behind a
 * load balancer would run, and resolves once it serves.
 */
export async function startServerCopy(databaseUrl: string): Promise<ServerCopy> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      SOUK_SEED_DEMO: "never",
      SOUK_ROLE: "api",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join("")}`)), 90_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join("").includes("[souk] serving")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => output.push(String(chunk)));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join("")}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, socketUrl: `ws://127.0.0.1:${port}/realtime`, output };
}

/** Stops a copy started by startServerCopy (only that child process). */
export async function stopServerCopy(copy: ServerCopy | undefined): Promise<void> {
  if (!copy || copy.child.exitCode !== null) return;
  const exited = new Promise((resolve) => copy.child.once("exit", resolve));
  copy.child.kill("SIGTERM");
  await exited;
}
