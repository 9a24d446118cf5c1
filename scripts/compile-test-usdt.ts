/**
 * Compiles the test USDT contract (an ERC-20 with 6 decimals, for local EVM nodes only) with
 * solc-js, the compiler shipped as JavaScript and WebAssembly in the `solc` package, so nothing
 * is downloaded. The result is written next to the source as test-usdt.artifact.json, which
 * `chain:dev` and the tests deploy; rerun this after changing the source:
 *
 *   npx tsx scripts/compile-test-usdt.ts
 *
 * A unit test compiles the source again and checks the shipped artifact is what it produces.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const TEST_USDT_SOURCE = path.resolve(
  import.meta.dirname,
  "../apps/server/src/modules/wallet/evm/test-usdt.sol",
);
export const TEST_USDT_ARTIFACT = TEST_USDT_SOURCE.replace(/\.sol$/, ".artifact.json");

export interface TestUsdtArtifact {
  contractName: string;
  compiler: string;
  abi: unknown[];
  bytecode: string;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compileTestUsdt(): TestUsdtArtifact {
  const solc = createRequire(import.meta.url)("solc") as Solc;
  const input = {
    language: "Solidity",
    sources: { "test-usdt.sol": { content: readFileSync(TEST_USDT_SOURCE, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // No metadata hash: the bytecode then depends on the source and settings only.
      metadata: { bytecodeHash: "none" },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contract = output.contracts?.["test-usdt.sol"]?.TestUSDT;
  if (!contract) throw new Error("the compiler produced no TestUSDT contract");
  return {
    contractName: "TestUSDT",
    compiler: `solc-js ${solc.version()}`,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const artifact = compileTestUsdt();
  writeFileSync(TEST_USDT_ARTIFACT, `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), TEST_USDT_ARTIFACT)} (${artifact.compiler})`);
}
