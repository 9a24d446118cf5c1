import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../platform/index.ts";
import { keysCommand } from "./custody.commands.ts";
import { hotWalletAddressOf } from "./evm/evm.keys.ts";
import { Secret } from "./evm/evm.secret.ts";

// The well-known development phrase of local EVM nodes: test money only.
const PHRASE = "test test test test test test test test test test test junk";
const savedEnv = { ...process.env };

afterEach(() => {
  process.env = { ...savedEnv };
});

async function runKeys(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  process.env = { ...savedEnv, ...env };
  const lines: string[] = [];
  const context = { print: (line: string) => lines.push(line) } as unknown as CliContext;
  return { code: await keysCommand.run([], context), lines };
}

const evmEnv = {
  SOUK_CHAIN_ADAPTER: "evm",
  SOUK_CHAIN_USDT: "dev",
  SOUK_EVM_RPC_URL: "http://127.0.0.1:8545",
  SOUK_EVM_CHAIN_ID: "31337",
};

describe("custody:keys", () => {
  it("prints the deposit extended public key and the hot wallet's address, never the seed", async () => {
    const { code, lines } = await runKeys({ ...evmEnv, SOUK_EVM_SEED: PHRASE });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^SOUK_EVM_DEPOSIT_XPUB=xpub[1-9A-HJ-NP-Za-km-z]{100,}$/);
    const hotWallet = hotWalletAddressOf(new Secret(PHRASE));
    expect(lines[1]?.toLowerCase()).toContain(`# hot wallet ${hotWallet}: `);
    expect(lines.join("\n")).not.toContain("junk");
  });

  it("prints the same extended public key from the key alone, and says the hot wallet needs the seed", async () => {
    const withSeed = await runKeys({ ...evmEnv, SOUK_EVM_SEED: PHRASE });
    const xpub = (withSeed.lines[0] ?? "").split("=")[1] ?? "";
    const alone = await runKeys({ ...evmEnv, SOUK_EVM_DEPOSIT_XPUB: xpub });
    expect(alone.code).toBe(0);
    expect(alone.lines[0]).toBe(`SOUK_EVM_DEPOSIT_XPUB=${xpub}`);
    expect(alone.lines[1]).toMatch(/no seed here/);
  });

  it("exits 1 when every coin is on the dev chain", async () => {
    const { code, lines } = await runKeys({ SOUK_CHAIN_ADAPTER: "dev" });
    expect(code).toBe(1);
    expect(lines).toEqual(["every coin is on the dev chain (SOUK_CHAIN_ADAPTER=dev): there are no custody keys"]);
  });
});
