import { getAddress } from "ethers";
import type { Db } from "../../../db/pool.ts";
import type { BroadcastOutcome, BroadcastRequest, ChainAdapter } from "../wallet.chain-adapter.ts";
import { EVM_COINS, type WalletSettings } from "../wallet.settings.ts";
import { type EvmCoin, type EvmContext, evmContextOf } from "./evm.context.ts";
import { ETH_TRANSFER_GAS, feesFor } from "./evm.domain.ts";
import { noteStartBeforeAddress } from "./evm.follower.ts";
import { custodyKeysOf } from "./evm.keys.ts";
import * as repo from "./evm.repo.ts";
import { ERC20, evmRpcOf } from "./evm.rpc.ts";
import { submitTransaction } from "./evm.sender.ts";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An address as typed: all lower or all upper case, or mixed case with a correct EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  if (!EVM_ADDRESS.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

/** The zero address has no key: what is sent there is burnt (and many tokens refuse it). */
export function isZeroAddress(address: string): boolean {
  return /^0x0{40}$/.test(address);
}

/** Token transfers use more gas than their estimate suggests when storage is first written. */
const TOKEN_GAS_MARGIN_PERCENT = 130n;
const TOKEN_TRANSFER_GAS_FALLBACK = 80_000n;

/**
 * ETH and USDT on a real EVM chain. Addresses come from the deposit branch's extended public key;
 * a withdrawal is signed by the hot wallet into the transaction outbox (evm.sender.ts) and
 * answered `pending` until the tracker settles it.
 */
export function createEvmChainAdapter(db: Db, settings: WalletSettings): ChainAdapter {
  const evm = settings.evm;
  if (!evm) throw new Error("the EVM adapter is not configured");
  const keys = custodyKeysOf(evm);
  return {
    name: "evm",
    async newAddress() {
      await noteStartBeforeAddress(db, evm);
      const index = await repo.nextDerivationIndex(db);
      return { address: keys.depositAddressAt(index), derivationIndex: index };
    },
    isValidAddress(currencyCode, address) {
      return EVM_COINS.includes(currencyCode) && isEvmAddress(address.trim()) && !isZeroAddress(address.trim());
    },
    displayAddress: (address) => getAddress(address),
    async checkDestination(currencyCode, address) {
      if (address === keys.hotWalletAddress) return "address_unavailable";
      if (currencyCode !== "ETH") return address === evm.usdtContract ? "address_is_token_contract" : null;
      try {
        const code = await evmRpcOf(evm).code(address);
        return code !== "0x" ? "address_is_contract" : null;
      } catch {
        return null;
      }
    },
    async broadcastWithdrawal(request) {
      const context = await evmContextOf(db, settings);
      if (!context) throw new Error("the EVM adapter is not configured");
      return sendWithdrawal(context, request);
    },
  };
}

async function sendWithdrawal(context: EvmContext, request: BroadcastRequest): Promise<BroadcastOutcome> {
  const purposeKey = `withdrawal:${request.withdrawalId}`;
  const existing = await repo.findTransactionByPurpose(context.db, purposeKey);
  if (existing) return outcomeOf(context, existing);
  const coin = context.coins.find((item) => item.currency.id === request.currencyId);
  if (!coin) throw new Error(`${request.currencyCode} is not on the EVM chain`);
  const to = request.address.toLowerCase();
  if (coin.token === null && (await context.rpc.code(to)) !== "0x") {
    return { status: "rejected", reason: "the address is a contract, which a plain ETH transfer cannot pay" };
  }
  if (to === coin.token || to === context.hotWallet)
    return { status: "rejected", reason: "the address cannot receive" };
  const valueUnits = request.amountMinor * coin.scale;
  const head = await context.rpc.block("latest");
  const fees =
    head && feesFor(head.baseFeePerGas, context.settings.priorityFeePerGasWei, context.settings.maxFeePerGasWei);
  if (!fees) {
    await alert(
      context,
      "fees-above-cap",
      "fees_above_cap",
      "The chain's base fee is above SOUK_EVM_MAX_FEE_GWEI: withdrawals wait.",
    );
    return { status: "pending", txid: null };
  }
  const gasLimit = await gasLimitFor(context, coin, to, valueUnits);
  const shortBy = await hotWalletShortfall(context, coin, valueUnits, gasLimit * fees.maxFeePerGas);
  if (shortBy) {
    await alert(
      context,
      `hot-wallet-short:${coin.currency.code}`,
      "hot_wallet_short",
      `The hot wallet cannot pay withdrawal ${request.withdrawalId} (${shortBy}): it waits until the hot wallet is funded.`,
    );
    return { status: "pending", txid: null };
  }
  await repo.resolveAlert(context.db, `hot-wallet-short:${coin.currency.code}`);
  const row = await submitTransaction(context, {
    purpose: "withdrawal",
    purposeKey,
    withdrawalId: request.withdrawalId,
    coin,
    from: context.hotWallet,
    signer: () => context.keys.hotWallet(),
    to,
    valueUnits,
    gasLimit,
    fees,
  });
  return row ? outcomeOf(context, row) : { status: "pending", txid: null };
}

async function outcomeOf(context: EvmContext, row: repo.EvmTransactionRow): Promise<BroadcastOutcome> {
  if (row.state === "confirmed") return { status: "sent", txid: row.mined_hash ?? "" };
  if (row.state === "failed") return { status: "rejected", reason: "the transaction reverted on the chain" };
  const attempts = await repo.attemptsOf(context.db, row.id);
  return { status: "pending", txid: attempts.at(-1)?.hash ?? null };
}

async function gasLimitFor(context: EvmContext, coin: EvmCoin, to: string, valueUnits: bigint): Promise<bigint> {
  if (coin.token === null) return ETH_TRANSFER_GAS;
  const estimate = await context.rpc
    .estimateGas({
      from: context.hotWallet,
      to: coin.token,
      data: ERC20.encodeFunctionData("transfer", [to, valueUnits]),
      value: 0n,
    })
    // The estimate reverts while the hot wallet lacks the tokens; the shortfall check then says so.
    .catch(() => TOKEN_TRANSFER_GAS_FALLBACK);
  return (estimate * TOKEN_GAS_MARGIN_PERCENT) / 100n;
}

/** What the hot wallet lacks for this send after what its unfinished transactions will take; null when enough. */
export async function hotWalletShortfall(
  context: EvmContext,
  coin: EvmCoin,
  valueUnits: bigint,
  gasWei: bigint,
): Promise<string | null> {
  const committed = await repo.sumPendingOutflows(context.db, context.settings.chainId, context.hotWallet);
  const committedOf = (currencyId: number) =>
    BigInt(committed.find((row) => row.currency_id === currencyId)?.value_units ?? "0");
  const committedGas = committed.reduce((sum, row) => sum + BigInt(row.gas_wei ?? "0"), 0n);
  const eth = await context.rpc.balance(context.hotWallet, "latest");
  const ethNeeded = gasWei + committedGas + committedOf(context.native.currency.id) + (coin.token ? 0n : valueUnits);
  if (eth < ethNeeded) return `ETH for value and gas: has ${eth} wei, needs ${ethNeeded}`;
  if (coin.token) {
    const held = await context.rpc.tokenBalance(coin.token, context.hotWallet, "latest");
    const needed = valueUnits + committedOf(coin.currency.id);
    if (held < needed) return `${coin.currency.code}: has ${held} units, needs ${needed}`;
  }
  return null;
}

async function alert(context: EvmContext, key: string, kind: string, message: string): Promise<void> {
  await repo.raiseAlert(context.db, key, kind, message);
}
