import { type ChildProcess, spawn } from "node:child_process";
import { Contract, parseEther, parseUnits, Wallet } from "ethers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../src/config.ts";
import {
  evmContextOf,
  hotWalletAddressOf,
  type LocalEvmNode,
  reconcileEvm,
  Secret,
  sendCrypto,
  startLocalEvmNode,
} from "../../src/modules/wallet/index.ts";
import { createTestApp, type TestApp, type TestClient } from "../harness.ts";
import { expectLedgerHolds } from "../ledger-holds.ts";
import { freePort } from "../server-copies.ts";

/**
 * Restart safety of custody on a real chain. The real server runs as a child process with every
 * job (role all) against a local EVM node that mines a block a second. The test kills it with
 * SIGKILL (only the PID it started) three times: once a deposit has been seen and not yet
 * credited (scanning), once a sweep is signed and not yet settled (sweeping), once a withdrawal
 * is signed and not yet settled (sending), and starts it again each time. At the end every
 * deposit is credited once, every withdrawal arrived once with the right amount, the books
 * reconcile with the chain to zero and ledger:verify is clean.
 */

const CONFIRMATIONS = 2;
const savedEnv = { ...process.env };
let node: LocalEvmNode;
let t: TestApp;
let serverEnv: NodeJS.ProcessEnv;
let server: ChildProcess | null = null;
const serverLog: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}\n${serverLog.join("").slice(-3_000)}`);
}

async function startServer(): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT_DIR,
    env: { ...serverEnv, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    serverLog.push(String(chunk));
    if (serverLog.length > 300) serverLog.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  server = child;
  await waitFor(
    "the server to serve",
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${serverLog.join("")}`);
      return (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok;
    },
    90_000,
  );
}

async function killServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function count(query: ReturnType<typeof sql<{ count: bigint }>>): Promise<number> {
  return Number((await query.execute(t.db)).rows[0]?.count ?? 0n);
}

beforeAll(async () => {
  node = await startLocalEvmNode({ port: await freePort(), blockIntervalMs: 1_000 });
  const phrase = Wallet.createRandom().mnemonic?.phrase ?? "";
  const custodyEnv = {
    SOUK_CHAIN_ADAPTER: "evm",
    SOUK_EVM_RPC_URL: node.rpcUrl,
    SOUK_EVM_CHAIN_ID: String(node.chainId),
    SOUK_EVM_USDT_CONTRACT: node.usdtContract,
    SOUK_EVM_SEED: phrase,
    SOUK_CONFIRMATIONS_ETH: String(CONFIRMATIONS),
    SOUK_CONFIRMATIONS_USDT: String(CONFIRMATIONS),
    SOUK_EVM_POLL_SECONDS: "1",
    SOUK_BROADCAST_STALE_SECONDS: "3",
  };
  Object.assign(process.env, custodyEnv);
  await (
    await node.funded.sendTransaction({ to: hotWalletAddressOf(new Secret(phrase)), value: parseEther("5") })
  ).wait();
  t = await createTestApp();
  serverEnv = {
    ...process.env,
    ...custodyEnv,
    DATABASE_URL: t.databaseUrl,
    HOST: "127.0.0.1",
    SOUK_ROLE: "all",
    SOUK_SEED_DEMO: "never",
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
  };
}, 180_000);

afterAll(async () => {
  await killServer();
  await t?.close();
  await node?.stop();
  process.env = savedEnv;
});

async function addressOf(client: TestClient, code: string): Promise<string> {
  const response = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: code } });
  expect(response.status, response.text).toBe(200);
  return response.body.data.address;
}

describe("custody across server crashes", () => {
  it("loses and doubles nothing when the server dies while scanning, sweeping and sending", async () => {
    const alice = await t.signUp();
    const outside = Wallet.createRandom().address;
    const usdt = new Contract(
      node.usdtContract,
      ["function transfer(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)"],
      node.funded,
    );
    const ethAddress = await addressOf(alice, "ETH");
    const usdtAddress = await addressOf(alice, "USDT");

    await startServer();
    // A fresh database's follower starts at the head it first reads: deposits sent before its
    // first run would lie behind the cursor (docs/decisions/090-evm-custody.md#consequences).
    await waitFor(
      "the follower's first run",
      async () => (await count(sql`SELECT count(*) AS count FROM wallet_evm_cursors`)) > 0,
    );
    await (await node.funded.sendTransaction({ to: ethAddress, value: parseEther("2") })).wait();
    await (await usdt.getFunction("transfer")(usdtAddress, parseUnits("500", 6))).wait();
    // Scanning: the follower has seen a deposit, crediting has not happened.
    await waitFor(
      "a deposit to be seen",
      async () =>
        (await count(sql`SELECT count(*) AS count FROM wallet_deposits WHERE user_id = ${alice.user!.id}`)) > 0,
    );
    await killServer();

    await startServer();
    // Sweeping: a sweep is signed and stored, not yet settled.
    await waitFor(
      "a sweep in flight",
      async () =>
        (await count(
          sql`SELECT count(*) AS count FROM wallet_evm_transactions WHERE purpose = 'sweep' AND state = 'pending'`,
        )) > 0,
    );
    await killServer();

    await startServer();
    await waitFor(
      "both deposits to be credited and swept",
      async () =>
        (await count(sql`
        SELECT count(*) AS count FROM wallet_deposits d JOIN wallet_evm_transactions x ON x.id = d.sweep_transaction_id
        WHERE d.user_id = ${alice.user!.id} AND d.status = 'credited' AND x.state = 'confirmed'`)) === 2,
    );
    const sender = { userId: alice.user!.id, username: alice.user!.username };
    await sendCrypto(t.db, sender, { cryptoCurrencyCode: "ETH", amount: "0.5", address: outside }, "restart-eth");
    await sendCrypto(t.db, sender, { cryptoCurrencyCode: "USDT", amount: "200", address: outside }, "restart-usdt");
    // Sending: a withdrawal is signed and stored, not yet settled.
    await waitFor(
      "a withdrawal in flight",
      async () =>
        (await count(sql`SELECT count(*) AS count FROM wallet_evm_transactions WHERE purpose = 'withdrawal'`)) > 0,
    );
    await killServer();

    await startServer();
    await waitFor("both withdrawals to complete and nothing to be in flight", async () => {
      const done = await count(sql`SELECT count(*) AS count FROM wallet_withdrawals WHERE state = 'completed'`);
      const open = await count(sql`SELECT count(*) AS count FROM wallet_evm_transactions WHERE state = 'pending'`);
      return done === 2 && open === 0;
    });
    await stopServer();

    expect(await node.provider.getBalance(outside)).toBe(parseEther("0.5"));
    expect(await usdt.getFunction("balanceOf")(outside)).toBe(parseUnits("200", 6));
    const credits = await count(sql`
      SELECT count(*) AS count FROM ledger_transfers WHERE kind = 'deposit' AND reference_id IN (
        SELECT id::text FROM wallet_deposits WHERE user_id = ${alice.user!.id})`);
    expect(credits).toBe(2);
    const withdrawalsSigned = await count(sql`
      SELECT count(*) AS count FROM wallet_evm_transactions WHERE purpose = 'withdrawal'`);
    expect(withdrawalsSigned).toBe(2);
    const balances = await alice.get("/rest/v2/wallet/balances");
    const balanceOf = (code: string) =>
      balances.body.data.find((row: { cryptoCurrencyCode: string }) => row.cryptoCurrencyCode === code).balance;
    expect(balanceOf("ETH")).toBe("1.499500000");
    expect(balanceOf("USDT")).toBe("299.000000");

    const context = await evmContextOf(t.db);
    if (!context) throw new Error("the EVM adapter is not configured");
    const report = await reconcileEvm(context);
    expect(report?.coins.map((coin) => [coin.cryptoCurrencyCode, coin.difference])).toEqual([
      ["ETH", "0"],
      ["USDT", "0"],
    ]);
    await expectLedgerHolds(t.ownerDb);
  }, 600_000);
});
