import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/pool.ts";
import { createEvmChainAdapter } from "./evm/evm.adapter.ts";
import type { ChainAdapter } from "./wallet.chain-adapter.ts";
import { isAddressFormatValid, normalizeAddress } from "./wallet.domain.ts";
import { recordDevBroadcast } from "./wallet.repo.ts";
import { adapterNameFor, loadWalletSettings, type WalletSettings } from "./wallet.settings.ts";

export type { BroadcastOutcome, ChainAdapter } from "./wallet.chain-adapter.ts";

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
