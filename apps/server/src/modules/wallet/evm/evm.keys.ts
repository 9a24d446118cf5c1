import { HDNodeVoidWallet, HDNodeWallet, Mnemonic } from "ethers";
import type { EvmSettings } from "../wallet.settings.ts";
import type { Secret } from "./evm.secret.ts";

/**
 * Custody keys from one BIP-39 seed phrase (docs/decisions/090-evm-custody.md#keys):
 *
 * - deposit addresses: m/44'/60'/0'/0/<index>. The extended public key of m/44'/60'/0'/0 is all
 *   that deriving them needs, so a copy that only hands out addresses holds no private key;
 * - the hot wallet: m/44'/60'/1'/0/0, a separate account of the same seed.
 *
 * Private keys live only in the objects made here and are used only to sign.
 */

const DEPOSIT_BRANCH_PATH = "m/44'/60'/0'/0";
const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

export interface CustodyKeys {
  /** The deposit branch's extended public key. */
  depositXpub: string;
  depositAddressAt(index: number): string;
  /** Whether private keys are here (the seed is configured): needed to sign, not to derive. */
  canSign: boolean;
  depositSignerAt(index: number): HDNodeWallet;
  hotWallet(): HDNodeWallet;
  hotWalletAddress: string | null;
}

const cache = new WeakMap<EvmSettings, CustodyKeys>();

export function custodyKeysOf(settings: EvmSettings): CustodyKeys {
  const known = cache.get(settings);
  if (known) return known;
  const keys = makeKeys(settings);
  cache.set(settings, keys);
  return keys;
}

function makeKeys(settings: EvmSettings): CustodyKeys {
  const root = settings.seed ? HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(settings.seed.reveal()), "m") : null;
  const depositBranch = root?.derivePath(DEPOSIT_BRANCH_PATH) ?? null;
  const derivedXpub = depositBranch?.neuter().extendedKey ?? null;
  if (derivedXpub && settings.depositXpub && derivedXpub !== settings.depositXpub) {
    // Addresses derived from one key and swept with another would strand the deposits.
    throw new Error("invalid configuration: SOUK_EVM_DEPOSIT_XPUB does not belong to the configured seed");
  }
  const depositXpub = settings.depositXpub ?? derivedXpub;
  if (!depositXpub) throw new Error("invalid configuration: no deposit key (SOUK_EVM_DEPOSIT_XPUB or the seed)");
  const publicBranch = HDNodeWallet.fromExtendedKey(depositXpub);
  if (!(publicBranch instanceof HDNodeVoidWallet)) {
    throw new Error("invalid configuration: SOUK_EVM_DEPOSIT_XPUB must be an extended public key");
  }
  const hot = root?.derivePath(HOT_WALLET_PATH) ?? null;
  const requireRoot = () => {
    if (!depositBranch || !hot) throw new Error("this copy has no custody seed: it cannot sign");
    return { depositBranch, hot };
  };
  return {
    depositXpub,
    depositAddressAt: (index) => publicBranch.deriveChild(index).address.toLowerCase(),
    canSign: root !== null,
    depositSignerAt: (index) => requireRoot().depositBranch.deriveChild(index),
    hotWallet: () => requireRoot().hot,
    hotWalletAddress: hot ? hot.address.toLowerCase() : null,
  };
}

/** The hot wallet's address of a seed phrase (for setting up a node before Souk runs). */
export function hotWalletAddressOf(seed: Secret): string {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(seed.reveal()), "m")
    .derivePath(HOT_WALLET_PATH)
    .address.toLowerCase();
}
