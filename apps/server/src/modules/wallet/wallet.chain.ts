import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/pool.ts";
import { isAddressFormatValid, normalizeAddress } from "./wallet.domain.ts";
import { recordDevBroadcast } from "./wallet.repo.ts";

/**
 * Custody of coins on their chains, behind one interface, so a real chain replaces the dev one
 * without touching callers. The
 * default is the dev chain, which needs no outside service; a Bitcoin node or an Esplora server
 * would be another implementation of the same interface.
 */
export interface ChainAdapter {
  readonly name: string;
  /** A fresh receiving address of the currency's chain for this user. */
  newAddress(input: { userId: number; currencyCode: string }): Promise<string>;
  /** Whether a (normalized) address belongs to the currency's chain. */
  isValidAddress(currencyCode: string, address: string): boolean;
  /**
   * Sends a withdrawal. MUST be idempotent by withdrawalId: a second call for the same id (a
   * retry after a crash) sends nothing new and returns the first outcome. A real adapter gets
   * this by signing once, storing the raw transaction under the withdrawal id, and only ever
   * re-broadcasting those same bytes (same txid). Throwing means "outcome unknown, try later";
   * `rejected` means the chain refused for good and the funds go back to the user.
   */
  broadcastWithdrawal(input: BroadcastRequest): Promise<BroadcastOutcome>;
}

export interface BroadcastRequest {
  withdrawalId: bigint;
  currencyId: number;
  currencyCode: string;
  address: string;
  amountMinor: bigint;
  networkFeeMinor: bigint;
}

export type BroadcastOutcome = { status: "sent"; txid: string } | { status: "rejected"; reason: string };

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
      if (currencyCode === "BTC") return `bc1q${randomBech32(38)}`;
      if (currencyCode === "ETH" || currencyCode === "USDT") return `0x${randomBytes(20).toString("hex")}`;
      return `dev${randomBytes(20).toString("hex")}`;
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

/** The adapter the settings name (only the dev chain so far). */
export function chainAdapterFor(db: Db): ChainAdapter {
  return createDevChainAdapter(db);
}
