import { describe, expect, it } from "vitest";
import { adapterNameFor, loadWalletSettings } from "./wallet.settings.ts";

const PHRASE = "test test test test test test test test test test test junk";
const EVM = {
  SOUK_CHAIN_ADAPTER: "evm",
  SOUK_EVM_RPC_URL: "http://127.0.0.1:8545",
  SOUK_EVM_CHAIN_ID: "31337",
  SOUK_EVM_USDT_CONTRACT: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  SOUK_EVM_SEED: PHRASE,
};

describe("wallet settings", () => {
  it("keep every coin on the dev chain by default, with no EVM settings read", () => {
    const settings = loadWalletSettings({});
    expect(["BTC", "ETH", "USDT"].map((code) => adapterNameFor(code, settings))).toEqual(["dev", "dev", "dev"]);
    expect(settings.evm).toBeNull();
  });

  it("put ETH and USDT on the EVM chain with SOUK_CHAIN_ADAPTER=evm, BTC staying on the dev chain", () => {
    const settings = loadWalletSettings(EVM);
    expect(["BTC", "ETH", "USDT"].map((code) => adapterNameFor(code, settings))).toEqual(["dev", "evm", "evm"]);
    expect(settings.evm?.usdtContract).toBe(EVM.SOUK_EVM_USDT_CONTRACT.toLowerCase());
    expect(settings.evm?.maxFeePerGasWei).toBe(200_000_000_000n);
  });

  it("let one coin stay on the dev chain, and refuse what cannot work", () => {
    expect(adapterNameFor("USDT", loadWalletSettings({ ...EVM, SOUK_CHAIN_USDT: "dev" }))).toBe("dev");
    expect(() => loadWalletSettings({ SOUK_CHAIN_BTC: "evm" })).toThrow(/only ETH and USDT/);
    expect(() => loadWalletSettings({ ...EVM, SOUK_CHAIN_ETH: "dev" })).toThrow(/needs ETH there too/);
    expect(() => loadWalletSettings({ ...EVM, SOUK_EVM_USDT_CONTRACT: "" })).toThrow(/SOUK_EVM_USDT_CONTRACT/);
    expect(() => loadWalletSettings({ ...EVM, SOUK_EVM_SEED: "" })).toThrow(/SOUK_EVM_DEPOSIT_XPUB or the seed/);
    expect(() => loadWalletSettings({ ...EVM, SOUK_EVM_SEED_FILE: "/nonexistent/seed" })).toThrow(
      /both|cannot be read/,
    );
  });

  it("never show the seed in an error or when the settings are printed", () => {
    const settings = loadWalletSettings(EVM);
    const printed = JSON.stringify(settings, (_key, value) => (typeof value === "bigint" ? String(value) : value));
    expect(printed).toContain('"seed":"[secret]"');
    expect(printed).not.toContain("junk");
    let message = "";
    try {
      loadWalletSettings({ ...EVM, SOUK_EVM_CHAIN_ID: "x" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/SOUK_EVM_CHAIN_ID/);
    expect(message).not.toContain("junk");
  });
});
