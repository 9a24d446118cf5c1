import { readFileSync } from "node:fs";
import { z } from "zod";
import { Secret } from "./evm/evm.secret.ts";

/**
 * The wallet's own settings, read from the environment here rather than in config.ts so the
 * module stays self-contained (the README's configuration table lists them all):
 *
 * - SOUK_CONFIRMATIONS_<CODE> (for example SOUK_CONFIRMATIONS_BTC=1): confirmations before a
 *   deposit of that currency is credited, overriding the reference data's confirmationsRequired.
 * - SOUK_CHAIN_ADAPTER: the chain adapter of every coin that has one: "dev" (the built-in
 *   development chain, the default) or "evm" (ETH and USDT on a real EVM chain; BTC stays on the
 *   dev chain). SOUK_CHAIN_<CODE> (for example SOUK_CHAIN_USDT=dev) overrides it per coin.
 * - SOUK_EVM_*: the EVM chain (see EvmSettings), read only when a coin uses it.
 */

const confirmationsSchema = z.coerce.number().int().min(0).max(1_000_000);
const adapterSchema = z.enum(["dev", "evm"]);
const CONFIRMATIONS_PREFIX = "SOUK_CONFIRMATIONS_";
const CHAIN_PREFIX = "SOUK_CHAIN_";

type ChainAdapterName = z.infer<typeof adapterSchema>;

/** The coins the EVM adapter can hold: the chain's own coin and the configured ERC-20. */
export const EVM_COINS: readonly string[] = ["ETH", "USDT"];

export interface EvmSettings {
  rpcUrl: string;
  chainId: number;
  /** The USDT token contract (lower case), when USDT is on the chain. */
  usdtContract: string | null;
  /** The token's decimals on the chain (USDT: 6). */
  usdtDecimals: number;
  /** Extended public key of the deposit branch: enough to derive every deposit address. */
  depositXpub: string | null;
  /** The custody seed phrase (BIP-39): signs withdrawals, sweeps and top-ups. Never printed. */
  seed: Secret | null;
  /** The first block to follow on a fresh database (default: the head at that moment). */
  startBlock: number | null;
  /** No transaction is signed with a fee per gas above this (wei). */
  maxFeePerGasWei: bigint;
  priorityFeePerGasWei: bigint;
  /** A transaction not mined after this long is replaced with higher fees. */
  replaceAfterSeconds: number;
  /** How often the custody jobs follow up on themselves. */
  pollSeconds: number;
  rpcTimeoutMs: number;
  /** Blocks scanned per pass at most, so one pass stays short. */
  blocksPerPass: number;
}

export interface WalletSettings {
  chainAdapter: ChainAdapterName;
  /** The adapter of each coin that does not use the default. */
  coinAdapters: Record<string, ChainAdapterName>;
  confirmationsOverride: Record<string, number>;
  /** How long a withdrawal broadcast may stay without an outcome before another run takes it over. */
  broadcastStaleAfterSeconds: number;
  evm: EvmSettings | null;
}

const evmSchema = z.object({
  SOUK_EVM_RPC_URL: z.string().url(),
  SOUK_EVM_CHAIN_ID: z.coerce.number().int().min(1),
  SOUK_EVM_USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x address")
    .optional(),
  SOUK_EVM_USDT_DECIMALS: z.coerce.number().int().min(6).max(36).default(6),
  SOUK_EVM_DEPOSIT_XPUB: z.string().optional(),
  SOUK_EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
  SOUK_EVM_MAX_FEE_GWEI: z.coerce.number().positive().max(100_000).default(200),
  SOUK_EVM_PRIORITY_FEE_GWEI: z.coerce.number().min(0).max(100_000).default(1),
  SOUK_EVM_REPLACE_AFTER_SECONDS: z.coerce.number().int().min(0).default(180),
  SOUK_EVM_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  SOUK_EVM_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SOUK_EVM_BLOCKS_PER_PASS: z.coerce.number().int().min(1).max(10_000).default(50),
});

function gweiToWei(gwei: number): bigint {
  // Settings are typed in gwei with at most 9 decimals: whole wei, no float rounding of money.
  const [whole = "0", fraction = ""] = String(gwei).split(".");
  return BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, "0").slice(0, 9) || "0");
}

/** The seed phrase from SOUK_EVM_SEED_FILE (preferred) or SOUK_EVM_SEED; never both. */
function readSeed(env: NodeJS.ProcessEnv): Secret | null {
  const file = env.SOUK_EVM_SEED_FILE;
  const inline = env.SOUK_EVM_SEED;
  if (file && inline) throw new Error("invalid configuration: set SOUK_EVM_SEED_FILE or SOUK_EVM_SEED, not both");
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw new Error("invalid configuration: SOUK_EVM_SEED_FILE cannot be read");
    }
    return new Secret(text.trim());
  }
  return inline ? new Secret(inline.trim()) : null;
}

function loadEvmSettings(env: NodeJS.ProcessEnv): EvmSettings {
  const parsed = evmSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const seed = readSeed(env);
  if (!seed && !values.SOUK_EVM_DEPOSIT_XPUB) {
    throw new Error(
      "invalid configuration: the EVM adapter needs SOUK_EVM_DEPOSIT_XPUB or the seed (SOUK_EVM_SEED_FILE)",
    );
  }
  return {
    rpcUrl: values.SOUK_EVM_RPC_URL,
    chainId: values.SOUK_EVM_CHAIN_ID,
    usdtContract: values.SOUK_EVM_USDT_CONTRACT?.toLowerCase() ?? null,
    usdtDecimals: values.SOUK_EVM_USDT_DECIMALS,
    depositXpub: values.SOUK_EVM_DEPOSIT_XPUB ?? null,
    seed,
    startBlock: values.SOUK_EVM_START_BLOCK ?? null,
    maxFeePerGasWei: gweiToWei(values.SOUK_EVM_MAX_FEE_GWEI),
    priorityFeePerGasWei: gweiToWei(values.SOUK_EVM_PRIORITY_FEE_GWEI),
    replaceAfterSeconds: values.SOUK_EVM_REPLACE_AFTER_SECONDS,
    pollSeconds: values.SOUK_EVM_POLL_SECONDS,
    rpcTimeoutMs: values.SOUK_EVM_RPC_TIMEOUT_MS,
    blocksPerPass: values.SOUK_EVM_BLOCKS_PER_PASS,
  };
}

function parseWalletSettings(env: NodeJS.ProcessEnv): WalletSettings {
  const confirmationsOverride: Record<string, number> = {};
  const coinAdapters: Record<string, ChainAdapterName> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === "") continue;
    if (name.startsWith(CONFIRMATIONS_PREFIX)) {
      const parsed = confirmationsSchema.safeParse(value);
      if (!parsed.success) throw new Error(`invalid configuration: ${name} must be a whole number of confirmations`);
      confirmationsOverride[name.slice(CONFIRMATIONS_PREFIX.length).toUpperCase()] = parsed.data;
    } else if (name.startsWith(CHAIN_PREFIX) && name !== "SOUK_CHAIN_ADAPTER") {
      const code = name.slice(CHAIN_PREFIX.length).toUpperCase();
      const parsed = adapterSchema.safeParse(value);
      if (!parsed.success) throw new Error(`invalid configuration: ${name} must be dev or evm`);
      if (parsed.data === "evm" && !EVM_COINS.includes(code)) {
        throw new Error(`invalid configuration: ${name}: only ${EVM_COINS.join(" and ")} can use the evm adapter`);
      }
      coinAdapters[code] = parsed.data;
    }
  }
  const adapter = adapterSchema.default("dev").safeParse(env.SOUK_CHAIN_ADAPTER || undefined);
  if (!adapter.success) throw new Error("invalid configuration: SOUK_CHAIN_ADAPTER must be dev or evm");
  const stale = z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .safeParse(env.SOUK_BROADCAST_STALE_SECONDS || undefined);
  if (!stale.success) throw new Error("invalid configuration: SOUK_BROADCAST_STALE_SECONDS must be whole seconds");
  const settings: WalletSettings = {
    chainAdapter: adapter.data,
    coinAdapters,
    confirmationsOverride,
    broadcastStaleAfterSeconds: stale.data,
    evm: null,
  };
  const usesEvm = EVM_COINS.some((code) => adapterNameFor(code, settings) === "evm");
  if (!usesEvm) return settings;
  if (adapterNameFor("USDT", settings) === "evm" && adapterNameFor("ETH", settings) !== "evm") {
    throw new Error("invalid configuration: USDT on the evm adapter needs ETH there too (its gas is paid in ETH)");
  }
  const evm = loadEvmSettings(env);
  if (adapterNameFor("USDT", settings) === "evm" && !evm.usdtContract) {
    throw new Error("invalid configuration: USDT on the evm adapter needs SOUK_EVM_USDT_CONTRACT");
  }
  return { ...settings, evm };
}

// Parsed once per distinct environment: a seed file is read once, not on every request.
let cached: { key: string; settings: WalletSettings } | null = null;

export function loadWalletSettings(env: NodeJS.ProcessEnv = process.env): WalletSettings {
  const key = JSON.stringify(
    Object.entries(env)
      .filter(([name]) => name.startsWith("SOUK_"))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  if (cached?.key === key) return cached.settings;
  const settings = parseWalletSettings(env);
  cached = { key, settings };
  return settings;
}

/** The adapter a coin uses: its own setting, else the default for coins the adapter can hold. */
export function adapterNameFor(code: string, settings: Pick<WalletSettings, "chainAdapter" | "coinAdapters">) {
  const own = settings.coinAdapters[code];
  if (own) return own;
  return settings.chainAdapter === "evm" && EVM_COINS.includes(code) ? "evm" : "dev";
}

export function confirmationsRequiredFor(
  currency: { code: string; confirmationsRequired: number },
  settings: WalletSettings = loadWalletSettings(),
): number {
  return settings.confirmationsOverride[currency.code] ?? currency.confirmationsRequired;
}
