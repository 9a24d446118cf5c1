import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import {
  advanceTradeClock,
  createOffer,
  createTrader,
  createTradesTestApp,
  depositBond,
  feesHeld,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { parseFeatureFlags } from "../../platform/index.ts";
import { getEscrowState, getOwnerBalances, resolveLedgerCurrency } from "../ledger/index.ts";
import { forgetCachedListings } from "../offers/index.ts";
import {
  cancelTrade,
  expireDueTrades,
  markPaid,
  openDispute,
  releaseTrade,
  resolveDispute,
  startTrade,
  TRANSITIONS,
} from "./index.ts";

/**
 * Model-based test of random trade lifecycles
 * (docs/reliability.md#i4-escrow-holds-exactly-its-amount,
 * docs/reliability.md#i6-only-legal-transitions): fast-check generates sequences of starts on
 * sell and buy offers, payments, releases, cancels, disputes, awards, expiry runs, clock advances
 * and vendor bond deposits and retrievals, by random actors (buyer, seller, moderator, stranger)
 * across four traders and their offers. A plain model predicts each outcome: which commands are
 * legal comes from the transition table (TRANSITIONS: from-status, actor, target status and
 * ledger effect), its guards are judged by the model's own clock. After EVERY step the test
 * checks each user's available, escrow and bond balances against the model, what the platform's
 * fee accounts hold, each trade's status and escrow, which buy offers the system has switched off
 * (three expired trades in a day where the offer's owner did not pay), and that ledger:verify
 * finds no drift.
 */

// The long run of the reliability targets raises the number of runs (SOUK_MODEL_RUNS=1000).
const RUNS = Number(process.env.SOUK_MODEL_RUNS ?? 100);
const MAX_COMMANDS = 16;
const PAYMENT_WINDOW_MIN = 30;
const DISPUTE_AFTER_MIN = 10;
const FEE_BPS = 100n;
const BOND_MINOR = 100_000_000n;
const EXPIRY_PENALTY_THRESHOLD = 3;
const options = { features: parseFeatureFlags(undefined) };
const noSecondFactor = { ...options, assertSecondFactor: async () => {} };

type Status = (typeof TRANSITIONS)[number]["to"] | "active_funded";
type Actor = "buyer" | "seller" | "moderator" | "stranger";
type OfferKind = "sell" | "buy";
type Command = "paid" | "release" | "cancel" | "dispute" | "award_buyer" | "award_seller";

interface ModelTrade {
  id: string;
  buyer: number;
  seller: number;
  offerKind: OfferKind;
  offerOwner: number;
  amountMinor: bigint;
  feeMinor: bigint;
  status: Status;
  ageMinutes: number;
}

interface Model {
  available: Map<number, bigint>;
  escrow: Map<number, bigint>;
  bond: Map<number, bigint>;
  fees: bigint;
  trades: ModelTrade[];
  /** Per buy offer (by owner): expired trades today, and whether the system switched it off. */
  buyOffers: Map<number, { expiries: number; isPenalized: boolean }>;
}

let t: TestApp;
let traders: TestUser[];
let moderator: TestUser;
let stranger: TestUser;
const sellOfferOf = new Map<number, string>();
const buyOfferOf = new Map<number, string>();
const byId = new Map<number, TestUser>();

beforeAll(async () => {
  t = await createTradesTestApp();
  traders = await Promise.all(Array.from({ length: 4 }, () => createTrader(t)));
  moderator = await createTrader(t, { roles: ["moderator"], login: false });
  stranger = await createTrader(t, { login: false });
  for (const trader of traders) {
    byId.set(trader.id, trader);
    await fund(t.db, trader.id, "USDT", "1000");
    sellOfferOf.set(trader.id, await createOffer(trader, { fiatLimitMin: "10", fiatLimitMax: "600" }));
    // A buy offer is enabled only with the vendor bond.
    await depositBond(t.db, trader);
    buyOfferOf.set(trader.id, await createOffer(trader, { type: "buy", fiatLimitMin: "10", fiatLimitMax: "600" }));
  }
});
afterAll(async () => {
  await t.close();
});

const isOpen = (status: Status) => status === "active_funded" || status === "paid" || status === "dispute_open";
const heldOf = (trade: Pick<ModelTrade, "amountMinor" | "feeMinor">) => trade.amountMinor + trade.feeMinor;

function userOf(trade: ModelTrade, actor: Actor): TestUser {
  if (actor === "buyer") return byId.get(trade.buyer) as TestUser;
  if (actor === "seller") return byId.get(trade.seller) as TestUser;
  return actor === "moderator" ? moderator : stranger;
}

function add(map: Map<number, bigint>, id: number, delta: bigint): void {
  map.set(id, (map.get(id) ?? 0n) + delta);
}

/**
 * The model's own reading of a guard, from the trade's age on the model's clock (the service
 * compares timestamps in the database; the two must agree).
 */
function isGuardMet(guard: (typeof TRANSITIONS)[number]["guards"][number], trade: ModelTrade): boolean {
  switch (guard) {
    case "before_expiry":
      return trade.ageMinutes < PAYMENT_WINDOW_MIN;
    case "after_expiry":
      return trade.ageMinutes >= PAYMENT_WINDOW_MIN;
    case "dispute_available":
      return (
        trade.status === "paid" ||
        (trade.status === "active_funded" &&
          trade.ageMinutes >= DISPUTE_AFTER_MIN &&
          trade.ageMinutes < PAYMENT_WINDOW_MIN)
      );
    case "requirements_met":
      // The model's offers (cash in person, no tags) have no requirements.
      return true;
  }
}

/** The rule of the table a command by an actor would apply now, or null when it is refused. */
function legalRule(command: Command | "expire", actor: Actor | "system", trade: ModelTrade) {
  const role = actor === "stranger" ? null : actor;
  const rule = TRANSITIONS.find((candidate) => candidate.command === command && candidate.role === role);
  if (!rule || !(rule.from as readonly string[]).includes(trade.status)) return null;
  return rule.guards.every((guard) => isGuardMet(guard, trade)) ? rule : null;
}

/** Applies a rule's effect to the model: the new status and the ledger's post or void. */
function applyEffect(model: Model, trade: ModelTrade, rule: (typeof TRANSITIONS)[number]): void {
  if (rule.ledger === "post" || rule.ledger === "void") add(model.escrow, trade.seller, -heldOf(trade));
  if (rule.ledger === "post") {
    add(model.available, trade.buyer, trade.amountMinor);
    model.fees += trade.feeMinor;
  }
  if (rule.ledger === "void") add(model.available, trade.seller, heldOf(trade));
  trade.status = rule.to;
}

/** Runs a command the model says is legal, or expects a refusal (a 4xx DomainError) that changes nothing. */
async function expectOutcome(isLegal: boolean, run: () => Promise<unknown>): Promise<void> {
  if (isLegal) {
    await run();
    return;
  }
  const error = await run().then(
    () => null,
    (caught: unknown) => caught as { kind?: string; code?: string },
  );
  expect(error, "an illegal command was accepted").not.toBeNull();
  expect(["conflict", "forbidden", "not_found", "validation"], String(error?.code ?? error)).toContain(error?.kind);
}

/** The checks after every step: balances, fees, statuses, escrow, penalties and ledger:verify. */
async function checkInvariants(model: Model): Promise<void> {
  const usdt = await resolveLedgerCurrency(t.db, "USDT");
  for (const trader of traders) {
    const owned = await getOwnerBalances(t.db, trader.id);
    const real = (kind: string) =>
      owned.find((row) => row.currencyId === usdt.id && row.kind === kind)?.balanceMinor ?? 0n;
    expect(real("available"), `available of ${trader.username}`).toBe(model.available.get(trader.id));
    expect(real("escrow"), `escrow of ${trader.username}`).toBe(model.escrow.get(trader.id));
    expect(real("bond"), `bond of ${trader.username}`).toBe(model.bond.get(trader.id));
  }
  expect(await feesHeld(t.db, "USDT"), "the platform's fee accounts").toBe(model.fees);
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
      expect(escrow.heldMinor).toBe(isOpen(trade.status) ? heldOf(trade) : 0n);
      expect(escrow.isSettled).toBe(!isOpen(trade.status));
    }
  }
  const penalties = await sql<{ id_hashed: string; penalty_reason: string | null }>`
    SELECT id_hashed, penalty_reason FROM offers WHERE id_hashed = ANY(${[...buyOfferOf.values()]}::text[])`.execute(
    t.ownerDb,
  );
  for (const [ownerId, offerId] of buyOfferOf) {
    const row = penalties.rows.find((candidate) => candidate.id_hashed === offerId);
    expect(row?.penalty_reason != null, `penalty of the buy offer of ${byId.get(ownerId)?.username}`).toBe(
      model.buyOffers.get(ownerId)?.isPenalized,
    );
  }
  await expectLedgerHolds(t.ownerDb);
}

type ModelCommand = fc.AsyncCommand<Model, Record<string, never>>;

class StartCommand implements ModelCommand {
  constructor(
    readonly taker: number,
    readonly ownerOffset: number,
    readonly fiat: number,
    readonly kind: OfferKind,
  ) {}
  check = () => true;
  async run(model: Model) {
    const taker = traders[this.taker] as TestUser;
    const owner = traders[(this.taker + 1 + this.ownerOffset) % traders.length] as TestUser;
    const [buyer, seller] = this.kind === "sell" ? [taker, owner] : [owner, taker];
    const amountMinor = BigInt(this.fiat) * 1_000_000n;
    const feeMinor = (amountMinor * FEE_BPS + 9_999n) / 10_000n;
    const isPenalized = this.kind === "buy" && model.buyOffers.get(owner.id)?.isPenalized === true;
    const isLegal = !isPenalized && (model.available.get(seller.id) ?? 0n) >= amountMinor + feeMinor;
    const offerId = (this.kind === "sell" ? sellOfferOf : buyOfferOf).get(owner.id) ?? "";
    let id = "";
    await expectOutcome(isLegal, async () => {
      id = (await startTrade(t.db, taker.viewer, { offerId, fiatAmount: String(this.fiat) }, options)).id;
    });
    if (isLegal) {
      add(model.available, seller.id, -(amountMinor + feeMinor));
      add(model.escrow, seller.id, amountMinor + feeMinor);
      model.trades.push({
        id,
        buyer: buyer.id,
        seller: seller.id,
        offerKind: this.kind,
        offerOwner: owner.id,
        amountMinor,
        feeMinor,
        status: "active_funded",
        ageMinutes: 0,
      });
    }
    await checkInvariants(model);
  }
  toString = () => `start(${this.kind} offer, taker ${this.taker}, owner +${this.ownerOffset}, ${this.fiat})`;
}

/**
 * A buy offer's owner who does not pay, three times: three small trades on the offer, the clock
 * past their window, the expiry job. Once all three expire the system switches the offer off
 * (rare from single commands in a short run, so it is one command here).
 */
class UnpaidBurstCommand implements ModelCommand {
  constructor(
    readonly taker: number,
    readonly ownerOffset: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    for (let i = 0; i < EXPIRY_PENALTY_THRESHOLD; i += 1) {
      await new StartCommand(this.taker, this.ownerOffset, 10, "buy").run(model);
    }
    await new AdvanceClockCommand(PAYMENT_WINDOW_MIN + 1).run(model);
    await new ExpireCommand().run(model);
  }
  toString = () => `unpaid_burst(buy offer, taker ${this.taker}, owner +${this.ownerOffset})`;
}

const reason = { disputeReasonId: 9, disputeReasonText: "Random lifecycle dispute." };

function serviceCall(command: Command, actor: TestUser, tradeId: string): Promise<unknown> {
  switch (command) {
    case "paid":
      return markPaid(t.db, actor.viewer, tradeId, options);
    case "release":
      return releaseTrade(t.db, actor.viewer, tradeId, {}, noSecondFactor);
    case "cancel":
      return cancelTrade(t.db, actor.viewer, tradeId, options);
    case "dispute":
      return openDispute(t.db, actor.viewer, tradeId, reason, options);
    case "award_buyer":
    case "award_seller":
      return resolveDispute(
        t.db,
        actor.viewer,
        tradeId,
        { outcome: command === "award_buyer" ? "buyer" : "seller", note: "Model award." },
        options,
      );
  }
}

/** One party's or moderator's command on one of the run's trades, legal or not. */
class TransitionCommand implements ModelCommand {
  constructor(
    readonly command: Command,
    readonly pick: number,
    readonly actor: Actor,
  ) {}
  check(model: Readonly<Model>): boolean {
    return model.trades.length > 0;
  }
  async run(model: Model) {
    const trade = model.trades[this.pick % model.trades.length] as ModelTrade;
    const rule = legalRule(this.command, this.actor, trade);
    await expectOutcome(rule !== null, () => serviceCall(this.command, userOf(trade, this.actor), trade.id));
    if (rule) applyEffect(model, trade, rule);
    await checkInvariants(model);
  }
  toString = () => `${this.command}(#${this.pick} by ${this.actor})`;
}

/**
 * A command the table allows now on one of the run's trades, by the actor it allows (so that runs
 * reach releases, awards and cancels often, not only by chance).
 */
class ProgressCommand implements ModelCommand {
  constructor(
    readonly pick: number,
    readonly choice: number,
  ) {}
  private legalOn(model: Readonly<Model>) {
    const trade = model.trades[this.pick % Math.max(1, model.trades.length)];
    if (!trade) return null;
    const legal = TRANSITIONS.filter(
      (rule) => rule.command !== "expire" && legalRule(rule.command as Command, rule.role as Actor, trade) === rule,
    );
    // Half the choices take the table's first legal row (paid, then release, then an award), so
    // that lifecycles often run to a post; the other half any legal row.
    const rule = this.choice < 3 ? legal[0] : legal[this.choice % Math.max(1, legal.length)];
    return rule ? { trade, rule } : null;
  }
  check(model: Readonly<Model>): boolean {
    return this.legalOn(model) !== null;
  }
  async run(model: Model) {
    const found = this.legalOn(model);
    if (!found) throw new Error("no legal command: check() should have said so");
    const { trade, rule } = found;
    await serviceCall(rule.command as Command, userOf(trade, rule.role as Actor), trade.id);
    applyEffect(model, trade, rule);
    await checkInvariants(model);
  }
  toString = () => `progress(#${this.pick}, choice ${this.choice})`;
}

class ExpireCommand implements ModelCommand {
  check = () => true;
  async run(model: Model) {
    const due = model.trades.flatMap((trade) => {
      const rule = legalRule("expire", "system", trade);
      return rule ? [{ trade, rule }] : [];
    });
    const result = await expireDueTrades(t.db);
    expect(result.expired).toBe(due.length);
    for (const { trade, rule } of due) {
      applyEffect(model, trade, rule);
      if (trade.offerKind !== "buy") continue;
      const offer = model.buyOffers.get(trade.offerOwner);
      if (!offer) continue;
      offer.expiries += 1;
      if (offer.expiries >= EXPIRY_PENALTY_THRESHOLD) offer.isPenalized = true;
    }
    await checkInvariants(model);
  }
  toString = () => "expire()";
}

class AdvanceClockCommand implements ModelCommand {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(model: Model) {
    await advanceTradeClock(t.ownerDb, this.minutes * 60);
    for (const trade of model.trades) if (isOpen(trade.status)) trade.ageMinutes += this.minutes;
    await checkInvariants(model);
  }
  toString = () => `advance(${this.minutes} min)`;
}

/** POST /wallet/deposit-bond or /wallet/retrieve-bond by a trader, over the API. */
class BondCommand implements ModelCommand {
  constructor(
    readonly trader: number,
    readonly action: "deposit" | "retrieve",
  ) {}
  check = () => true;
  async run(model: Model) {
    const trader = traders[this.trader] as TestUser;
    const bond = model.bond.get(trader.id) ?? 0n;
    const available = model.available.get(trader.id) ?? 0n;
    const response = await trader.client.post(`/wallet/${this.action}-bond`, { cryptoCurrencyCode: "USDT" });
    if (this.action === "deposit") {
      const expected =
        available < BOND_MINOR ? "ERROR_INSUFFICIENT_BALANCE" : bond > 0n ? "ERROR_BOND_ALREADY_DEPOSITED" : null;
      expect(response.body.errors?.code ?? null, response.text).toBe(expected);
      if (expected === null) {
        add(model.available, trader.id, -BOND_MINOR);
        add(model.bond, trader.id, BOND_MINOR);
      }
    } else {
      expect(response.body.errors?.code ?? null, response.text).toBe(bond > 0n ? null : "ERROR_BOND_NOT_DEPOSITED");
      add(model.available, trader.id, bond);
      model.bond.set(trader.id, 0n);
    }
    expect(response.status).toBe(response.body.errors ? 409 : 200);
    await checkInvariants(model);
  }
  toString = () => `bond_${this.action}(trader ${this.trader})`;
}

const actor = fc.constantFrom<Actor>("buyer", "seller", "moderator", "stranger", "buyer", "seller");
const pick = fc.nat({ max: 30 });
const start = fc
  .tuple(
    fc.nat({ max: 3 }),
    fc.nat({ max: 2 }),
    fc.constantFrom(10, 60, 250, 450),
    fc.constantFrom<OfferKind>("sell", "buy"),
  )
  .map(([a, b, c, kind]) => new StartCommand(a, b, c, kind));
const transition = (command: Command, actors = actor) =>
  fc.tuple(pick, actors).map(([p, a]) => new TransitionCommand(command, p, a));
const awardActor = fc.constantFrom<Actor>("moderator", "moderator", "buyer", "seller");
const progress = fc.tuple(pick, fc.nat({ max: 5 })).map(([p, choice]) => new ProgressCommand(p, choice));
// fc.commands picks among these uniformly: repeats weigh starts and legal progress up.
const commands = [
  start,
  start,
  start,
  progress,
  progress,
  progress,
  progress,
  progress,
  progress,
  transition("paid"),
  transition("release"),
  transition("cancel"),
  transition("dispute"),
  transition("award_buyer", awardActor),
  transition("award_seller", awardActor),
  fc.constant(new ExpireCommand()),
  fc.constant(new ExpireCommand()),
  fc.constantFrom(5, 11, 31).map((minutes) => new AdvanceClockCommand(minutes)),
  fc.constantFrom(5, 11, 31).map((minutes) => new AdvanceClockCommand(minutes)),
  fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 2 })).map(([taker, owner]) => new UnpaidBurstCommand(taker, owner)),
  fc
    .tuple(fc.nat({ max: 3 }), fc.constantFrom<"deposit" | "retrieve">("deposit", "retrieve"))
    .map(([trader, action]) => new BondCommand(trader, action)),
];

/**
 * Each run starts from the previous run's end: its open trades are closed through the service
 * first (so the clock advances and expiry runs of this run touch only its own trades), the
 * expiries of earlier runs are moved a day into the past and the buy offers switched back on (so
 * each run counts its own expiries towards the penalty), and the model starts from the balances
 * as they stand.
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
  await sql`UPDATE trades SET cancelled_at = cancelled_at - interval '25 hours' WHERE status = 'expired'`.execute(
    t.ownerDb,
  );
  await sql`UPDATE offers SET penalty_reason = NULL WHERE id_hashed = ANY(${[...buyOfferOf.values()]}::text[])`.execute(
    t.ownerDb,
  );
  forgetCachedListings();
  const model: Model = {
    available: new Map(),
    escrow: new Map(),
    bond: new Map(),
    fees: await feesHeld(t.db, "USDT"),
    trades: [],
    buyOffers: new Map(),
  };
  const usdt = await resolveLedgerCurrency(t.db, "USDT");
  for (const trader of traders) {
    const owned = await getOwnerBalances(t.db, trader.id);
    const real = (kind: string) =>
      owned.find((row) => row.currencyId === usdt.id && row.kind === kind)?.balanceMinor ?? 0n;
    model.available.set(trader.id, real("available"));
    model.escrow.set(trader.id, real("escrow"));
    model.bond.set(trader.id, real("bond"));
    model.buyOffers.set(trader.id, { expiries: 0, isPenalized: false });
  }
  return { model, real: {} };
}

describe("random trade lifecycles against a model", () => {
  it(`keep escrow, balances, fees and the ledger exact after every step (${RUNS} runs, up to ${MAX_COMMANDS} commands)`, async () => {
    const seen = { steps: 0, buyOfferTrades: 0, posts: 0, penalties: 0 };
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max" }), async (cmds) => {
        seen.steps += [...cmds].length;
        const { model, real } = await setup();
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        seen.buyOfferTrades += model.trades.filter((trade) => trade.offerKind === "buy").length;
        seen.posts += model.trades.filter(
          (trade) => trade.status === "released" || trade.status === "dispute_won_buyer",
        ).length;
        seen.penalties += [...model.buyOffers.values()].filter((offer) => offer.isPenalized).length;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.info(
      `trade model: ${seen.steps} commands, ${seen.buyOfferTrades} buy-offer trades, ${seen.posts} posted, ${seen.penalties} offers penalised`,
    );
    // The runs reached what the model is about: buy-offer trades, fees posted, an offer penalised.
    expect(seen.steps).toBeGreaterThan(RUNS);
    expect(seen.buyOfferTrades).toBeGreaterThan(0);
    expect(seen.posts).toBeGreaterThan(0);
    expect(seen.penalties).toBeGreaterThan(0);
  }, 900_000);
});
