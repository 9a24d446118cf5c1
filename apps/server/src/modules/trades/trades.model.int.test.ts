import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  advanceTradeClock,
  balancesOf,
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { parseFeatureFlags } from "../../platform/index.ts";
import { getEscrowState, verifyLedger } from "../ledger/index.ts";
import { ledgerChecks } from "../registry.ts";
import {
  cancelTrade,
  expireDueTrades,
  markPaid,
  openDispute,
  releaseTrade,
  resolveDispute,
  startTrade,
} from "./index.ts";

/**
 * Model-based test of random trade lifecycles
 * (docs/reliability.md#i4-escrow-holds-exactly-its-amount, I6): fast-check generates
 * sequences of starts, payments, releases, cancels, disputes, awards, expiry runs and clock
 * advances by random actors (buyer, seller, moderator, stranger) across four traders and their
 * offers. A plain model predicts each outcome; after EVERY step the test checks that each user's
 * available and escrow balances are the model's, that each trade's escrow holds its amount while
 * open and nothing once settled, and that ledger:verify finds no drift (balances sum to zero per
 * currency, none negative, each equals the sum of its entries, settled escrow empty).
 */

const RUNS = 100;
const MAX_COMMANDS = 14;
const PAYMENT_WINDOW_MIN = 30;
const DISPUTE_AFTER_MIN = 10;
const options = { features: parseFeatureFlags(undefined) };
const noSecondFactor = { ...options, assertSecondFactor: async () => {} };

type Status =
  | "active_funded"
  | "paid"
  | "dispute_open"
  | "released"
  | "cancelled_buyer"
  | "cancelled_seller"
  | "cancelled_system"
  | "dispute_won_buyer"
  | "dispute_won_seller";
type Actor = "buyer" | "seller" | "moderator" | "stranger";

interface ModelTrade {
  id: string;
  buyer: number;
  seller: number;
  heldMinor: bigint;
  amountMinor: bigint;
  status: Status;
  ageMinutes: number;
}

interface Model {
  available: Map<number, bigint>;
  escrow: Map<number, bigint>;
  trades: ModelTrade[];
}

let t: TestApp;
let traders: TestUser[];
let moderator: TestUser;
let stranger: TestUser;
const offerOf = new Map<number, string>();
const byId = new Map<number, TestUser>();

beforeAll(async () => {
  t = await createTradesTestApp();
  traders = await Promise.all(Array.from({ length: 4 }, () => createTrader(t)));
  moderator = await createTrader(t, { roles: ["moderator"], login: false });
  stranger = await createTrader(t, { login: false });
  for (const trader of traders) {
    byId.set(trader.id, trader);
    await fund(t.db, trader.id, "USDT", "1000");
    offerOf.set(trader.id, await createOffer(trader, { fiatLimitMin: "10", fiatLimitMax: "600" }));
  }
});
afterAll(async () => {
  await t.close();
});

const isOpen = (status: Status) => status === "active_funded" || status === "paid" || status === "dispute_open";

function userOf(trade: ModelTrade, actor: Actor): TestUser {
  if (actor === "buyer") return byId.get(trade.buyer) as TestUser;
  if (actor === "seller") return byId.get(trade.seller) as TestUser;
  return actor === "moderator" ? moderator : stranger;
}

function add(map: Map<number, bigint>, id: number, delta: bigint): void {
  map.set(id, (map.get(id) ?? 0n) + delta);
}

/** Settles a trade in the model: post (amount to the buyer, the fee to the platform) or void. */
function settle(model: Model, trade: ModelTrade, to: Status, effect: "post" | "void"): void {
  add(model.escrow, trade.seller, -trade.heldMinor);
  if (effect === "post") add(model.available, trade.buyer, trade.amountMinor);
  else add(model.available, trade.seller, trade.heldMinor);
  trade.status = to;
}

/** Runs a command the model says is legal, or expects a refusal (a 4xx DomainError) that changes nothing. */
async function expectOutcome(isLegal: boolean, run: () => Promise<unknown>): Promise<void> {
  if (isLegal) {
    await run();
    return;
  }
  const error = await run().then(
    () => null,
    (caught: unknown) => caught as { kind?: string },
  );
  expect(error, "an illegal command was accepted").not.toBeNull();
  expect(["conflict", "forbidden", "not_found", "validation"]).toContain(error?.kind);
}

/** The checks after every step: the model's balances, each trade's status and escrow, and ledger:verify. */
async function checkInvariants(model: Model): Promise<void> {
  for (const trader of traders) {
    const real = await balancesOf(t.db, trader.id, "USDT");
    expect(real.available, `available of ${trader.username}`).toBe(model.available.get(trader.id));
    expect(real.escrow ?? 0n, `escrow of ${trader.username}`).toBe(model.escrow.get(trader.id));
  }
  if (model.trades.length > 0) {
    const rows = await sql<{ id_hashed: string; id: string; status: Status }>`
      SELECT id_hashed, id::text AS id, status FROM trades WHERE id_hashed = ANY(${model.trades.map((tr) => tr.id)}::text[])`.execute(
      t.ownerDb,
    );
    const real = new Map(rows.rows.map((row) => [row.id_hashed, row]));
    for (const trade of model.trades) {
      const row = real.get(trade.id);
      expect(row?.status, `status of ${trade.id}`).toBe(trade.status);
      const escrow = await getEscrowState(t.db, row?.id ?? "0", "USDT");
      expect(escrow.heldMinor).toBe(isOpen(trade.status) ? trade.heldMinor : 0n);
      expect(escrow.isSettled).toBe(!isOpen(trade.status));
    }
  }
  const report = await verifyLedger(t.ownerDb, ledgerChecks);
  expect(report.checks.filter((check) => !check.isOk)).toEqual([]);
}

type Command = fc.AsyncCommand<Model, Record<string, never>>;

class StartCommand implements Command {
  constructor(
    readonly taker: number,
    readonly ownerOffset: number,
    readonly fiat: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    const taker = traders[this.taker] as TestUser;
    const owner = traders[(this.taker + 1 + this.ownerOffset) % traders.length] as TestUser;
    const amountMinor = BigInt(this.fiat) * 1_000_000n;
    const held = amountMinor + (amountMinor * 100n + 9_999n) / 10_000n;
    const isLegal = (model.available.get(owner.id) ?? 0n) >= held;
    let id = "";
    await expectOutcome(isLegal, async () => {
      id = (
        await startTrade(
          t.db,
          taker.viewer,
          { offerId: offerOf.get(owner.id) ?? "", fiatAmount: String(this.fiat) },
          options,
        )
      ).id;
    });
    if (isLegal) {
      add(model.available, owner.id, -held);
      add(model.escrow, owner.id, held);
      model.trades.push({
        id,
        buyer: taker.id,
        seller: owner.id,
        heldMinor: held,
        amountMinor,
        status: "active_funded",
        ageMinutes: 0,
      });
    }
    await checkInvariants(model);
  }
  toString = () => `start(taker ${this.taker}, owner +${this.ownerOffset}, ${this.fiat})`;
}

abstract class TradeCommand implements Command {
  constructor(
    readonly pick: number,
    readonly actor: Actor,
  ) {}
  check(model: Readonly<Model>): boolean {
    return model.trades.length > 0;
  }
  protected tradeOf(model: Model): ModelTrade {
    return model.trades[this.pick % model.trades.length] as ModelTrade;
  }
  abstract run(model: Model): Promise<void>;
}

class PaidCommand extends TradeCommand {
  async run(model: Model) {
    const trade = this.tradeOf(model);
    const isLegal = this.actor === "buyer" && trade.status === "active_funded" && trade.ageMinutes < PAYMENT_WINDOW_MIN;
    await expectOutcome(isLegal, () => markPaid(t.db, userOf(trade, this.actor).viewer, trade.id, options));
    if (isLegal) trade.status = "paid";
    await checkInvariants(model);
  }
  override toString = () => `paid(#${this.pick} by ${this.actor})`;
}

class ReleaseCommand extends TradeCommand {
  async run(model: Model) {
    const trade = this.tradeOf(model);
    // The seller may also release during a dispute, which closes it for the buyer.
    const isLegal = this.actor === "seller" && (trade.status === "paid" || trade.status === "dispute_open");
    await expectOutcome(isLegal, () =>
      releaseTrade(t.db, userOf(trade, this.actor).viewer, trade.id, {}, noSecondFactor),
    );
    if (isLegal) settle(model, trade, "released", "post");
    await checkInvariants(model);
  }
  override toString = () => `release(#${this.pick} by ${this.actor})`;
}

class CancelCommand extends TradeCommand {
  async run(model: Model) {
    const trade = this.tradeOf(model);
    const byBuyer = this.actor === "buyer" && trade.status === "active_funded";
    const bySeller =
      this.actor === "seller" && trade.status === "active_funded" && trade.ageMinutes >= PAYMENT_WINDOW_MIN;
    await expectOutcome(byBuyer || bySeller, () =>
      cancelTrade(t.db, userOf(trade, this.actor).viewer, trade.id, options),
    );
    if (byBuyer) settle(model, trade, "cancelled_buyer", "void");
    if (bySeller) settle(model, trade, "cancelled_seller", "void");
    await checkInvariants(model);
  }
  override toString = () => `cancel(#${this.pick} by ${this.actor})`;
}

class DisputeCommand extends TradeCommand {
  async run(model: Model) {
    const trade = this.tradeOf(model);
    const isParty = this.actor === "buyer" || this.actor === "seller";
    const isAvailable =
      trade.status === "paid" ||
      (trade.status === "active_funded" &&
        trade.ageMinutes >= DISPUTE_AFTER_MIN &&
        trade.ageMinutes < PAYMENT_WINDOW_MIN);
    const isLegal = isParty && isAvailable;
    await expectOutcome(isLegal, () =>
      openDispute(
        t.db,
        userOf(trade, this.actor).viewer,
        trade.id,
        { disputeReasonId: 9, disputeReasonText: "Random lifecycle dispute." },
        options,
      ),
    );
    if (isLegal) trade.status = "dispute_open";
    await checkInvariants(model);
  }
  override toString = () => `dispute(#${this.pick} by ${this.actor})`;
}

class ResolveCommand extends TradeCommand {
  constructor(
    pick: number,
    actor: Actor,
    readonly outcome: "buyer" | "seller",
  ) {
    super(pick, actor);
  }
  async run(model: Model) {
    const trade = this.tradeOf(model);
    const isLegal = this.actor === "moderator" && trade.status === "dispute_open";
    await expectOutcome(isLegal, () =>
      resolveDispute(
        t.db,
        userOf(trade, this.actor).viewer,
        trade.id,
        { outcome: this.outcome, note: "Model award." },
        options,
      ),
    );
    if (isLegal) {
      settle(
        model,
        trade,
        this.outcome === "buyer" ? "dispute_won_buyer" : "dispute_won_seller",
        this.outcome === "buyer" ? "post" : "void",
      );
    }
    await checkInvariants(model);
  }
  override toString = () => `resolve(#${this.pick} by ${this.actor} to ${this.outcome})`;
}

class ExpireCommand implements Command {
  check = () => true;
  async run(model: Model) {
    const due = model.trades.filter(
      (trade) => trade.status === "active_funded" && trade.ageMinutes >= PAYMENT_WINDOW_MIN,
    );
    const result = await expireDueTrades(t.db);
    expect(result.expired).toBe(due.length);
    for (const trade of due) settle(model, trade, "cancelled_system", "void");
    await checkInvariants(model);
  }
  toString = () => "expire()";
}

class AdvanceClockCommand implements Command {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(model: Model) {
    await advanceTradeClock(t.ownerDb, this.minutes * 60);
    for (const trade of model.trades) if (isOpen(trade.status)) trade.ageMinutes += this.minutes;
    await checkInvariants(model);
  }
  toString = () => `advance(${this.minutes} min)`;
}

const actor = fc.constantFrom<Actor>("buyer", "seller", "moderator", "stranger", "buyer", "seller");
const pick = fc.nat({ max: 30 });
const commands = [
  fc
    .tuple(fc.nat({ max: 3 }), fc.nat({ max: 2 }), fc.constantFrom(10, 60, 250, 450))
    .map(([a, b, c]) => new StartCommand(a, b, c)),
  fc
    .tuple(fc.nat({ max: 3 }), fc.nat({ max: 2 }), fc.constantFrom(10, 60, 250, 450))
    .map(([a, b, c]) => new StartCommand(a, b, c)),
  fc.tuple(pick, actor).map(([p, a]) => new PaidCommand(p, a)),
  fc.tuple(pick, actor).map(([p, a]) => new ReleaseCommand(p, a)),
  fc.tuple(pick, actor).map(([p, a]) => new CancelCommand(p, a)),
  fc.tuple(pick, actor).map(([p, a]) => new DisputeCommand(p, a)),
  fc
    .tuple(
      pick,
      fc.constantFrom<Actor>("moderator", "moderator", "buyer", "seller"),
      fc.constantFrom<"buyer" | "seller">("buyer", "seller"),
    )
    .map(([p, a, o]) => new ResolveCommand(p, a, o)),
  fc.constant(new ExpireCommand()),
  fc.constantFrom(5, 11, 31).map((minutes) => new AdvanceClockCommand(minutes)),
];

/**
 * Each run starts from the previous run's end: its open trades are closed through the service
 * first (so the clock advances and expiry runs of this run touch only its own trades), and the
 * model starts from the balances as they stand.
 */
async function setup(): Promise<{ model: Model; real: Record<string, never> }> {
  const open = await sql<{ id_hashed: string; status: Status; buyer_id: string; seller_id: string }>`
    SELECT id_hashed, status, buyer_id::text, seller_id::text FROM trades WHERE status IN ('active_funded', 'paid', 'dispute_open')`.execute(
    t.ownerDb,
  );
  for (const row of open.rows) {
    const buyer = byId.get(Number(row.buyer_id)) as TestUser;
    const seller = byId.get(Number(row.seller_id)) as TestUser;
    if (row.status === "active_funded") await cancelTrade(t.db, buyer.viewer, row.id_hashed, options);
    if (row.status === "paid") await releaseTrade(t.db, seller.viewer, row.id_hashed, {}, noSecondFactor);
    if (row.status === "dispute_open") {
      await resolveDispute(t.db, moderator.viewer, row.id_hashed, { outcome: "seller", note: "Closing." }, options);
    }
  }
  const model: Model = { available: new Map(), escrow: new Map(), trades: [] };
  for (const trader of traders) {
    const balances = await balancesOf(t.db, trader.id, "USDT");
    model.available.set(trader.id, balances.available ?? 0n);
    model.escrow.set(trader.id, balances.escrow ?? 0n);
  }
  return { model, real: {} };
}

describe("random trade lifecycles against a model", () => {
  it(`keep escrow, balances and the ledger exact after every step (${RUNS} runs, up to ${MAX_COMMANDS} commands)`, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS }), async (cmds) => {
        steps += [...cmds].length;
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(RUNS);
  }, 600_000);
});
