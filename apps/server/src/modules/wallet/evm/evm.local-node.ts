import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ContractFactory, HDNodeWallet, type JsonFragment, JsonRpcProvider, Network } from "ethers";

/**
 * A local EVM node for trying custody on one machine and for the tests: Hardhat's node (from the
 * npm registry, a development dependency; it downloads nothing to run) on 127.0.0.1 only, with
 * the well-known development accounts funded, and the test USDT contract deployed from its
 * shipped artifact (test-usdt.sol, compiled by scripts/compile-test-usdt.ts).
 */

/** The phrase every local EVM node funds by default: public test money, never real. */
const LOCAL_NODE_PHRASE = "test test test test test test test test test test test junk";
const LOCAL_CHAIN_ID = 31337;
/** Minted to the funded account, in the token's units (1,000,000 USDT). */
const MINTED_UNITS = 1_000_000_000_000n;

export interface LocalEvmNode {
  rpcUrl: string;
  chainId: number;
  /** The first development account: 10,000 ETH and the minted test USDT. */
  funded: HDNodeWallet;
  usdtContract: string;
  usdtDecimals: number;
  provider: JsonRpcProvider;
  /** Sends a JSON-RPC call (evm_mine, evm_snapshot, evm_revert, evm_setAutomine...). */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/** The settings that point Souk at this node; the seed and the confirmations are the caller's. */
export function nodeSettingsOf(node: LocalEvmNode): Record<string, string> {
  return {
    SOUK_CHAIN_ADAPTER: "evm",
    SOUK_EVM_RPC_URL: node.rpcUrl,
    SOUK_EVM_CHAIN_ID: String(node.chainId),
    SOUK_EVM_USDT_CONTRACT: node.usdtContract,
    SOUK_EVM_USDT_DECIMALS: String(node.usdtDecimals),
  };
}

export interface LocalEvmNodeOptions {
  port: number;
  /** Mine a block every this many milliseconds as well as on each transaction (0: only on transactions). */
  blockIntervalMs?: number;
  log?: (line: string) => void;
}

/** Hardhat's CLI, and the folder holding its node_modules (Hardhat runs only as a local install). */
function hardhatCli(): { cli: string; installDir: string } {
  const require = createRequire(import.meta.url);
  try {
    const packageDir = path.dirname(require.resolve("hardhat/package.json"));
    return { cli: path.join(packageDir, "internal/cli/cli.js"), installDir: path.resolve(packageDir, "../..") };
  } catch {
    throw new Error("the local EVM node needs the development dependencies (npm ci without --omit=dev)");
  }
}

export async function startLocalEvmNode(options: LocalEvmNodeOptions): Promise<LocalEvmNode> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "souk-evm-node-"));
  const configFile = path.join(workDir, "hardhat.config.cjs");
  const mining = { auto: true, interval: options.blockIntervalMs ?? 0 };
  const config = { networks: { hardhat: { chainId: LOCAL_CHAIN_ID, mining } } };
  await writeFile(configFile, `module.exports = ${JSON.stringify(config)};\n`);
  const hardhat = hardhatCli();
  const child = spawn(
    process.execPath,
    [hardhat.cli, "node", "--hostname", "127.0.0.1", "--port", String(options.port), "--config", configFile],
    {
      cwd: hardhat.installDir,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const rpcUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitForListening(child, options.log);
  } catch (error) {
    child.kill("SIGKILL");
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const provider = new JsonRpcProvider(rpcUrl, Network.from(LOCAL_CHAIN_ID), { staticNetwork: true, cacheTimeout: -1 });
  const funded = HDNodeWallet.fromPhrase(LOCAL_NODE_PHRASE).connect(provider);
  const stop = async () => {
    provider.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    const usdtContract = await deployTestUsdt(funded);
    return {
      rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      funded,
      usdtContract,
      usdtDecimals: 6,
      provider,
      call: (method, params = []) => provider.send(method, params),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForListening(child: ChildProcess, log?: (line: string) => void): Promise<void> {
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the EVM node did not start:\n${output.join("")}`)), 90_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join("").includes("Started HTTP and WebSocket JSON-RPC server")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      log?.(String(chunk));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the EVM node exited with ${code}:\n${output.join("")}`));
    });
  });
}

interface Artifact {
  abi: JsonFragment[];
  bytecode: string;
}

async function deployTestUsdt(funded: HDNodeWallet): Promise<string> {
  const artifact = JSON.parse(readFileSync(new URL("./test-usdt.artifact.json", import.meta.url), "utf8")) as Artifact;
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, funded);
  const contract = await factory.deploy();
  await contract.waitForDeployment();
  const address = (await contract.getAddress()).toLowerCase();
  const mint = contract.getFunction("mint");
  await (await mint(funded.address, MINTED_UNITS)).wait();
  return address;
}
