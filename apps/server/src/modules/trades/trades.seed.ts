import type { Trade, UserRole } from "@souk/contracts";
import { sql } from "kysely";
import type { SeedContext, Viewer } from "../../platform/index.ts";
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

function viewerOf(userId: number, username: string, roles: UserRole[] = ["user"]): Viewer {
  return {
    userId,
    username,
    roles,
    sessionId: 0,
    isBanned: false,
    isSuspended: false,
    isOnHold: false,
    isFrozen: false,
    isRestricted: false,
    isCompromised: false,
    blockedKycActions: [],
  };
}

/** The demo buyer gives a payer name and uploads a receipt where the trade asks for them. */
async function fulfilRequirements(context: SeedContext, buyer: Viewer, trade: Trade): Promise<void> {
  for (const requirement of trade.flow.requirements) {
    if (requirement.kind === "text") {
      await submitRequirement(context.db, buyer, trade.id, { requirementId: requirement.id, value: buyer.username }, SEED_FEATURES);
    } else {
      await uploadRequirements(
        context.db,
        buyer,
        trade.id,
        { requirements: [{ requirementId: requirement.id, fileName: `${requirement.id}.jpg`, contentType: "image/jpeg", sizeBytes: 48_213 }] },
        SEED_FEATURES,
      );
    }
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
  const options = { features: SEED_FEATURES };
  const made: string[] = [];
  for (const plan of PLANS) {
    const sellerId = context.users.get(plan.seller);
    const buyerId = context.users.get(plan.buyer);
    if (sellerId === undefined || buyerId === undefined) continue;
    const buyer = viewerOf(buyerId, plan.buyer);
    const seller = viewerOf(sellerId, plan.seller);
    const offers = await listOwnOffers(context.db, { ownerId: sellerId, type: "sell", flowTypes: ["default"], limit: 100, offset: 0 });
    // An offer open to any demo buyer (its flow requirements are fulfilled below, as a buyer would).
    const candidates = offers.filter(
      ({ offer }) =>
        offer.isActive &&
        offer.isEnabled &&
        offer.rangeType === "min_max" &&
        offer.availableIn.length === 0 &&
        !offer.requireVerifiedId &&
        !offer.requireFullNameVisibility &&
        !offer.showOnlyTrustedUser &&
        offer.requireMinPastTrades === 0,
    );
    for (const { offer } of candidates) {
      try {
        const trade = await startTrade(context.db, buyer, { offerId: offer.idHashed, fiatAmount: offer.fiatLimitMin }, options);
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
        made.push(`${plan.end} (${plan.buyer} buys from ${plan.seller})`);
        break;
      } catch {
        // Outside duty hours, over a limit, no rate: the next offer may do.
      }
    }
  }
  context.print(`demo trades: ${made.length > 0 ? made.join(", ") : "none (no suitable demo offers)"}`);
}
