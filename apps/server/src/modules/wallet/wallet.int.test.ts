import { randomUUID } from "node:crypto";
import {
  addDecimal,
  decimal,
  formatDecimal,
  multiplyDecimal,
  parseAmount,
  parseDecimal,
  roundDecimal,
} from "@souk/money";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobContextOf, type TestApp, type TestClient } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import { openDatabase, withTx } from "../../db/pool.ts";
import { seedMarksOf } from "../../platform/index.ts";
import { getTransfer, verifyLedger } from "../ledger/index.ts";
import { getCurrentRates } from "../reference/index.ts";
import { ledgerChecks } from "../registry.ts";
import { getBondStatus, walletModule } from "./index.ts";
import { createDevChainAdapter } from "./wallet.chain.ts";
import { confirmCommand, depositCommand } from "./wallet.commands.ts";
import { createWalletTestApp, signUpUser } from "./wallet.fixtures.ts";
import { countDevBroadcasts } from "./wallet.repo.ts";
import { seedDemoWallets } from "./wallet.seed.ts";
import { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createWalletTestApp();
  admin = await signUpUser(t, { roles: ["admin"] });
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

async function deposit(username: string, amount: string, code: string, confirmations?: number) {
  const response = await admin.post("/rest/v1/admin/wallet/deposits", {
    username,
    amount,
    cryptoCurrencyCode: code,
    ...(confirmations === undefined ? {} : { confirmations }),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data as { id: number; status: string };
}

async function funded(amounts: Record<string, string> = { BTC: "1" }): Promise<TestClient> {
  const client = await signUpUser(t);
  for (const [code, amount] of Object.entries(amounts)) await deposit(client.user!.username, amount, code);
  return client;
}

async function balances(client: TestClient): Promise<Record<string, Record<string, string>>> {
  const response = await client.get("/rest/v2/wallet/balances");
  expect(response.status).toBe(200);
  return Object.fromEntries(
    (response.body.data as { cryptoCurrencyCode: string }[]).map((row) => [row.cryptoCurrencyCode, row]),
  ) as Record<string, Record<string, string>>;
}

const key = () => ({ headers: { "idempotency-key": randomUUID() } });

describe("GET /rest/v2/wallet/balances", () => {
  it("lists every crypto currency with all its decimals, zero for a new user", async () => {
    const client = await signUpUser(t);
    const response = await client.get("/rest/v2/wallet/balances");
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { cryptoCurrencyCode: string }) => row.cryptoCurrencyCode)).toEqual([
      "BTC",
      "ETH",
      "USDT",
    ]);
    expect(response.body.data[0]).toMatchObject({ balance: "0.00000000", incomingAmount: "0.00000000" });
    expect(response.body.data[1].balance).toBe("0.000000000");
    expect(response.body.data[2].balance).toBe("0.000000");
    expect(response.body.meta).toMatchObject({ totalBalance: "0.00", fiatCurrencyCode: "USD" });
  });

  it("shows unconfirmed deposits as incoming and the exact total in the user's fiat currency", async () => {
    const client = await signUpUser(t);
    await deposit(client.user!.username, "0.0015", "BTC");
    await deposit(client.user!.username, "12.345678", "USDT");
    await deposit(client.user!.username, "2", "ETH", 1);
    expect((await client.post("/rest/v1/users/settings", { fiatCurrencyCode: "EUR" })).status).toBe(200);
    const response = await client.get("/rest/v2/wallet/balances");
    const byCode = Object.fromEntries(
      response.body.data.map((row: { cryptoCurrencyCode: string }) => [row.cryptoCurrencyCode, row]),
    );
    expect(byCode.BTC.balance).toBe("0.00150000");
    expect(byCode.ETH).toMatchObject({ balance: "0.000000000", incomingAmount: "2.000000000" });
    const rates = await getCurrentRates(t.db);
    const usd = addDecimal(
      multiplyDecimal(decimal(150_000n, 8), parseDecimal(rates.cryptoUsd.BTC!)),
      multiplyDecimal(decimal(12_345_678n, 6), parseDecimal(rates.cryptoUsd.USDT!)),
    );
    const eur = roundDecimal(multiplyDecimal(usd, parseDecimal(rates.fiatPerUsd.EUR!)), 2, "half_up");
    expect(response.body.meta).toMatchObject({ fiatCurrencyCode: "EUR", totalBalance: formatDecimal(eur) });
  });

  it("needs a session", async () => {
    expect((await t.client().get("/rest/v2/wallet/balances")).status).toBe(401);
  });
});

describe("receiving: addresses and deposits", () => {
  it("hands out one address per currency in the chain's format", async () => {
    const client = await signUpUser(t);
    const btc = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "btc" } });
    expect(btc.status).toBe(200);
    expect(btc.body.data).toMatchObject({ cryptoCurrencyCode: "BTC", network: "dev", confirmationsRequired: 2 });
    expect(btc.body.data.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const again = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "BTC" } });
    expect(again.body.data.address).toBe(btc.body.data.address);
    const eth = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "ETH" } });
    expect(eth.body.data.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it("refuses an unknown currency on the field, and a blocked wallet", async () => {
    const client = await signUpUser(t);
    const unknown = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "DOGE" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.details).toEqual({ cryptoCurrencyCode: ["crypto_currency_unknown"] });
    await sql`UPDATE users SET blocked_kyc_actions = ARRAY['use-wallet'] WHERE id = ${client.user!.id}`.execute(
      t.ownerDb,
    );
    const blocked = await client.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "BTC" } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors.code).toBe("ERROR_KYC_ACTION_BLOCKED");
  });

  it("credits a deposit once its confirmations reach the threshold, and only once", async () => {
    const client = await signUpUser(t);
    const pending = await deposit(client.user!.username, "0.5", "BTC", 0);
    expect(pending.status).toBe("pending");
    expect((await balances(client)).BTC).toMatchObject({ balance: "0.00000000", incomingAmount: "0.50000000" });
    const once = await admin.post(`/rest/v1/admin/wallet/deposits/${pending.id}/confirm`, {});
    expect(once.body.data).toMatchObject({ confirmations: 1, status: "pending" });
    // Ten administrators confirm at once: the deposit is credited by exactly one of them.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post(`/rest/v1/admin/wallet/deposits/${pending.id}/confirm`, { confirmations: 2 }),
      ),
    );
    expect(racing.every((response) => response.status === 200 && response.body.data.status === "credited")).toBe(true);
    expect((await balances(client)).BTC).toMatchObject({ balance: "0.50000000", incomingAmount: "0.00000000" });
    const listed = await client.get("/rest/v1/wallet/deposits");
    expect(listed.body.data[0]).toMatchObject({ id: pending.id, status: "credited", confirmations: 2 });
    expect(listed.body.meta).toMatchObject({ total: 1, currentPage: 1 });
  });

  it("honours a confirmation threshold set in the environment", async () => {
    const client = await signUpUser(t);
    process.env.SOUK_CONFIRMATIONS_ETH = "1";
    try {
      const arrived = await deposit(client.user!.username, "1", "ETH", 1);
      expect(arrived.status).toBe("credited");
    } finally {
      delete process.env.SOUK_CONFIRMATIONS_ETH;
    }
  });

  it("keeps deposit administration to admins and refuses bad input with 422", async () => {
    const client = await signUpUser(t);
    const body = { username: client.user!.username, amount: "1", cryptoCurrencyCode: "BTC" };
    expect((await client.post("/rest/v1/admin/wallet/deposits", body)).status).toBe(403);
    expect((await t.client().post("/rest/v1/admin/wallet/deposits", body)).status).toBe(401);
    const made = await deposit(client.user!.username, "1", "BTC", 0);
    expect((await client.post(`/rest/v1/admin/wallet/deposits/${made.id}/confirm`, {})).status).toBe(403);
    expect((await t.client().post(`/rest/v1/admin/wallet/deposits/${made.id}/confirm`, {})).status).toBe(401);
    expect((await client.post("/rest/v1/admin/wallet/withdrawals/broadcast")).status).toBe(403);
    expect((await t.client().post("/rest/v1/admin/wallet/withdrawals/broadcast")).status).toBe(401);
    const badCount = await admin.post(`/rest/v1/admin/wallet/deposits/${made.id}/confirm`, { confirmations: "2" });
    expect(badCount.status).toBe(422);
    expect(Object.keys(badCount.body.errors.details)).toEqual(["confirmations"]);
    const noBody = await admin.request("POST", `/rest/v1/admin/wallet/deposits/${made.id}/confirm`, undefined);
    expect(noBody.body.data).toMatchObject({ confirmations: 1, status: "pending" });
    const unknownUser = await admin.post("/rest/v1/admin/wallet/deposits", { ...body, username: "nobody-here" });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors.details).toEqual({ username: ["user_unknown"] });
    const badAmount = await admin.post("/rest/v1/admin/wallet/deposits", { ...body, amount: "1e3" });
    expect(badAmount.body.errors.details).toEqual({ amount: ["amount_invalid"] });
    const badConfirmations = await admin.post("/rest/v1/admin/wallet/deposits", { ...body, confirmations: -1 });
    expect(badConfirmations.status).toBe(422);
    expect((await admin.post("/rest/v1/admin/wallet/deposits/999999/confirm", {})).status).toBe(404);
    expect((await admin.post("/rest/v1/admin/wallet/deposits/abc/confirm", {})).status).toBe(422);
  });

  it("offers the same through the CLI: deposit and confirm", async () => {
    const client = await signUpUser(t);
    const lines: string[] = [];
    const context = { config: t.config, db: t.db, print: (line: string) => lines.push(line), ledgerChecks };
    expect(await depositCommand.run([client.user!.username, "0.25", "btc", "--confirmations", "0"], context)).toBe(0);
    expect(lines.at(-1)).toMatch(/0\.25000000 BTC to .* pending \(0\/2 confirmations\)/);
    const id = Number(/deposit (\d+)/.exec(lines.at(-1) ?? "")?.[1]);
    expect(await confirmCommand.run([String(id)], context)).toBe(0);
    expect(await confirmCommand.run(["all", "--confirmations=5"], context)).toBe(0);
    expect((await balances(client)).BTC?.balance).toBe("0.25000000");
    expect(await depositCommand.run([client.user!.username, "0.1"], context)).toBe(2);
    expect(await depositCommand.run(["nobody-here", "0.1", "BTC"], context)).toBe(1);
    expect(await confirmCommand.run(["x"], context)).toBe(2);
  });
});

describe("POST /rest/v1/wallet/send to a Souk user", () => {
  it("moves the amount at once and shows it in both histories with the counterparty", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.3", username: bob.user!.username },
      key(),
    );
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ type: "internal", amount: "0.30000000", username: bob.user!.username });
    expect((await balances(alice)).BTC?.balance).toBe("0.70000000");
    expect((await balances(bob)).BTC?.balance).toBe("0.30000000");
    const received = await bob.get("/rest/v1/wallet/transactions");
    expect(received.body.data[0]).toMatchObject({
      type: "internal_transfer",
      direction: "in",
      amount: "0.30000000",
      counterpartyUsername: alice.user!.username,
    });
    const paid = await alice.get("/rest/v1/wallet/transactions", { query: { type: "internal_transfer" } });
    expect(paid.body.data).toHaveLength(1);
    expect(paid.body.data[0]).toMatchObject({ direction: "out", counterpartyUsername: bob.user!.username });
  });

  it("pays another user's Souk address internally and refuses the sender's own address", async () => {
    const alice = await funded({ ETH: "1" });
    const bob = await signUpUser(t);
    const bobAddress = (await bob.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "ETH" } })).body.data
      .address;
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "ETH", amount: "0.25", address: bobAddress.toUpperCase().replace("0X", "0x") },
      key(),
    );
    expect(sent.body.data).toMatchObject({ type: "internal", username: bob.user!.username, address: bobAddress });
    expect((await balances(bob)).ETH?.balance).toBe("0.250000000");
    const own = (await alice.get("/rest/v1/wallet/address", { query: { cryptoCurrencyCode: "ETH" } })).body.data
      .address;
    const toSelf = await alice.post("/rest/v1/wallet/send", { cryptoCurrencyCode: "ETH", amount: "0.1", address: own });
    expect(toSelf.status).toBe(422);
    expect(toSelf.body.errors.details).toEqual({ address: ["cannot_send_to_self"] });
  });

  it("refuses a send to oneself, to an unknown or banned user, without a recipient or with two", async () => {
    const alice = await funded({ BTC: "1" });
    const banned = await signUpUser(t);
    await sql`UPDATE users SET is_banned = true WHERE id = ${banned.user!.id}`.execute(t.ownerDb);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ username: alice.user!.username }, { username: ["cannot_send_to_self"] }],
      [{ username: "nobody-at-all" }, { username: ["user_unknown"] }],
      [{ username: banned.user!.username }, { username: ["user_unknown"] }],
      [{}, { username: ["recipient_required"] }],
      [
        { username: banned.user!.username, address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" },
        { address: ["recipient_ambiguous"] },
      ],
      [{ address: "not-an-address" }, { address: ["address_invalid"] }],
      [{ address: "0x0000000000000000000000000000000000000001" }, { address: ["address_invalid"] }],
    ];
    for (const [recipient, details] of cases) {
      const response = await alice.post("/rest/v1/wallet/send", {
        cryptoCurrencyCode: "BTC",
        amount: "0.1",
        ...recipient,
      });
      expect(response.status, JSON.stringify(recipient)).toBe(422);
      expect(response.body.errors.details).toEqual(details);
    }
    expect((await balances(alice)).BTC?.balance).toBe("1.00000000");
  });

  it.each([
    ["1e21", "amount_invalid"],
    ["01", "amount_invalid"],
    ["-1", "amount_invalid"],
    ["+1", "amount_invalid"],
    [" 1", "amount_invalid"],
    ["1.", "amount_invalid"],
    [".5", "amount_invalid"],
    ["0x10", "amount_invalid"],
    ["NaN", "amount_invalid"],
    ["Infinity", "amount_invalid"],
    ["0.123456789", "amount_too_precise"],
    ["9223372036854775808", "amount_too_large"],
    ["92233720368.54775808", "amount_too_large"],
    ["0", "amount_must_be_positive"],
    ["0.00000000", "amount_must_be_positive"],
    ["", "amount_required"],
  ])("refuses the amount %j on the field, never rounding it (I10)", async (amount, reason) => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const response = await alice.post("/rest/v1/wallet/send", {
      cryptoCurrencyCode: "BTC",
      amount,
      username: bob.user!.username,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.details.amount).toEqual([reason]);
    expect((await balances(bob)).BTC?.balance).toBe("0.00000000");
  });

  it("refuses an amount sent as a JSON number, a wrong type or a malformed body without a server error", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const asNumber = await alice.post("/rest/v1/wallet/send", {
      cryptoCurrencyCode: "BTC",
      amount: 0.1,
      username: bob.user!.username,
    });
    expect(asNumber.status).toBe(422);
    expect(Object.keys(asNumber.body.errors.details)).toEqual(["amount"]);
    const wrongTypes = await alice.post("/rest/v1/wallet/send", { cryptoCurrencyCode: 1, amount: [], username: {} });
    expect(wrongTypes.status).toBe(422);
    const malformed = await alice.request("POST", "/rest/v1/wallet/send", "{not json", {
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });

  it("refuses an overdraft with 409 ERROR_INSUFFICIENT_BALANCE keyed on the amount", async () => {
    const alice = await funded({ BTC: "0.1" });
    const bob = await signUpUser(t);
    const response = await alice.post("/rest/v1/wallet/send", {
      cryptoCurrencyCode: "BTC",
      amount: "0.10000001",
      username: bob.user!.username,
    });
    expect(response.status).toBe(409);
    expect(response.body.errors).toMatchObject({
      code: "ERROR_INSUFFICIENT_BALANCE",
      details: { amount: ["insufficient_balance"] },
    });
  });

  it("is refused without a session, without the CSRF token, for restricted and KYC-blocked accounts", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const body = { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.user!.username };
    expect((await t.client().post("/rest/v1/wallet/send", body)).status).toBe(401);
    expect((await alice.post("/rest/v1/wallet/send", body, { withoutCsrf: true })).status).toBe(403);
    await sql`UPDATE users SET is_frozen = true WHERE id = ${alice.user!.id}`.execute(t.ownerDb);
    const frozen = await alice.post("/rest/v1/wallet/send", body);
    expect(frozen.status).toBe(403);
    expect(frozen.body.errors.code).toBe("ERROR_USER_RESTRICTED");
    await sql`UPDATE users SET is_frozen = false, blocked_kyc_actions = ARRAY['use-wallet'] WHERE id = ${alice.user!.id}`.execute(
      t.ownerDb,
    );
    expect((await alice.post("/rest/v1/wallet/send", body)).body.errors.code).toBe("ERROR_KYC_ACTION_BLOCKED");
    expect((await balances(bob)).BTC?.balance).toBe("0.00000000");
  });
});

describe("an overloaded ledger", () => {
  it("answers 503 ERROR_LEDGER_ASYNC_MODE when the sender's account stays locked, and moves nothing", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const blocker = openDatabase(t.databaseUrl, { poolSize: 1, role: null });
    try {
      const response = await withTx(blocker.db, async (lockTx) => {
        await sql`SELECT 1 FROM ledger_accounts WHERE owner_user_id = ${alice.user!.id} AND kind = 'available' FOR UPDATE`.execute(
          lockTx,
        );
        return alice.post(
          "/rest/v1/wallet/send",
          { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.user!.username },
          key(),
        );
      });
      expect(response.status).toBe(503);
      expect(response.body.errors.code).toBe("ERROR_LEDGER_ASYNC_MODE");
    } finally {
      await blocker.close();
    }
    expect((await balances(bob)).BTC?.balance).toBe("0.00000000");
  }, 30_000);
});

describe("idempotent sends (I7)", () => {
  it("replays the first answer for a sequential retry and moves the money once", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const body = { cryptoCurrencyCode: "BTC", amount: "0.2", username: bob.user!.username };
    const options = key();
    const first = await alice.post("/rest/v1/wallet/send", body, options);
    const second = await alice.post("/rest/v1/wallet/send", body, options);
    expect(second.status).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.body.data.transferId).toBe(first.body.data.transferId);
    expect((await balances(bob)).BTC?.balance).toBe("0.20000000");
  });

  it("has one effect for 20 parallel duplicates", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const body = { cryptoCurrencyCode: "BTC", amount: "0.05", username: bob.user!.username };
    const options = key();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => alice.post("/rest/v1/wallet/send", body, options)),
    );
    const ok = responses.filter((response) => response.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((response) => response.body.data.transferId)).size).toBe(1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(409);
      expect(response.body.errors.code).toBe("ERROR_IDEMPOTENCY_IN_PROGRESS");
    }
    expect((await balances(bob)).BTC?.balance).toBe("0.05000000");
    expect((await balances(alice)).BTC?.balance).toBe("0.95000000");
  });

  it("refuses the same key with another amount", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const options = key();
    await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.user!.username },
      options,
    );
    const reused = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.2", username: bob.user!.username },
      options,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.errors.code).toBe("ERROR_IDEMPOTENCY_KEY_REUSED");
    expect((await balances(bob)).BTC?.balance).toBe("0.10000000");
  });

  it("moves the money once when the answer was lost after the commit, through the ledger's own key", async () => {
    const alice = await funded({ BTC: "1" });
    const bob = await signUpUser(t);
    const body = { cryptoCurrencyCode: "BTC", amount: "0.3", username: bob.user!.username };
    const options = key();
    const first = await alice.post("/rest/v1/wallet/send", body, options);
    // The stored answer is gone, as after a crash between commit and answer (or a 5xx, which frees the key).
    await sql`DELETE FROM idempotency_keys WHERE user_id = ${alice.user!.id}`.execute(t.ownerDb);
    const retry = await alice.post("/rest/v1/wallet/send", body, options);
    expect(retry.status).toBe(200);
    expect(retry.body.data.transferId).toBe(first.body.data.transferId);
    expect((await balances(bob)).BTC?.balance).toBe("0.30000000");
    await sql`DELETE FROM idempotency_keys WHERE user_id = ${alice.user!.id}`.execute(t.ownerDb);
    const changed = await alice.post("/rest/v1/wallet/send", { ...body, amount: "0.4" }, options);
    expect(changed.status).toBe(409);
    expect(changed.body.errors.code).toBe("ERROR_LEDGER_IDEMPOTENCY_CONFLICT");
    expect((await balances(bob)).BTC?.balance).toBe("0.30000000");
  });
});

describe("daily send limits", () => {
  it("caps what a level 0 account sends in 24 hours and lifts the cap with the level", async () => {
    const alice = await funded({ BTC: "2" });
    const bob = await signUpUser(t);
    const send = (amount: string) =>
      alice.post("/rest/v1/wallet/send", { cryptoCurrencyCode: "BTC", amount, username: bob.user!.username }, key());
    expect((await send("0.4")).status).toBe(200);
    const over = await send("0.2");
    expect(over.status).toBe(422);
    expect(over.body.errors).toMatchObject({
      code: "ERROR_SEND_LIMIT_EXCEEDED",
      details: { amount: ["daily_limit_exceeded"], dailyLimit: "0.50000000" },
    });
    expect((await balances(bob)).BTC?.balance).toBe("0.40000000");
    const info = await alice.get("/rest/v1/wallet/send-info", { query: { cryptoCurrencyCode: "BTC" } });
    expect(info.body.data).toMatchObject({ sentToday: "0.40000000", remainingToday: "0.10000000" });
    await sql`UPDATE users SET kyc_level = 1 WHERE id = ${alice.user!.id}`.execute(t.ownerDb);
    expect((await send("0.2")).status).toBe(200);
  });

  it("lets concurrent sends of one user through only up to the limit", async () => {
    const alice = await funded({ BTC: "2" });
    const bob = await signUpUser(t);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        alice.post(
          "/rest/v1/wallet/send",
          { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.user!.username },
          key(),
        ),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    expect((await balances(bob)).BTC?.balance).toBe("0.50000000");
  });
});

describe("withdrawals to outside addresses (I12)", () => {
  const outside = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

  it("holds amount plus network fee, broadcasts once and completes with a txid", async () => {
    const alice = await funded({ BTC: "1" });
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.25", address: outside },
      key(),
    );
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({
      type: "withdrawal",
      networkFee: "0.00002000",
      withdrawal: { state: "held" },
    });
    expect((await balances(alice)).BTC).toMatchObject({ balance: "0.74998000", pendingWithdrawalAmount: "0.25002000" });
    const run = await admin.post("/rest/v1/admin/wallet/withdrawals/broadcast");
    expect(run.body.data).toMatchObject({ completed: 1 });
    expect((await balances(alice)).BTC).toMatchObject({ balance: "0.74998000", pendingWithdrawalAmount: "0.00000000" });
    const history = await alice.get("/rest/v1/wallet/transactions", { query: { type: "withdrawal" } });
    expect(history.body.data[0]).toMatchObject({ status: "completed", address: outside, amount: "0.25000000" });
    expect(history.body.data[0].txid).toMatch(/^[0-9a-f]{64}$/);
    const fees = await alice.get("/rest/v1/wallet/transactions", { query: { type: "fee" } });
    expect(fees.body.data[0]).toMatchObject({ amount: "0.00002000", direction: "out" });
  });

  it("returns the funds when the chain refuses the withdrawal", async () => {
    const alice = await funded({ ETH: "1" });
    const refused = "0x000000000000000000000000000000000000dead";
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "ETH", amount: "0.5", address: refused },
      key(),
    );
    expect(sent.status).toBe(200);
    const report = await broadcastPendingWithdrawals(t.db);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect((await balances(alice)).ETH).toMatchObject({
      balance: "1.000000000",
      pendingWithdrawalAmount: "0.000000000",
    });
    const history = await alice.get("/rest/v1/wallet/transactions", { query: { type: "withdrawal" } });
    expect(history.body.data.map((row: { direction: string; status: string }) => [row.direction, row.status])).toEqual([
      ["in", "failed"],
      ["out", "failed"],
    ]);
  });

  it("refuses a withdrawal below the minimum", async () => {
    const alice = await funded({ BTC: "1" });
    const response = await alice.post("/rest/v1/wallet/send", {
      cryptoCurrencyCode: "BTC",
      amount: "0.00009999",
      address: outside,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.details).toEqual({ amount: ["amount_below_minimum"] });
  });

  it("does not send twice when the worker crashed after broadcasting and before recording it", async () => {
    const alice = await funded({ BTC: "1" });
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: "0.1", address: outside },
      key(),
    );
    const withdrawalId = BigInt(sent.body.data.withdrawal.id);
    const dev = createDevChainAdapter(t.db);
    const crashing = {
      ...dev,
      async broadcastWithdrawal(request: Parameters<typeof dev.broadcastWithdrawal>[0]) {
        await dev.broadcastWithdrawal(request);
        throw new Error("the worker died before it could record the outcome");
      },
    };
    expect((await broadcastPendingWithdrawals(t.db, { adapter: crashing })).retryLater).toBeGreaterThanOrEqual(1);
    // Not stale yet: nobody takes it over.
    expect((await broadcastPendingWithdrawals(t.db)).claimed).toBe(0);
    const [first, second] = await Promise.all([
      broadcastPendingWithdrawals(t.db, { staleAfterSeconds: 0 }),
      broadcastPendingWithdrawals(t.db, { staleAfterSeconds: 0 }),
    ]);
    expect(first.completed + second.completed).toBe(1);
    expect(await countDevBroadcasts(t.db, withdrawalId)).toBe(1);
    const history = await alice.get("/rest/v1/wallet/transactions", { query: { type: "withdrawal" } });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0].status).toBe("completed");
    expect((await balances(alice)).BTC?.pendingWithdrawalAmount).toBe("0.00000000");
  });

  it("is delivered by the module's scheduled job", async () => {
    const alice = await funded({ USDT: "100" });
    const sent = await alice.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "USDT", amount: "50", address: "0x1111111111111111111111111111111111111111" },
      key(),
    );
    const job = walletModule.jobs?.find((candidate) => candidate.name === "wallet.broadcast-withdrawals");
    expect(job?.schedule).toBe("* * * * *");
    await job?.handler({}, jobContextOf(t));
    const transfer = await getTransfer(t.db, BigInt(sent.body.data.transferId));
    expect(transfer?.kind).toBe("withdrawal_hold");
    expect((await balances(alice)).USDT).toMatchObject({ balance: "49.000000", pendingWithdrawalAmount: "0.000000" });
  });
});

describe("the vendor bond", () => {
  it("moves the bond amount, refuses a second one and gives it back (snake_case body accepted)", async () => {
    const alice = await funded({ BTC: "0.01" });
    const deposited = await alice.post("/wallet/deposit-bond", { crypto_currency_code: "btc" });
    expect(deposited.status, deposited.text).toBe(200);
    expect(deposited.body.data.isBondInsufficient).toBe(false);
    expect((await balances(alice)).BTC).toMatchObject({ balance: "0.00900000", bondAmount: "0.00100000" });
    const again = await alice.post("/wallet/deposit-bond", { cryptoCurrencyCode: "BTC" });
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_BOND_ALREADY_DEPOSITED");
    const status = await getBondStatus(t.db, alice.user!.id);
    expect(status.options.find((option) => option.cryptoCurrencyCode === "BTC")).toMatchObject({
      isComplete: true,
      missingAmount: "0.00000000",
    });
    const back = await alice.request("POST", "/wallet/retrieve-bond", undefined);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.isBondInsufficient).toBe(true);
    expect((await balances(alice)).BTC).toMatchObject({ balance: "0.01000000", bondAmount: "0.00000000" });
    const none = await alice.post("/wallet/retrieve-bond");
    expect(none.status).toBe(409);
    expect(none.body.errors.code).toBe("ERROR_BOND_NOT_DEPOSITED");
    const history = await alice.get("/rest/v1/wallet/transactions", { query: { type: "bond" } });
    expect(history.body.data.map((row: { direction: string }) => row.direction)).toEqual(["in", "out"]);
  });

  it("lets one of five concurrent bond deposits through", async () => {
    const alice = await funded({ USDT: "1000" });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => alice.post("/wallet/deposit-bond", { cryptoCurrencyCode: "USDT" })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect((await balances(alice)).USDT).toMatchObject({ balance: "900.000000", bondAmount: "100.000000" });
  });

  it("refuses without the balance, without a session, for a blocked wallet and for bad input", async () => {
    const poor = await signUpUser(t);
    const short = await poor.post("/wallet/deposit-bond", { cryptoCurrencyCode: "ETH" });
    expect(short.status).toBe(409);
    expect(short.body.errors.code).toBe("ERROR_INSUFFICIENT_BALANCE");
    expect((await t.client().post("/wallet/deposit-bond", { cryptoCurrencyCode: "ETH" })).status).toBe(401);
    expect((await t.client().post("/wallet/retrieve-bond")).status).toBe(401);
    expect((await poor.post("/wallet/deposit-bond", {})).status).toBe(422);
    expect((await poor.post("/wallet/deposit-bond", { cryptoCurrencyCode: "DOGE" })).status).toBe(422);
    expect((await poor.post("/wallet/retrieve-bond", { cryptoCurrencyCode: 5 })).status).toBe(422);
    await sql`UPDATE users SET is_suspended = true WHERE id = ${poor.user!.id}`.execute(t.ownerDb);
    expect((await poor.post("/wallet/deposit-bond", { cryptoCurrencyCode: "ETH" })).status).toBe(403);
    expect((await poor.post("/wallet/retrieve-bond")).status).toBe(403);
  });
});

describe("GET /rest/v1/wallet/transactions", () => {
  it("filters by currency, type and dates and pages with total, currentPage, perPage and lastPage", async () => {
    const alice = await funded({ BTC: "1", USDT: "100" });
    const bob = await signUpUser(t);
    for (let i = 0; i < 3; i += 1) {
      await alice.post(
        "/rest/v1/wallet/send",
        { cryptoCurrencyCode: "BTC", amount: "0.01", username: bob.user!.username },
        key(),
      );
    }
    const all = await alice.get("/rest/v1/wallet/transactions", { query: { perPage: "2" } });
    expect(all.body.meta).toEqual({ total: 5, currentPage: 1, perPage: 2, lastPage: 3 });
    const last = await alice.get("/rest/v1/wallet/transactions", { query: { perPage: "2", page: "3" } });
    expect(last.body.data).toHaveLength(1);
    expect(last.body.data[0].type).toBe("deposit");
    const usdt = await alice.get("/rest/v1/wallet/transactions", { query: { cryptoCurrencyCode: "usdt" } });
    expect(usdt.body.data.map((row: { amount: string }) => row.amount)).toEqual(["100.000000"]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await alice.get("/rest/v1/wallet/transactions", {
      query: { from: today, to: today, type: "deposit" },
    });
    expect(dated.body.meta.total).toBe(2);
    const future = await alice.get("/rest/v1/wallet/transactions", { query: { from: "2999-01-01" } });
    expect(future.body.meta).toMatchObject({ total: 0, lastPage: 1 });
  });

  it("refuses bad filters with 422 on the field", async () => {
    const alice = await signUpUser(t);
    const cases: [Record<string, string>, string][] = [
      [{ type: "gift" }, "type"],
      [{ from: "yesterday" }, "from"],
      [{ page: "0" }, "page"],
      [{ perPage: "1000" }, "perPage"],
      [{ from: "2026-02-02", to: "2026-01-01" }, "to"],
    ];
    for (const [query, field] of cases) {
      const response = await alice.get("/rest/v1/wallet/transactions", { query });
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.body.errors.details)).toEqual([field]);
    }
  });
});

describe("demo seed", () => {
  it("funds the demo accounts through confirmed deposits, once however often it runs", async () => {
    const scratch = await createWalletTestApp();
    try {
      const alice = await signUpUser(scratch, { username: "alice" });
      const bob = await signUpUser(scratch, { username: "bob" });
      const context = {
        db: scratch.db,
        config: scratch.config,
        print: () => {},
        users: new Map([
          ["alice", alice.user!.id],
          ["bob", bob.user!.id],
        ]),
        marks: seedMarksOf(scratch.db),
      };
      await seedDemoWallets(context);
      await seedDemoWallets(context);
      const aliceBalances = (await alice.get("/rest/v2/wallet/balances")).body.data;
      expect(aliceBalances.map((row: { balance: string }) => row.balance)).toEqual([
        "1.50000000",
        "25.000000000",
        "25000.000000",
      ]);
      const bobBtc = (await bob.get("/rest/v2/wallet/balances")).body.data[0].balance;
      expect(parseAmount(bobBtc, 8)).toBe(25_000_000n);
      expect((await verifyLedger(scratch.db, ledgerChecks)).isOk).toBe(true);
    } finally {
      await scratch.close();
    }
  });
});
