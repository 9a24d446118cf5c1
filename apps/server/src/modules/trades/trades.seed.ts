import type { Trade } from "@souk/contracts";
import { sql } from "kysely";
import sharp from "sharp";
import {
  DEFAULT_FEATURES,
  fileStorageFor,
  type SeedContext,
  sessionlessViewer,
  type Viewer,
} from "../../platform/index.ts";
import { listOwnOffers } from "../offers/index.ts";
import { openDispute } from "./disputes.service.ts";
import { getTradeAccess, type TradeAccess } from "./trades.access.ts";
import { submitRequirement, uploadRequirements } from "./trades.flow.ts";
import { cancelTrade, markPaid, releaseTrade } from "./trades.service.ts";
import { startTrade } from "./trades.start.ts";

/**
 * Demo trades between demo users, made through the real service functions (so the ledger holds,
 * posts and voids as in use). Each plan runs once and is marked with its key (the chat and
 * feedback seeds find their trades by these keys): released trades give the vendors a history
 * (profiles with counts and feedback), and one trade of each other state shows every screen. Bob,
 * the demo buyer, keeps one active trade, under the limit of two for an unverified user, so his
 * first "Start trade" works.
 */
type DemoTradeEnd = "active" | "paid" | "released" | "cancelled" | "disputed";
type Plan = { key: string; seller: string; buyer: string; end: DemoTradeEnd };

export const DEMO_TRADE_PLANS: readonly Plan[] = [
  { key: "alice-to-judy-released", seller: "alice", buyer: "judy", end: "released" },
  { key: "erin-to-bob-released", seller: "erin", buyer: "bob", end: "released" },
  { key: "alice-to-carol-released", seller: "alice", buyer: "carol", end: "released" },
  { key: "erin-to-dave-released", seller: "erin", buyer: "dave", end: "released" },
  { key: "carol-to-heidi-released", seller: "carol", buyer: "heidi", end: "released" },
  { key: "alice-to-ivan-released", seller: "alice", buyer: "ivan", end: "released" },
  { key: "heidi-to-frank-released", seller: "heidi", buyer: "frank", end: "released" },
  { key: "carol-to-grace-released", seller: "carol", buyer: "grace", end: "released" },
  { key: "heidi-to-erin-released", seller: "heidi", buyer: "erin", end: "released" },
  { key: "alice-to-bob-active", seller: "alice", buyer: "bob", end: "active" },
  { key: "erin-to-judy-paid", seller: "erin", buyer: "judy", end: "paid" },
  { key: "heidi-to-ivan-cancelled", seller: "heidi", buyer: "ivan", end: "cancelled" },
  { key: "grace-to-frank-disputed", seller: "grace", buyer: "frank", end: "disputed" },
];

/** Demo vendors with funded wallets (the wallet module's seed), tried when a planned seller's offers are off duty. */
const VENDORS = ["alice", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];

/** A plain picture standing in for a photographed receipt (made on the spot: nothing binary is checked in). */
function demoReceipt(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 246, g: 244, b: 236 } } })
    .jpeg()
    .toBuffer();
}

/** The demo buyer gives a payer name and uploads a receipt where the trade asks for them. */
async function fulfilRequirements(context: SeedContext, buyer: Viewer, trade: Trade): Promise<void> {
  for (const requirement of trade.flow.requirements) {
    if (requirement.kind === "text") {
      await submitRequirement(
        context.db,
        buyer,
        trade.id,
        { requirementId: requirement.id, value: buyer.username },
        DEFAULT_FEATURES,
      );
    } else {
      await uploadRequirements(
        context.db,
        fileStorageFor(context.config),
        buyer,
        trade.id,
        {
          requirementId: requirement.id,
          files: [{ fileName: `${requirement.id}.jpg`, declaredType: "image/jpeg", bytes: await demoReceipt() }],
        },
        DEFAULT_FEATURES,
      );
    }
  }
}

/** Sell offers of a vendor that any demo buyer may take (flow requirements are fulfilled as a buyer would). */
async function takeableOffers(
  context: SeedContext,
  ownerId: number,
): Promise<{ idHashed: string; fiatLimitMin: string }[]> {
  const offers = await listOwnOffers(context.db, {
    ownerId,
    type: "sell",
    flowTypes: ["default"],
    limit: 100,
    offset: 0,
  });
  return offers
    .filter(
      ({ offer }) =>
        offer.isActive &&
        offer.isEnabled &&
        offer.rangeType === "min_max" &&
        offer.availableIn.length === 0 &&
        !offer.requireVerifiedId &&
        !offer.requireFullNameVisibility &&
        !offer.showOnlyTrustedUser &&
        offer.requireMinPastTrades === 0,
    )
    .map(({ offer }) => ({ idHashed: offer.idHashed, fiatLimitMin: offer.fiatLimitMin }));
}

/** Takes a started trade to the plan's end through the service functions. */
async function playTrade(
  context: SeedContext,
  plan: Plan,
  buyer: Viewer,
  seller: Viewer,
  trade: Trade,
): Promise<string> {
  const options = { features: DEFAULT_FEATURES };
  if (plan.end === "paid" || plan.end === "released" || plan.end === "disputed") {
    await fulfilRequirements(context, buyer, trade);
    await markPaid(context.db, buyer, trade.id, options);
  }
  // The operator seeds: no second factor is asked of the demo seller.
  if (plan.end === "released") {
    await releaseTrade(context.db, seller, trade.id, {}, { ...options, assertSecondFactor: async () => {} });
  }
  if (plan.end === "cancelled") await cancelTrade(context.db, buyer, trade.id, options);
  if (plan.end === "disputed") {
    await openDispute(
      context.db,
      buyer,
      trade.id,
      { disputeReasonId: 1, disputeReasonText: "I paid the full amount and the seller has not released." },
      options,
    );
  }
  return trade.id;
}

/**
 * The trades this seed played, by plan key, as their buyer sees them (the chat and feedback seeds
 * act on these and on no other trade).
 */
export async function listSeededTrades(context: SeedContext): Promise<{ key: string; trade: TradeAccess }[]> {
  const seeded: { key: string; trade: TradeAccess }[] = [];
  for (const { ref, detail } of await context.marks.list("trade")) {
    const plan = DEMO_TRADE_PLANS.find((candidate) => candidate.key === ref);
    const buyerId = plan ? context.users.get(plan.buyer) : undefined;
    if (!plan || buyerId === undefined) continue;
    const trade = await getTradeAccess(context.db, detail, sessionlessViewer(buyerId, plan.buyer));
    if (trade) seeded.push({ key: ref, trade });
  }
  return seeded;
}

/** Whether demo users have trades the seed has no record of (a database seeded before marks). */
async function hasUnmarkedDemoTrades(context: SeedContext): Promise<boolean> {
  if ((await context.marks.list("trade")).length > 0) return false;
  const demoIds = [...context.users.values()];
  const existing = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM trades WHERE buyer_id = ANY(${demoIds}::bigint[]) AND seller_id = ANY(${demoIds}::bigint[])`.execute(
    context.db,
  );
  return (existing.rows[0]?.n ?? 0) > 0;
}

export async function seedDemoTrades(context: SeedContext): Promise<void> {
  if (context.users.size === 0 || (await hasUnmarkedDemoTrades(context))) return;
  const made: string[] = [];
  for (const plan of DEMO_TRADE_PLANS) {
    const buyerId = context.users.get(plan.buyer);
    if (buyerId === undefined || (await context.marks.get("trade", plan.key)) !== null) continue;
    const buyer = sessionlessViewer(buyerId, plan.buyer);
    // The planned seller first; when none of their offers can be taken now (duty hours, say),
    // another demo vendor's.
    const sellers = [plan.seller, ...VENDORS.filter((name) => name !== plan.seller && name !== plan.buyer)];
    for (const sellerName of sellers) {
      const sellerId = context.users.get(sellerName);
      if (sellerId === undefined) continue;
      const seller = sessionlessViewer(sellerId, sellerName);
      const tradeId = await playOnFirstTakeableOffer(context, plan, buyer, seller);
      if (tradeId === null) continue;
      await context.marks.add("trade", plan.key, tradeId);
      made.push(`${plan.end} (${plan.buyer} buys from ${sellerName})`);
      break;
    }
  }
  if (made.length > 0) context.print(`demo trades: ${made.join(", ")}`);
}

async function playOnFirstTakeableOffer(
  context: SeedContext,
  plan: Plan,
  buyer: Viewer,
  seller: Viewer,
): Promise<string | null> {
  for (const offer of await takeableOffers(context, seller.userId)) {
    let trade: Trade;
    try {
      trade = await startTrade(
        context.db,
        buyer,
        { offerId: offer.idHashed, fiatAmount: offer.fiatLimitMin },
        { features: DEFAULT_FEATURES },
      );
    } catch {
      // Outside duty hours, over a limit, no rate: the next offer may do.
      continue;
    }
    // Once started, every step must work: a failure here is a bug in the seed, not a choice.
    return playTrade(context, plan, buyer, seller, trade);
  }
  return null;
}
