import { parseEther, Wallet } from "ethers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../../test/harness.ts";
import { freePort } from "../../../../test/server-copies.ts";
import { createWalletTestApp, signUpUser } from "../wallet.fixtures.ts";
import { type EvmContext, evmContextOf } from "./evm.context.ts";
import { creditConfirmedDeposits, followChain } from "./evm.follower.ts";
import { type LocalEvmNode, nodeSettingsOf, startLocalEvmNode } from "./evm.local-node.ts";

/**
 * A fresh database whose follower has not run yet (no SOUK_EVM_START_BLOCK): a deposit address
 * handed out then must not lie behind the cursor the follower's first run starts from
 * (docs/decisions/090-evm-custody.md#consequences). Against a real local EVM node.
 */

const CONFIRMATIONS = 2;
const savedEnv = { ...process.env };
let node: LocalEvmNode;
let t: TestApp;

beforeAll(async () => {
  node = await startLocalEvmNode({ port: await freePort() });
  Object.assign(process.env, {
    ...nodeSettingsOf(node),
    SOUK_EVM_SEED: Wallet.createRandom().mnemonic?.phrase ?? "",
    SOUK_CONFIRMATIONS_ETH: String(CONFIRMATIONS),
    SOUK_CONFIRMATIONS_USDT: String(CONFIRMATIONS),
  });
  delete process.env.SOUK_EVM_START_BLOCK;
  t = await createWalletTestApp();
}, 180_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
  process.env = savedEnv;
});

const askAddress = (client: TestClient) =>
  client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "ETH" } });

async function context(): Promise<EvmContext> {
  const made = await evmContextOf(t.db);
  if (!made) throw new Error("the EVM adapter is not configured");
  return made;
}

async function rowsOf(table: "wallet_evm_cursors" | "wallet_evm_start_hints" | "wallet_addresses") {
  return (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(t.db)).rows;
}

describe("the follower's first start", () => {
  it("hands out no deposit address while the node does not answer and the follower never ran", async () => {
    const alice = await signUpUser(t);
    process.env.SOUK_EVM_RPC_URL = `http://127.0.0.1:${await freePort()}`;
    try {
      const refused = await askAddress(alice);
      expect(refused.status, refused.text).toBe(503);
      expect(refused.body.errors).toMatchObject({ code: "ERROR_CUSTODY_UNAVAILABLE" });
    } finally {
      process.env.SOUK_EVM_RPC_URL = node.rpcUrl;
    }
    expect(await rowsOf("wallet_addresses")).toEqual([]);
    expect(await rowsOf("wallet_evm_start_hints")).toEqual([]);
  });

  it("credits a deposit sent to an address handed out before the follower's first run", async () => {
    const bob = await signUpUser(t);
    const headAtIssue = BigInt(await node.provider.getBlockNumber());
    const answer = await askAddress(bob);
    expect(answer.status, answer.text).toBe(200);
    expect((await rowsOf("wallet_evm_start_hints")).map((row) => BigInt(String(row.block_number)))).toEqual([
      headAtIssue,
    ]);
    // The deposit is mined, and more blocks after it, before the follower ever runs.
    await (await node.funded.sendTransaction({ to: answer.body.data.address, value: parseEther("0.4") })).wait();
    await node.call("hardhat_mine", ["0x5"]);
    const custody = await context();
    const first = await followChain(custody);
    expect(first.from).toBe(headAtIssue);
    await followChain(custody);
    await creditConfirmedDeposits(custody);
    const deposits = await bob.get("/rest/v1/wallet/deposits", { query: { cryptoCurrencyCode: "ETH" } });
    expect(deposits.body.data).toMatchObject([{ status: "credited", amount: "0.400000000" }]);
    expect((await rowsOf("wallet_evm_cursors")).length).toBe(1);
  });

  it("hands out later addresses without asking the node once the follower runs", async () => {
    const carol = await signUpUser(t);
    process.env.SOUK_EVM_RPC_URL = `http://127.0.0.1:${await freePort()}`;
    try {
      const answer = await askAddress(carol);
      expect(answer.status, answer.text).toBe(200);
    } finally {
      process.env.SOUK_EVM_RPC_URL = node.rpcUrl;
    }
  });
});
