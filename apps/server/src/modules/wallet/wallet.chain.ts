import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/pool.ts";
import { createEvmChainAdapter } from "./evm/evm.adapter.ts";
import { isAddressFormatValid, normalizeAddress } from "./wallet.domain.ts";
import { recordDevBroadcast } from "./wallet.repo.ts";
import { adapterNameFor, loadWalletSettings, type WalletSettings } from "./wallet.settings.ts";

/**
 * Custody of coins on their chains, behind one interface (docs/decisions/014-evm-custody.md#the-adapter-interface).
 * The default is the dev chain, which needs no outside service; ETH and USDT can be held on a
 * real EVM chain; a Bitcoin node or an Esplora server would be another implementation of the
 * same interface (the decision shows how its UTXOs fit).
 */
export interface ChainAdapter {
  readonly name: string;
  /** A fresh receiving address of the currency's chain for this user (and its derivation index, if any). */
  newAddress(input: { userId: number; currencyCode: string }): Promise<NewAddress>;
  /** Whether an address as typed belongs to the currency's chain (an EVM checksum must be right). */
  isValidAddress(currencyCode: string, address: string): boolean;
  /**
   * A reason to refuse sending to a (normalized) address that the format cannot show: a contract
   * that cannot take the coin, the hot wallet itself. Null when fine, or when it cannot be told
   * now (the node is down): the check is made again before signing.
   */
  checkDestination?(currencyCode: string, address: string): Promise<string | null>;
  /** How the address is shown to users (an EVM address with its checksum). */
  displayAddress?(address: string): string;
  /**
   * Sends a withdrawal. MUST be idempotent by withdrawalId: a second call for the same id (a
   * retry after a crash) sends nothing new and returns the first outcome. A real adapter gets
   * this by signing once, storing the raw transaction under the withdrawal id, and only ever
   * re-broadcasting those same bytes (same txid). Throwing means "outcome unknown, try later";
   * `rejected` means the chain refused for good and the funds go back to the user; `pending`
   * means it is on its way and the adapter settles it itself once the chain has decided.
   */
  broadcastWithdrawal(input: BroadcastRequest): Promise<BroadcastOutcome>;
}

export interface NewAddress {
  address: string;
  derivationIndex: number | null;
}

export interface BroadcastRequest {
  withdrawalId: bigint;
  currencyId: number;
  currencyCode: string;
  address: string;
  amountMinor: bigint;
  networkFeeMinor: bigint;
}

export type BroadcastOutcome =
  | { status: "sent"; txid: string }
  | { status: "rejected"; reason: string }
  | { status: "pending"; txid: string | null };

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** The dev chain refuses withdrawals to addresses ending like this, so failures can be tried out. */
export const DEV_CHAIN_REJECTED_SUFFIX = "dead";

function randomBech32(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => BECH32_CHARSET[byte % 32]).join("");
}

/**
 * The development chain: addresses look like real ones (bc1q... for BTC, 0x... for ETH and
 * USDT as ERC-20) but are random; deposits arrive through the CLI or the admin endpoint; a
 * broadcast is recorded in a table under the withdrawal id with a txid derived from it.
 */
export function createDevChainAdapter(db: Db): ChainAdapter {
  return {
    name: "dev",
    async newAddress({ currencyCode }) {
      return { address: randomDevAddress(currencyCode), derivationIndex: null };
    },
    isValidAddress(currencyCode, address) {
      return isAddressFormatValid(currencyCode, normalizeAddress(currencyCode, address));
    },
    async broadcastWithdrawal(request) {
      if (request.address.toLowerCase().endsWith(DEV_CHAIN_REJECTED_SUFFIX)) {
        return { status: "rejected", reason: "the dev chain refuses addresses ending in 'dead'" };
      }
      const txid = createHash("sha256")
        .update(`souk-dev-chain:${request.currencyCode}:${request.withdrawalId}`)
        .digest("hex");
      return { status: "sent", txid: await recordDevBroadcast(db, { ...request, txid }) };
    },
  };
}

function randomDevAddress(currencyCode: string): string {
  if (currencyCode === "BTC") return `bc1q${randomBech32(38)}`;
  if (currencyCode === "ETH" || currencyCode === "USDT") return `0x${randomBytes(20).toString("hex")}`;
  return `dev${randomBytes(20).toString("hex")}`;
}

/** The adapter the settings name for a currency (the dev chain unless it is on a real chain). */
export function chainAdapterFor(
  db: Db,
  currencyCode: string,
  settings: WalletSettings = loadWalletSettings(),
): ChainAdapter {
  if (adapterNameFor(currencyCode, settings) === "evm" && settings.evm) return createEvmChainAdapter(db, settings);
  return createDevChainAdapter(db);
}
