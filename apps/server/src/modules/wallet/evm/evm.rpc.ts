import { FetchRequest, Interface, JsonRpcProvider, Network } from "ethers";
import type { EvmSettings } from "../wallet.settings.ts";

/**
 * The EVM node as custody needs it, over plain JSON-RPC: blocks with their transactions, token
 * Transfer logs of one block (by its hash, so they belong to the block that was checked),
 * receipts, balances at a block, nonces, fees and raw broadcasts. Every call has a timeout;
 * errors are thrown to the job, which tries again on its next run.
 */

export const ERC20 = new Interface([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
]);
const TRANSFER_TOPIC = ERC20.getEvent("Transfer")?.topicHash ?? "";

interface EvmTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: bigint;
}

export interface EvmBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  baseFeePerGas: bigint;
  transactions: EvmTransaction[];
}

interface TokenTransfer {
  transactionHash: string;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
}

export interface EvmReceipt {
  transactionHash: string;
  blockNumber: bigint;
  blockHash: string;
  isSuccess: boolean;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

type BlockTag = bigint | "latest" | "pending";

export interface EvmRpc {
  chainId(): Promise<number>;
  headNumber(): Promise<bigint>;
  block(number: bigint | "latest"): Promise<EvmBlock | null>;
  tokenTransfers(blockHash: string, token: string): Promise<TokenTransfer[]>;
  receipt(hash: string): Promise<EvmReceipt | null>;
  balance(address: string, at: BlockTag): Promise<bigint>;
  tokenBalance(token: string, address: string, at: BlockTag): Promise<bigint>;
  code(address: string): Promise<string>;
  nonce(address: string, at: BlockTag): Promise<bigint>;
  estimateGas(tx: { from: string; to: string; data: string; value: bigint }): Promise<bigint>;
  /** Broadcasts signed bytes; a node that already has them is not an error. */
  sendRaw(raw: string): Promise<void>;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;
const tagOf = (at: BlockTag) => (typeof at === "bigint" ? hex(at) : at);
const lower = (address: string) => address.toLowerCase();

type RawTransaction = { hash: string; from: string; to: string | null; value: string };
type RawBlock = {
  number: string;
  hash: string;
  parentHash: string;
  baseFeePerGas?: string;
  transactions: RawTransaction[];
};

function addressFromTopic(topic: string): string {
  return lower(`0x${topic.slice(-40)}`);
}

const providers = new WeakMap<EvmSettings, JsonRpcProvider>();

function providerOf(settings: EvmSettings): JsonRpcProvider {
  const known = providers.get(settings);
  if (known) return known;
  const request = new FetchRequest(settings.rpcUrl);
  request.timeout = settings.rpcTimeoutMs;
  // A static network: no chain-id probe (and no retry loop) before each call when the node is down.
  const provider = new JsonRpcProvider(request, Network.from(settings.chainId), {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  providers.set(settings, provider);
  return provider;
}

function isAlreadyKnown(error: unknown): boolean {
  const text = error instanceof Error ? error.message.toLowerCase() : String(error).toLowerCase();
  return text.includes("already known") || text.includes("known transaction");
}

export function evmRpcOf(settings: EvmSettings): EvmRpc {
  const provider = providerOf(settings);
  const send = <T>(method: string, params: unknown[]) => provider.send(method, params) as Promise<T>;
  return {
    async chainId() {
      return Number(BigInt(await send<string>("eth_chainId", [])));
    },
    async headNumber() {
      return BigInt(await send<string>("eth_blockNumber", []));
    },
    async block(number) {
      const raw = await send<RawBlock | null>("eth_getBlockByNumber", [
        number === "latest" ? "latest" : hex(number),
        true,
      ]);
      if (!raw) return null;
      return {
        number: BigInt(raw.number),
        hash: raw.hash,
        parentHash: raw.parentHash,
        baseFeePerGas: BigInt(raw.baseFeePerGas ?? "0x0"),
        transactions: raw.transactions.map((tx) => ({
          hash: tx.hash,
          from: lower(tx.from),
          to: tx.to ? lower(tx.to) : null,
          value: BigInt(tx.value),
        })),
      };
    },
    async tokenTransfers(blockHash, token) {
      const logs = await send<{ transactionHash: string; logIndex: string; topics: string[]; data: string }[]>(
        "eth_getLogs",
        [{ blockHash, address: token, topics: [TRANSFER_TOPIC] }],
      );
      return logs
        .filter((log) => log.topics.length === 3)
        .map((log) => ({
          transactionHash: log.transactionHash,
          logIndex: Number(BigInt(log.logIndex)),
          from: addressFromTopic(log.topics[1] ?? ""),
          to: addressFromTopic(log.topics[2] ?? ""),
          value: BigInt(log.data === "0x" ? "0x0" : log.data),
        }));
    },
    async receipt(hash) {
      const raw = await send<{
        transactionHash: string;
        blockNumber: string;
        blockHash: string;
        status: string;
        gasUsed: string;
        effectiveGasPrice: string;
      } | null>("eth_getTransactionReceipt", [hash]);
      if (!raw) return null;
      return {
        transactionHash: raw.transactionHash,
        blockNumber: BigInt(raw.blockNumber),
        blockHash: raw.blockHash,
        isSuccess: BigInt(raw.status) === 1n,
        gasUsed: BigInt(raw.gasUsed),
        effectiveGasPrice: BigInt(raw.effectiveGasPrice),
      };
    },
    async balance(address, at) {
      return BigInt(await send<string>("eth_getBalance", [address, tagOf(at)]));
    },
    async tokenBalance(token, address, at) {
      const data = ERC20.encodeFunctionData("balanceOf", [address]);
      const result = await send<string>("eth_call", [{ to: token, data }, tagOf(at)]);
      return BigInt(result === "0x" ? "0x0" : result);
    },
    async code(address) {
      return send<string>("eth_getCode", [address, "latest"]);
    },
    async nonce(address, at) {
      return BigInt(await send<string>("eth_getTransactionCount", [address, tagOf(at)]));
    },
    async estimateGas(tx) {
      return BigInt(
        await send<string>("eth_estimateGas", [{ from: tx.from, to: tx.to, data: tx.data, value: hex(tx.value) }]),
      );
    },
    async sendRaw(raw) {
      try {
        await send<string>("eth_sendRawTransaction", [raw]);
      } catch (error) {
        if (!isAlreadyKnown(error)) throw error;
      }
    },
  };
}
