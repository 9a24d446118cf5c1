import type { Trade } from "@souk/contracts";
import { sql } from "kysely";
import sharp from "sharp";
import { fileStorageFor, type SeedContext, sessionlessViewer, type Viewer } from "../../platform/index.ts";
import { listOwnOffers } from "../offers/index.ts";
import { openDispute } from "./disputes.service.ts";
import { submitRequirement, uploadRequirements } from "./trades.flow.ts";
import { cancelTrade, type Features, markPaid, releaseTrade, startTrade } from "./trades.service.ts";

/**
 * Demo trades between demo users, made through the real service functions (so the ledger holds,
 * posts and voids as in use): one active, one paid, one released, one cancelled, one disputed.
 * A database that already has trades of demo users is left alone, so seeding twice adds nothing.
 */
type Plan = { seller: string; buyer: string; end: "active" | "paid" | "released" | "cancelled" | "disputed" };

const PLANS: Plan[] = [
  { seller: "alice", buyer: "bob", end: "active" },
  { seller: "erin", buyer: "bob", end: "paid" },
  { seller: "alice", buyer: "judy", end: "released" },
  { seller: "heidi", buyer: "ivan", end: "cancelled" },
  { seller: "grace", buyer: "frank", end: "disputed" },
];

/** Demo vendors with funded wallets (the wallet module's seed), tried when a planned seller's offers are off duty. */
const VENDORS = ["alice", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];

const SEED_FEATURES: Features = {
  offerCap: true,
  offRamp: false,
  onRamp: false,
  manualEscrowFee: true,
  offerBid: true,
  feeDiscount: true,
  disputeAppeal: true,
  corporateAccount: false,
  lightning: false,
  virtualCard: false,
  partnerProgram: false,
  multiTierPartnerProgram: false,
  bazaar: false,
};

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
        SEED_FEATURES,
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
        SEED_FEATURES,
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

/** Starts a trade on the offer and takes it to the plan's end through the service functions. */
async function playTrade(
  context: SeedContext,
  plan: Plan,
  buyer: Viewer,
  seller: Viewer,
  offer: { idHashed: string; fiatLimitMin: string },
): Promise<void> {
  const options = { features: SEED_FEATURES };
  const trade = await startTrade(
    context.db,
    buyer,
    { offerId: offer.idHashed, fiatAmount: offer.fiatLimitMin },
    options,
  );
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
}

export async function seedDemoTrades(context: SeedContext): Promise<void> {
  const demoIds = [...context.users.values()];
  if (demoIds.length === 0) return;
  const existing = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM trades WHERE buyer_id = ANY(${demoIds}::bigint[]) OR seller_id = ANY(${demoIds}::bigint[])`.execute(
    context.db,
  );
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const made: string[] = [];
  for (const plan of PLANS) {
    const buyerId = context.users.get(plan.buyer);
    if (buyerId === undefined) continue;
    const buyer = sessionlessViewer(buyerId, plan.buyer);
    // The planned seller first; when none of their offers can be taken now (duty hours, say),
    // another demo vendor's.
    const sellers = [plan.seller, ...VENDORS.filter((name) => name !== plan.seller && name !== plan.buyer)];
    let isMade = false;
    for (const sellerName of sellers) {
      const sellerId = context.users.get(sellerName);
      if (sellerId === undefined || isMade) continue;
      const seller = sessionlessViewer(sellerId, sellerName);
      for (const offer of await takeableOffers(context, sellerId)) {
        try {
          await playTrade(context, plan, buyer, seller, offer);
          made.push(`${plan.end} (${plan.buyer} buys from ${sellerName})`);
          isMade = true;
          break;
        } catch {
          // Outside duty hours, over a limit, no rate: the next offer may do.
        }
      }
    }
  }
  context.print(`demo trades: ${made.length > 0 ? made.join(", ") : "none (no suitable demo offers)"}`);
}
