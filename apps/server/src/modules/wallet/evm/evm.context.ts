import type { Db } from "../../../db/pool.ts";
import { type CryptoCurrency, listCryptoCurrencies } from "../../reference/index.ts";
import {
  adapterNameFor,
  confirmationsRequiredFor,
  type EvmSettings,
  loadWalletSettings,
  type WalletSettings,
} from "../wallet.settings.ts";
import { unitScale } from "./evm.domain.ts";
import { type CustodyKeys, custodyKeysOf } from "./evm.keys.ts";
import { type EvmRpc, evmRpcOf } from "./evm.rpc.ts";

/** ETH counts in wei on the chain. */
const ETH_CHAIN_DECIMALS = 18;

/** A coin held on the EVM chain, with how the chain counts it. */
export interface EvmCoin {
  currency: CryptoCurrency;
  /** null for the chain's own coin (ETH); the token contract (lower case) otherwise. */
  token: string | null;
  chainDecimals: number;
  /** Chain units per ledger minor unit. */
  scale: bigint;
  confirmationsRequired: number;
}

/** Everything an EVM custody step needs, built once per run. */
export interface EvmContext {
  db: Db;
  settings: EvmSettings;
  wallet: WalletSettings;
  rpc: EvmRpc;
  keys: CustodyKeys;
  coins: EvmCoin[];
  native: EvmCoin;
  /** The hot wallet's address; custody jobs need the seed to know it. */
  hotWallet: string;
}

/** The EVM context, or null when no coin uses the EVM adapter (the dev chain's zero setup). */
export async function evmContextOf(db: Db, wallet: WalletSettings = loadWalletSettings()): Promise<EvmContext | null> {
  const settings = wallet.evm;
  if (!settings) return null;
  const keys = custodyKeysOf(settings);
  if (!keys.hotWalletAddress) throw new Error("custody jobs need the seed (SOUK_EVM_SEED_FILE) to know the hot wallet");
  const coins: EvmCoin[] = [];
  for (const currency of await listCryptoCurrencies(db)) {
    if (adapterNameFor(currency.code, wallet) !== "evm") continue;
    const isToken = currency.code !== "ETH";
    const chainDecimals = isToken ? settings.usdtDecimals : ETH_CHAIN_DECIMALS;
    coins.push({
      currency,
      token: isToken ? settings.usdtContract : null,
      chainDecimals,
      scale: unitScale(chainDecimals, currency.decimals),
      confirmationsRequired: Math.max(1, confirmationsRequiredFor(currency, wallet)),
    });
  }
  // Settings refuse a token on the chain without ETH, whose gas it needs.
  const native = coins.find((coin) => coin.token === null);
  if (!native) throw new Error("ETH is not on the evm adapter");
  return {
    db,
    settings,
    wallet,
    rpc: evmRpcOf(settings),
    keys,
    coins,
    native,
    hotWallet: keys.hotWalletAddress,
  };
}

/** The confirmation depth the chain's own transactions wait for: the deepest of its coins. */
export function finalityDepth(context: EvmContext): number {
  return Math.max(context.native.confirmationsRequired, ...context.coins.map((coin) => coin.confirmationsRequired));
}
