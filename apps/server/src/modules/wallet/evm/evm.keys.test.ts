import { describe, expect, it } from "vitest";
import type { EvmSettings } from "../wallet.settings.ts";
import { custodyKeysOf } from "./evm.keys.ts";
import { Secret } from "./evm.secret.ts";

// The well-known development phrase of local EVM nodes: test money only.
const PHRASE = "test test test test test test test test test test test junk";

function settings(overrides: Partial<EvmSettings> = {}): EvmSettings {
  return {
    rpcUrl: "http://127.0.0.1:8545",
    chainId: 31337,
    usdtContract: null,
    usdtDecimals: 6,
    depositXpub: null,
    seed: new Secret(PHRASE),
    startBlock: null,
    maxFeePerGasWei: 200_000_000_000n,
    priorityFeePerGasWei: 1_000_000_000n,
    replaceAfterSeconds: 180,
    pollSeconds: 10,
    rpcTimeoutMs: 10_000,
    blocksPerPass: 50,
    ...overrides,
  };
}

describe("custody keys", () => {
  it("derive deposit addresses from the extended public key alone, the same as from the seed", () => {
    const full = custodyKeysOf(settings());
    const publicOnly = custodyKeysOf(settings({ seed: null, depositXpub: full.depositXpub }));
    expect(full.depositXpub.startsWith("xpub")).toBe(true);
    for (const index of [0, 1, 7]) {
      expect(publicOnly.depositAddressAt(index)).toBe(full.depositAddressAt(index));
      expect(full.depositSignerAt(index).address.toLowerCase()).toBe(full.depositAddressAt(index));
    }
    // m/44'/60'/0'/0/0 of this phrase is the first account every local node funds.
    expect(full.depositAddressAt(0)).toBe("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266");
    expect(publicOnly.canSign).toBe(false);
    expect(() => publicOnly.hotWallet()).toThrow(/cannot sign/);
  });

  it("keep the hot wallet on its own account, apart from every deposit address", () => {
    const keys = custodyKeysOf(settings());
    expect(keys.hotWalletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect([0, 1, 2].map((index) => keys.depositAddressAt(index))).not.toContain(keys.hotWalletAddress);
  });

  it("refuse an extended public key that does not belong to the seed", () => {
    const other = custodyKeysOf(
      settings({
        seed: new Secret(
          "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
        ),
      }),
    );
    expect(() => custodyKeysOf(settings({ depositXpub: other.depositXpub }))).toThrow(/does not belong/);
  });
});
