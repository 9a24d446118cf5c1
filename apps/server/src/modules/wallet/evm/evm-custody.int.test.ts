import { AbiCoder, Contract, getAddress, keccak256, parseEther, parseUnits, Wallet, zeroPadValue } from "ethers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../../test/harness.ts";
import { expectLedgerHolds } from "../../../../test/ledger-holds.ts";
import { freePort } from "../../../../test/server-copies.ts";
import { ledgerChecks } from "../../registry.ts";
import { reconcileCommand } from "../custody.commands.ts";
import { createWalletTestApp, signUpUser } from "../wallet.fixtures.ts";
import { broadcastPendingWithdrawals } from "../withdrawals.service.ts";
import { type EvmContext, evmContextOf } from "./evm.context.ts";
import { creditConfirmedDeposits, followChain } from "./evm.follower.ts";
import { hotWalletAddressOf } from "./evm.keys.ts";
import { type LocalEvmNode, nodeSettingsOf, startLocalEvmNode } from "./evm.local-node.ts";
import { reconcileEvm } from "./evm.reconcile.ts";
import { evmRpcOf } from "./evm.rpc.ts";
import { Secret } from "./evm.secret.ts";
import { trackTransactions } from "./evm.sender.ts";
import { sweepDeposits } from "./evm.sweeper.ts";

/**
 * Custody against a real local EVM node (Hardhat's, started here on 127.0.0.1 and stopped after):
 * deposits of ETH and USDT from a funded account, crediting at the depth, a reorg, sweeps with a
 * gas top-up, withdrawals, a stuck withdrawal replaced, a node that does not answer, and the
 * reconciliation of chain against ledger at the end. The node mines a block per transaction;
 * the test mines the blocks that confirm.
 */

const CONFIRMATIONS = 3;
const savedEnv = { ...process.env };
let node: LocalEvmNode;
let t: TestApp;
let context: EvmContext;
let usdt: Contract;
let hotWallet: string;

beforeAll(async () => {
  node = await startLocalEvmNode({ port: await freePort() });
  const phrase = Wallet.createRandom().mnemonic?.phrase ?? "";
  Object.assign(process.env, {
    ...nodeSettingsOf(node),
    SOUK_EVM_SEED: phrase,
    SOUK_CONFIRMATIONS_ETH: String(CONFIRMATIONS),
    SOUK_CONFIRMATIONS_USDT: String(CONFIRMATIONS),
    SOUK_EVM_REPLACE_AFTER_SECONDS: "600",
  });
  hotWallet = hotWalletAddressOf(new Secret(phrase));
  // The operator's float, there before Souk follows the chain: its opening balance is the treasury's.
  await (await node.funded.sendTransaction({ to: hotWallet, value: parseEther("5") })).wait();
  usdt = new Contract(
    node.usdtContract,
    ["function transfer(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)"],
    node.funded,
  );
  t = await createWalletTestApp();
  const made = await evmContextOf(t.db);
  if (!made) throw new Error("the EVM adapter is not configured");
  context = made;
  await followChain(context);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
  process.env = savedEnv;
});

const mine = (blocks: number) => node.call("hardhat_mine", [`0x${blocks.toString(16)}`]);

async function sync(): Promise<void> {
  await followChain(context);
  await creditConfirmedDeposits(context);
  await trackTransactions(context);
  await sweepDeposits(context);
}

async function addressOf(client: TestClient, code: string): Promise<string> {
  const response = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: code } });
  expect(response.status, response.text).toBe(200);
  return response.body.data.address;
}

async function depositsOf(client: TestClient, code: string) {
  const response = await client.get("/rest/v1/wallet/deposits", { query: { cryptoCurrencyCode: code } });
  expect(response.status, response.text).toBe(200);
  return response.body.data as { status: string; amount: string; confirmations: number; isDelayed: boolean }[];
}

async function balanceOf(client: TestClient, code: string): Promise<{ balance: string; incomingAmount: string }> {
  const response = await client.get("/rest/v2/wallet/balances");
  return response.body.data.find((row: { cryptoCurrencyCode: string }) => row.cryptoCurrencyCode === code);
}

/** What the wallet told a user, in order: "event coin amount" per announced fact. */
async function walletNoticesOf(client: TestClient): Promise<string[]> {
  const result = await sql<{ event: string; coin: string; amount: string }>`
    SELECT payload->>'event' AS event, payload->>'cryptoCurrencyCode' AS coin, payload->>'cryptoAmount' AS amount
    FROM realtime_events
    WHERE channel = ${`user.${client.user!.id}`} AND name = 'account.event' AND payload->>'event' LIKE 'wallet.%'
    ORDER BY id`.execute(t.db);
  return result.rows.map((row) => `${row.event} ${row.coin} ${row.amount}`);
}

async function tokenBalance(address: string): Promise<bigint> {
  return usdt.getFunction("balanceOf")(address);
}

async function send(client: TestClient, code: string, amount: string, address: string) {
  return client.post("/rest/v1/wallet/send", { cryptoCurrencyCode: code, amount, address });
}

let alice: TestClient;

/** The address with the case of one letter flipped: still mixed case, no longer its checksum. */
function withWrongChecksum(address: string): string {
  const checksummed = getAddress(address);
  const at = checksummed.slice(2).search(/[a-fA-F]/) + 2;
  const letter = checksummed[at] ?? "";
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return checksummed.slice(0, at) + flipped + checksummed.slice(at + 1);
}

describe("deposits", () => {
  it("hands out a checksummed deposit address per coin, the same on every ask", async () => {
    alice = await signUpUser(t);
    const eth = await addressOf(alice, "ETH");
    const token = await addressOf(alice, "USDT");
    expect(getAddress(eth)).toBe(eth);
    expect(eth).not.toBe(token);
    expect(await addressOf(alice, "ETH")).toBe(eth);
    const info = await alice.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "USDT" } });
    expect(info.body.data).toMatchObject({ network: "evm", confirmationsRequired: CONFIRMATIONS });
  });

  it("shows ETH and USDT from a funded account as incoming, then credits them once at the depth", async () => {
    await (await node.funded.sendTransaction({ to: await addressOf(alice, "ETH"), value: parseEther("1.5") })).wait();
    await (await usdt.getFunction("transfer")(await addressOf(alice, "USDT"), parseUnits("250", 6))).wait();
    await sync();
    const incoming = [...(await depositsOf(alice, "ETH")), ...(await depositsOf(alice, "USDT"))];
    expect(incoming.map((deposit) => deposit.status)).toEqual(["pending", "pending"]);
    expect(await walletNoticesOf(alice)).toEqual([
      "wallet.deposit_pending ETH 1.500000000",
      "wallet.deposit_pending USDT 250.000000",
    ]);
    expect((await balanceOf(alice, "ETH")).incomingAmount).toBe("1.500000000");
    expect((await balanceOf(alice, "ETH")).balance).toBe("0.000000000");
    await mine(1);
    await sync();
    expect((await depositsOf(alice, "USDT"))[0]).toMatchObject({ status: "pending", isDelayed: false });
    await mine(CONFIRMATIONS);
    await sync();
    await sync();
    expect((await depositsOf(alice, "ETH"))[0]).toMatchObject({ status: "credited", amount: "1.500000000" });
    expect(await balanceOf(alice, "ETH")).toMatchObject({ balance: "1.500000000", incomingAmount: "0.000000000" });
    expect((await balanceOf(alice, "USDT")).balance).toBe("250.000000");
    const credits = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM ledger_transfers WHERE kind = 'deposit' AND reference_type = 'deposit'
        AND reference_id IN (SELECT id::text FROM wallet_deposits WHERE user_id = ${alice.user!.id})`.execute(t.db);
    expect(credits.rows[0]?.count).toBe(2n);
    // Seen once short of the depth, credited once: one notice each, however many passes ran.
    expect((await walletNoticesOf(alice)).sort()).toEqual([
      "wallet.deposit_confirmed ETH 1.500000000",
      "wallet.deposit_confirmed USDT 250.000000",
      "wallet.deposit_pending ETH 1.500000000",
      "wallet.deposit_pending USDT 250.000000",
    ]);
  });

  it("sweeps both to the hot wallet, topping up the token address's gas first, and books every fee", async () => {
    const ethAddress = (await addressOf(alice, "ETH")).toLowerCase();
    const tokenAddress = (await addressOf(alice, "USDT")).toLowerCase();
    for (let pass = 0; pass < 8 && (await tokenBalance(tokenAddress)) > 0n; pass += 1) {
      await sync();
      await mine(CONFIRMATIONS);
    }
    // The last sweep is mined; it settles once it is as deep as the confirmation depth.
    await mine(CONFIRMATIONS);
    await sync();
    expect(await tokenBalance(tokenAddress)).toBe(0n);
    expect(await tokenBalance(hotWallet)).toBe(parseUnits("250", 6));
    expect(await node.provider.getBalance(ethAddress)).toBe(0n);
    const moves = await sql<{ purpose: string; state: string }>`
      SELECT purpose, state FROM wallet_evm_transactions ORDER BY id`.execute(t.db);
    expect(moves.rows.map((row) => row.purpose).sort()).toEqual(["sweep", "sweep", "top_up"]);
    expect(moves.rows.every((row) => row.state === "confirmed")).toBe(true);
    const fees = await sql<{
      count: bigint;
    }>`SELECT count(*) AS count FROM ledger_transfers WHERE kind = 'chain_fee'`.execute(t.db);
    expect(fees.rows[0]?.count).toBe(3n);
    expect((await reconcileEvm(context))?.isBalanced).toBe(true);
  });

  it("drops a deposit that a reorg removes before it reaches the depth", async () => {
    const bob = await signUpUser(t);
    const snapshot = await node.call<string>("evm_snapshot");
    await (await node.funded.sendTransaction({ to: await addressOf(bob, "ETH"), value: parseEther("0.7") })).wait();
    await sync();
    expect((await depositsOf(bob, "ETH"))[0]).toMatchObject({ status: "pending", confirmations: 1 });
    expect(await node.call("evm_revert", [snapshot])).toBe(true);
    await mine(2);
    await sync();
    await mine(CONFIRMATIONS + 1);
    await sync();
    await sync();
    expect((await depositsOf(bob, "ETH"))[0]).toMatchObject({ status: "dropped" });
    expect(await balanceOf(bob, "ETH")).toMatchObject({ balance: "0.000000000", incomingAmount: "0.000000000" });
    expect((await reconcileEvm(context))?.isBalanced).toBe(true);
  });

  it("freezes a credited deposit that a deeper reorg removes, alerts, and unfreezes it when the chain holds it again", async () => {
    const dave = await signUpUser(t);
    const to = await addressOf(dave, "ETH");
    const snapshot = await node.call<string>("evm_snapshot");
    const raw = await node.funded.signTransaction(
      await node.funded.populateTransaction({ to, value: parseEther("0.3") }),
    );
    await node.call("eth_sendRawTransaction", [raw]);
    await mine(CONFIRMATIONS);
    await followChain(context);
    await creditConfirmedDeposits(context);
    expect((await balanceOf(dave, "ETH")).balance).toBe("0.300000000");
    expect(await node.call("evm_revert", [snapshot])).toBe(true);
    await mine(CONFIRMATIONS + 2);
    await followChain(context);
    await followChain(context);
    const frozen = await sql<{ frozen: boolean }>`
      SELECT frozen_at IS NOT NULL AS frozen FROM wallet_deposits WHERE user_id = ${dave.user!.id}`.execute(t.db);
    expect(frozen.rows).toEqual([{ frozen: true }]);
    const alerts = await sql<{ kind: string }>`SELECT kind FROM custody_alerts WHERE resolved_at IS NULL`.execute(t.db);
    expect(alerts.rows.map((row) => row.kind)).toContain("reorg_below_confirmations");
    const refused = await send(dave, "ETH", "0.1", Wallet.createRandom().address);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details.address).toEqual(["withdrawals_frozen"]);
    // The same signed transaction is mined again on the new chain: the deposit is found again.
    await node.call("eth_sendRawTransaction", [raw]);
    await mine(CONFIRMATIONS);
    await followChain(context);
    await creditConfirmedDeposits(context);
    const found = await sql<{ frozen: boolean; status: string }>`
      SELECT frozen_at IS NOT NULL AS frozen, status FROM wallet_deposits WHERE user_id = ${dave.user!.id}`.execute(
      t.db,
    );
    expect(found.rows).toEqual([{ frozen: false, status: "credited" }]);
    const open = await sql<{ kind: string }>`SELECT kind FROM custody_alerts WHERE resolved_at IS NULL`.execute(t.db);
    expect(open.rows.map((row) => row.kind)).not.toContain("reorg_below_confirmations");
    expect((await balanceOf(dave, "ETH")).balance).toBe("0.300000000");
  });

  it("reads nothing from a node of another chain than the configured one, and alerts", async () => {
    const elsewhere = { ...context, settings: { ...context.settings, chainId: 1 } };
    await expect(followChain(elsewhere)).rejects.toThrow(/serves chain 31337, not 1/);
    const alerts = await sql<{ kind: string }>`SELECT kind FROM custody_alerts WHERE resolved_at IS NULL`.execute(t.db);
    expect(alerts.rows.map((row) => row.kind)).toContain("wrong_chain");
  });

  it("marks incoming deposits delayed while the node does not answer, and credits them once it does", async () => {
    const carol = await signUpUser(t);
    await (await node.funded.sendTransaction({ to: await addressOf(carol, "ETH"), value: parseEther("0.2") })).wait();
    await sync();
    const closed = await freePort();
    const down = { ...context, rpc: evmRpcOf({ ...context.settings, rpcUrl: `http://127.0.0.1:${closed}` }) };
    await expect(followChain(down)).rejects.toThrow();
    expect((await depositsOf(carol, "ETH"))[0]).toMatchObject({ status: "pending", isDelayed: true });
    await mine(CONFIRMATIONS);
    await sync();
    expect((await depositsOf(carol, "ETH"))[0]).toMatchObject({ status: "credited", isDelayed: false });
  });
});

describe("withdrawals", () => {
  const outside = Wallet.createRandom().address;

  it("refuses a foreign-chain address, a wrong checksum, the zero address, a contract for ETH, the token contract and the hot wallet", async () => {
    const cases: [string, string, string][] = [
      ["ETH", "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", "address_invalid"],
      ["ETH", "0x1234", "address_invalid"],
      ["USDT", `0x${"0".repeat(40)}`, "address_invalid"],
      ["ETH", withWrongChecksum(outside), "address_invalid"],
      ["ETH", node.usdtContract, "address_is_contract"],
      ["USDT", node.usdtContract, "address_is_token_contract"],
      ["ETH", hotWallet, "address_unavailable"],
    ];
    for (const [code, address, key] of cases) {
      const response = await send(alice, code, code === "ETH" ? "0.01" : "10", address);
      expect(response.status, `${code} ${address}`).toBe(422);
      expect(response.body.errors.details.address).toEqual([key]);
    }
  });

  it("sends ETH and USDT from the hot wallet: the destination gets the amount, the ledger the fee and the gas", async () => {
    expect((await send(alice, "ETH", "0.4", outside)).status).toBe(200);
    expect((await send(alice, "USDT", "100", outside.toLowerCase())).status).toBe(200);
    expect(await broadcastPendingWithdrawals(t.db)).toMatchObject({ claimed: 2, retryLater: 2 });
    await mine(CONFIRMATIONS);
    await sync();
    expect(await node.provider.getBalance(outside)).toBe(parseEther("0.4"));
    expect(await tokenBalance(outside)).toBe(parseUnits("100", 6));
    expect((await balanceOf(alice, "ETH")).balance).toBe("1.099500000");
    expect((await balanceOf(alice, "USDT")).balance).toBe("149.000000");
    const states = await sql<{ state: string; txid: string }>`
      SELECT state, txid FROM wallet_withdrawals WHERE user_id = ${alice.user!.id} ORDER BY id`.execute(t.db);
    expect(states.rows.map((row) => row.state)).toEqual(["completed", "completed"]);
    expect((await reconcileEvm(context))?.isBalanced).toBe(true);
  });

  it("pays another user's deposit address internally: nothing is signed for the chain", async () => {
    const erin = await signUpUser(t);
    const signedBefore = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM wallet_evm_transactions`.execute(t.db);
    const sent = await send(alice, "ETH", "0.05", (await addressOf(erin, "ETH")).toLowerCase());
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ type: "internal", username: erin.user!.username });
    expect((await balanceOf(erin, "ETH")).balance).toBe("0.050000000");
    const signedAfter = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM wallet_evm_transactions`.execute(t.db);
    expect(signedAfter.rows[0]?.count).toBe(signedBefore.rows[0]?.count);
  });

  it("replaces a withdrawal stuck in the mempool with higher fees; the chain mines the replacement once", async () => {
    const before = await node.provider.getBalance(outside);
    await node.call("evm_setAutomine", [false]);
    try {
      expect((await send(alice, "ETH", "0.1", outside)).status).toBe(200);
      await broadcastPendingWithdrawals(t.db);
      const later = new Date(Date.now() + 3_600_000);
      expect((await trackTransactions(context, later)).replaced).toBe(1);
    } finally {
      await node.call("evm_setAutomine", [true]);
    }
    await mine(1);
    await mine(CONFIRMATIONS);
    await sync();
    const attempts = await sql<{ attempt: number; hash: string; max_fee_per_gas: string }>`
      SELECT a.attempt, a.hash, a.max_fee_per_gas FROM wallet_evm_transaction_attempts a
      JOIN wallet_evm_transactions t ON t.id = a.transaction_id
      WHERE t.purpose = 'withdrawal' ORDER BY t.id DESC, a.attempt`.execute(t.db);
    const [first, second] = attempts.rows;
    expect(second?.attempt).toBe(2);
    expect(BigInt(second?.max_fee_per_gas ?? "0")).toBeGreaterThan(BigInt(first?.max_fee_per_gas ?? "0"));
    const withdrawal = await sql<{ state: string; txid: string }>`
      SELECT state, txid FROM wallet_withdrawals ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(withdrawal.rows[0]).toEqual({ state: "completed", txid: second?.hash });
    expect((await node.provider.getBalance(outside)) - before).toBe(parseEther("0.1"));
  });

  it("returns a withdrawal the chain reverts to its sender through the ledger, and books the gas it cost", async () => {
    const before = (await balanceOf(alice, "USDT")).balance;
    // The token's balanceOf mapping is its second storage slot (test-usdt.sol): emptying the hot
    // wallet's entry after signing makes the signed transfer revert, as a paused token would.
    const slot = keccak256(AbiCoder.defaultAbiCoder().encode(["address", "uint256"], [hotWallet, 1]));
    const held = await node.call<string>("eth_getStorageAt", [node.usdtContract, slot, "latest"]);
    await node.call("evm_setAutomine", [false]);
    try {
      expect((await send(alice, "USDT", "20", outside)).status).toBe(200);
      expect(await broadcastPendingWithdrawals(t.db)).toMatchObject({ claimed: 1, retryLater: 1 });
      await node.call("hardhat_setStorageAt", [node.usdtContract, slot, zeroPadValue("0x", 32)]);
      await mine(1);
    } finally {
      await node.call("evm_setAutomine", [true]);
    }
    await node.call("hardhat_setStorageAt", [node.usdtContract, slot, held]);
    await mine(CONFIRMATIONS);
    await sync();
    const withdrawal = await sql<{ state: string; txid: string | null; id: string }>`
      SELECT state, txid, id::text FROM wallet_withdrawals ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(withdrawal.rows[0]).toMatchObject({ state: "failed", txid: null });
    expect((await balanceOf(alice, "USDT")).balance).toBe(before);
    const sent = await sql<{ state: string; fee: string; booked: bigint }>`
      SELECT x.state, x.fee_wei::text AS fee,
        (SELECT count(*) FROM ledger_transfers f WHERE f.kind = 'chain_fee' AND f.reference_id = x.id::text) AS booked
      FROM wallet_evm_transactions x WHERE x.withdrawal_id = ${withdrawal.rows[0]?.id}`.execute(t.db);
    expect(sent.rows[0]).toMatchObject({ state: "failed", booked: 1n });
    expect(BigInt(sent.rows[0]?.fee ?? "0")).toBeGreaterThan(0n);
    expect(await tokenBalance(outside)).toBe(parseUnits("100", 6));
    expect((await reconcileEvm(context))?.isBalanced).toBe(true);
  });

  it("lets a withdrawal larger than the hot wallet holds wait with an operator alert, then sends it once swept", async () => {
    await (await usdt.getFunction("transfer")(await addressOf(alice, "USDT"), parseUnits("300", 6))).wait();
    await mine(CONFIRMATIONS);
    await followChain(context);
    await creditConfirmedDeposits(context);
    expect((await send(alice, "USDT", "400", outside)).status).toBe(200);
    expect(await broadcastPendingWithdrawals(t.db)).toMatchObject({ claimed: 1, retryLater: 1 });
    const alerts = await t.client().get("/rest/v1/admin/custody");
    expect(alerts.status).toBe(401);
    const admin = await signUpUser(t, { roles: ["admin"] });
    const overview = await admin.get("/rest/v1/admin/custody");
    expect(overview.body.data.alerts.map((alert: { kind: string }) => alert.kind)).toContain("hot_wallet_short");
    for (let pass = 0; pass < 8 && (await tokenBalance(outside)) < parseUnits("500", 6); pass += 1) {
      await sync();
      await broadcastPendingWithdrawals(t.db, { staleAfterSeconds: 0 });
      await mine(CONFIRMATIONS);
    }
    await sync();
    expect(await tokenBalance(outside)).toBe(parseUnits("500", 6));
    expect((await balanceOf(alice, "USDT")).balance).toBe("48.000000");
  });
});

describe("reconciliation", () => {
  it("custody:reconcile reports zero difference per coin, and ledger:verify is clean", async () => {
    await mine(CONFIRMATIONS);
    await sync();
    const lines: string[] = [];
    const code = await reconcileCommand.run([], {
      config: t.config,
      db: t.db,
      print: (line) => lines.push(line),
      ledgerChecks,
    });
    expect(lines.join("\n")).toMatch(/^ETH at block \d+: .*difference 0$/m);
    expect(lines.join("\n")).toMatch(/^USDT at block \d+: .*difference 0$/m);
    expect(code).toBe(0);
    await expectLedgerHolds(t.ownerDb);
  });
});
