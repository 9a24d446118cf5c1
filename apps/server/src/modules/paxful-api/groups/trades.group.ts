import { DISPUTE_REASONS, REQUIREMENT_MET_STATUSES, type Trade } from "@souk/contracts";
import {
  cancelTrade,
  getTrade,
  listActiveTrades,
  listDisputeReasons,
  listTradeHistory,
  markPaid,
  openDispute,
  releaseTrade,
  startTrade,
  submitRequirement,
} from "../../trades/index.ts";
import { getCurrentUser } from "../../users/index.ts";
import { assertSecondFactor } from "../../wallet/index.ts";
import { type ActionContext, defineAction, viewerOf } from "../paxful.action.ts";
import { invalidParameters, missingParameters, notOnSouk } from "../paxful.errors.ts";
import { completedStatusOf, paxfulTime, supportedActionsOf, tradeListItemOf, tradeObjectOf } from "../paxful.shapes.ts";

const PAGE_SIZE = 20;

function header(context: ActionContext, name: string): string | undefined {
  const value = context.headers[name];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** Paxful's dispute reason types in Souk's reasons (docs/decisions/074-paxful-api-trade-rules.md). */
const DISPUTE_REASON_IDS: Record<string, number> = {
  buyer_payment_issue: 1,
  buyer_unresponsive_vendor: 2,
  vendor_payment_issue: 3,
  vendor_coinlocker: 6,
  buyer_other: 9,
  vendor_other: 9,
};

function isPayerNamePending(trade: Trade): boolean {
  const requirement = trade.flow.requirements.find((item) => item.id === "payer_name");
  return requirement !== undefined && !(REQUIREMENT_MET_STATUSES as readonly string[]).includes(requirement.status);
}

/**
 * The payer name of a trade that asks for one (docs/decisions/074-paxful-api-trade-rules.md#payer-name):
 * the `payer_name` the call sent, else the buyer's full name on their account, else their username.
 * It is given through the trades module's own requirement call, so its rules apply unchanged.
 */
async function providePayerName(context: ActionContext, trade: Trade, payerName: string | undefined): Promise<Trade> {
  if (trade.viewerRole !== "buyer" || !isPayerNamePending(trade)) return trade;
  const viewer = viewerOf(context);
  const name =
    payerName?.trim() || (await getCurrentUser(context.db, viewer.userId)).userFullName?.trim() || viewer.username;
  return submitRequirement(
    context.db,
    viewer,
    trade.id,
    { requirementId: "payer_name", value: name },
    context.features,
  );
}

export const tradeActions = [
  defineAction({
    path: "trade/start",
    summary: "Start a trade on an offer for a fiat amount (Idempotency-Key honoured)",
    notFoundAs: "offer",
    run: async (context, input) => {
      if (input.fiat === undefined) {
        if (input.crypto_amount !== undefined || input.satoshi !== undefined) {
          throw invalidParameters(["fiat (Souk starts trades by their fiat amount)"]);
        }
        throw missingParameters(["fiat"]);
      }
      const viewer = viewerOf(context);
      const trade = await startTrade(
        context.db,
        viewer,
        { offerId: input.offer_hash, fiatAmount: input.fiat },
        {
          features: context.features,
          idempotencyKey: header(context, "idempotency-key") ?? null,
          jobs: context.deps.jobs,
        },
      );
      if (input.payer_name) await providePayerName(context, trade, input.payer_name);
      return { success: true, trade_hash: trade.id };
    },
  }),
  defineAction({
    path: "trade/get",
    summary: "A trade of the caller's, with what the caller may do now",
    notFoundAs: "trade",
    run: async (context, input) => {
      const trade = await getTrade(context.db, viewerOf(context), input.trade_hash, context.features);
      return { trade: tradeObjectOf(trade), supported_actions: supportedActionsOf(trade) };
    },
  }),
  defineAction({
    path: "trade/list",
    summary: "The caller's active trades",
    run: async (context) => {
      const { items } = await listActiveTrades(context.db, viewerOf(context).userId);
      return { count: items.length, trades: items.map(tradeListItemOf) };
    },
  }),
  defineAction({
    path: "trade/completed",
    summary: "The caller's finished trades, newest first, 20 a page",
    run: async (context, input) => {
      if (input.partner !== undefined) throw notOnSouk("Filtering completed trades by partner");
      const page = input.page ?? 1;
      if (page < 1) throw invalidParameters(["page"]);
      const viewer = viewerOf(context);
      const { items } = await listTradeHistory(
        context.readDb,
        viewer.userId,
        { filter: "all" },
        { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      );
      const finished = items.filter((item) => item.completedAt !== null || item.cancelledAt !== null);
      return {
        page,
        count: finished.length,
        trades: finished.map((item) => ({
          trade_hash: item.id,
          offer_type: item.offerType,
          status: completedStatusOf(item.status),
          started_at: paxfulTime(item.startedAt),
          ended_at: paxfulTime(item.completedAt ?? item.cancelledAt),
          completed_at: paxfulTime(item.completedAt),
          fiat_currency_code: item.fiatCurrencyCode,
          fiat_amount_requested: item.fiatAmount,
          crypto_currency_code: item.cryptoCurrencyCode,
          payment_method_name: item.paymentMethodName,
          partner: item.partner.username,
        })),
      };
    },
  }),
  defineAction({
    path: "trade/paid",
    summary: "The buyer marks the trade paid (payer_name for trades that ask for it)",
    notFoundAs: "trade",
    run: async (context, input) => {
      const viewer = viewerOf(context);
      const trade = await getTrade(context.db, viewer, input.trade_hash, context.features);
      await providePayerName(context, trade, input.payer_name);
      await markPaid(context.db, viewer, input.trade_hash, { features: context.features });
      return { success: true };
    },
  }),
  defineAction({
    path: "trade/release",
    summary: "The seller releases the escrow (x-paxful-2fa header when a second factor is on)",
    notFoundAs: "trade",
    run: async (context, input) => {
      const code = header(context, "x-paxful-2fa");
      await releaseTrade(
        context.db,
        viewerOf(context),
        input.trade_hash,
        { ...(code ? { code } : {}), idempotencyKey: header(context, "idempotency-key") ?? null },
        {
          features: context.features,
          assertSecondFactor: (userId, secondFactor) => assertSecondFactor(context.db, userId, "release", secondFactor),
        },
      );
      return { success: true };
    },
  }),
  defineAction({
    path: "trade/cancel",
    summary: "Cancel a trade (the buyer before paying; the seller once the window passed unpaid)",
    notFoundAs: "trade",
    run: async (context, input) => {
      await cancelTrade(context.db, viewerOf(context), input.trade_hash, { features: context.features });
      return { success: true };
    },
  }),
  defineAction({
    path: "trade/dispute",
    summary: "Open a dispute (reason at least 10 characters)",
    notFoundAs: "trade",
    run: async (context, input) => {
      const reasonId = DISPUTE_REASON_IDS[input.reason_type ?? ""] ?? 9;
      await openDispute(
        context.db,
        viewerOf(context),
        input.trade_hash,
        { disputeReasonId: reasonId, disputeReasonText: input.reason },
        { features: context.features },
      );
      return { success: true };
    },
  }),
  defineAction({
    path: "trade/dispute-reasons",
    summary: "The reasons the caller may give when disputing this trade",
    notFoundAs: "trade",
    run: async (context, input) => {
      const trade = await getTrade(context.db, viewerOf(context), input.trade_hash, context.features);
      const side = trade.viewerRole === "moderator" ? null : trade.viewerRole;
      const reasons = listDisputeReasons()
        .filter((reason) => side === null || reason.sides.includes(side))
        .map((reason) => {
          const name = DISPUTE_REASONS.find((known) => known.id === reason.id)?.key.replaceAll("_", " ") ?? reason.key;
          return { reason_type: reason.key, name, name_localized: name, description: name };
        });
      return { count: reasons.length, reasons };
    },
  }),
  defineAction({
    path: "trade/locations",
    summary: "The trade partners' countries (Souk keeps no address locations)",
    notFoundAs: "trade",
    run: async (context, input) => {
      const trade = await getTrade(context.db, viewerOf(context), input.trade_hash, context.features);
      const locationOf = (iso: string | null) => ({
        ip_location: null,
        detected_location: iso === null ? null : { iso, name: iso, localized_name: iso },
      });
      return { buyer: locationOf(trade.buyer.countryIso), seller: locationOf(trade.seller.countryIso) };
    },
  }),
];
