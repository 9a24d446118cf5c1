import { ErrorCode, LedgerErrorCode, type Trade, type TradeStartRequest } from "@souk/contracts";
import { parseDecimal } from "@souk/money";
import type { Db, Tx } from "../../db/pool.ts";
import {
  DomainError,
  forbidden,
  inputError,
  type JobQueue,
  newPublicId,
  transactRestrictionOf,
  userRestricted,
  type Viewer,
} from "../../platform/index.ts";
import { tradePaymentAccountsQuery } from "../bank-accounts/index.ts";
import { getRelation } from "../contacts/index.ts";
import { holdEscrow, withLedgerTx } from "../ledger/index.ts";
import { type Catalog, getCatalog, getMarket, getOfferForTrade, type Market } from "../offers/index.ts";
import { refuseDuringMaintenance } from "../site/index.ts";
import { sumTradedVolumesUsd } from "../verification/index.ts";
import { exactExpiryJob } from "./jobs/exact-expiry.ts";
import { kycLimitsOf, partiesOf } from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import { getTrade, viewTrade } from "./trades.lookup.ts";
import type { TradeOptions } from "./trades.options.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";
import * as requirementsRepo from "./trades.requirements.repo.ts";
import { decideStart, type StartFacts, type StartPlan, type StartRefusal } from "./trades.start.domain.ts";
import type { ViewerRole } from "./trades.view.ts";

export interface StartOptions extends TradeOptions {
  idempotencyKey?: string | null;
  /** The taker's address, to tell isOpponentsSameIp. */
  ip?: string | null;
  /** Queues the trade's exact expiry once the start commits (the minute's sweep is the fallback). */
  jobs?: JobQueue;
}

const NO_RELATION = { isTrusted: false, isBlocked: false, isBlockedBy: false };

/**
 * Everything a start decides on, read inside its transaction: the offer as it stands, the taker's
 * row locked (so one user's starts queue and each counts the other's trade), the relation between
 * the two, and the taker's day volume and active trades when their level limits them.
 */
async function loadStartFacts(
  tx: Tx,
  viewer: Viewer,
  input: TradeStartRequest,
  context: { catalog: Catalog; market: Market; options: StartOptions },
): Promise<StartFacts> {
  const { catalog, market, options } = context;
  const offer = await getOfferForTrade(tx, input.offerId, { reference: { catalog, market } });
  const facts: StartFacts = {
    takerId: viewer.userId,
    takerRestriction: transactRestrictionOf(viewer),
    blockedKycActions: viewer.blockedKycActions,
    fiatAmount: parseDecimal(input.fiatAmount),
    ip: options.ip ?? null,
    isFeeDiscountOn: options.features.feeDiscount,
    offer,
    taker: null,
    relation: NO_RELATION,
    fiatPerUsd: null,
    dailyVolumeUsd: null,
    rolling30dVolumeUsd: null,
    activeTrades: null,
    paymentMethodGroupSlug: null,
  };
  // A restricted taker is refused on the flags their session carries: nothing more is read or locked.
  if (!offer || offer.ownerId === viewer.userId || facts.takerRestriction) return facts;
  const parties = partiesOf(offer, viewer.userId);
  const row = await peopleRepo.lockStartFacts(tx, {
    takerId: viewer.userId,
    sellerId: parties.sellerId,
    ownerId: offer.ownerId,
  });
  if (!row) return facts;
  const kycLevel = Number(row.kyc_level);
  const isIdVerified = row.id_verified_at !== null;
  const limits = kycLimitsOf(kycLevel);
  const volumes = limits.daily || limits.rolling30d ? await sumTradedVolumesUsd(tx, viewer.userId) : null;
  return {
    ...facts,
    taker: {
      completedTrades: row.completed_trades,
      isIdVerified,
      kycLevel,
      countryIso: row.country_iso,
      hasVisibleFullName: !!row.first_name?.trim() && row.full_name_visibility_type !== "hide_name",
      sellerFeeDiscount: row.seller_fee_discount,
      ownerIp: row.owner_ip,
      isClosed: row.taker_closed,
      isOwnerClosed: row.owner_closed,
    },
    relation: await getRelation(tx, offer.ownerId, viewer.userId),
    fiatPerUsd: market.fiatPerUsd[offer.fiatCurrencyCode] ?? null,
    dailyVolumeUsd: volumes && limits.daily ? parseDecimal(volumes.lastDay) : null,
    rolling30dVolumeUsd: volumes && limits.rolling30d ? parseDecimal(volumes.last30Days) : null,
    activeTrades: isIdVerified ? null : await peopleRepo.countActiveTrades(tx, viewer.userId),
    paymentMethodGroupSlug: catalog.methodById.get(offer.paymentMethodId)?.groupSlug ?? null,
  };
}

/** The error the taker is answered with for each refusal (docs/product.md#starting-a-trade). */
function startRefusalError(refusal: StartRefusal): DomainError {
  switch (refusal.reason) {
    case "amount_must_be_positive":
    case "amount_too_precise":
    case "amount_too_small":
      return inputError({ fiatAmount: [refusal.reason] });
    case "offer_not_found":
      return errors.offerNotFound();
    case "cannot_trade_with_yourself":
      return errors.cannotTradeWithYourself();
    case "account_closed":
      return errors.accountClosed(refusal.party);
    case "user_restricted":
      return userRestricted(refusal.restriction);
    case "kyc_action_blocked":
      return forbidden("Verify your identity to do this.", ErrorCode.KYC_ACTION_BLOCKED, { action: refusal.action });
    case "offer_unavailable":
      return errors.offerUnavailable(refusal.unavailableReason);
    case "user_blocked":
      return errors.userBlocked();
    case "requirements_not_met":
      return errors.requirementsNotMet(refusal.requirements);
    case "amount_outside_limits":
      return errors.amountOutsideLimits(refusal.problem);
    case "max_per_trade_limit":
      return errors.maxPerTradeLimit(refusal.limitUsd);
    case "daily_compliance_limit":
      return errors.dailyComplianceLimit(refusal.limitUsd, refusal.usedUsd);
    case "rolling_30d_compliance_limit":
      return errors.rolling30DaysComplianceLimit(refusal.limitUsd, refusal.usedUsd);
    case "max_active_trades_id_not_verified":
      return errors.maxActiveTradesIdNotVerified(refusal.max);
  }
}

/**
 * A trade whose flow has nothing to do before the payment details (no first-step requirement)
 * starts revealed, with its own copy of the payee's accounts; the others copy them at the reveal.
 */
function revealedAtStart(offer: StartPlan["offer"], plan: StartPlan) {
  if (plan.flowStep !== "before_mark_as_paid") return null;
  return tradePaymentAccountsQuery({
    offerId: offer.offerId,
    offerOwnerId: BigInt(offer.ownerId),
    sellerId: BigInt(plan.sellerId),
  });
}

/** The start's writes, in its transaction: the trade, its requirements, the escrow hold, the first event, the expiry job. */
async function writeStart(
  tx: Tx,
  viewer: Viewer,
  plan: StartPlan,
  options: StartOptions,
  idempotencyKey: string | null,
): Promise<repo.TradeRow> {
  const { offer } = plan;
  const inserted = await repo.insertTrade(
    tx,
    {
      id_hashed: newPublicId(),
      offer_id: offer.offerId,
      offer_id_hashed: offer.idHashed,
      offer_type: offer.type,
      offer_owner_id: BigInt(offer.ownerId),
      flow_type: offer.flowType,
      buyer_id: BigInt(plan.buyerId),
      seller_id: BigInt(plan.sellerId),
      crypto_currency_id: offer.cryptoCurrencyId,
      crypto_currency_code: offer.cryptoCurrencyCode,
      crypto_decimals: offer.cryptoDecimals,
      amount_minor: plan.amountMinor,
      fee_minor: plan.feeMinor,
      fee_bps: plan.feeBps,
      fiat_currency_id: offer.fiatCurrencyId,
      fiat_currency_code: offer.fiatCurrencyCode,
      fiat_amount: plan.fiatAmount,
      fiat_amount_usd: plan.fiatAmountUsd,
      fiat_price_per_crypto: plan.fiatPricePerCrypto,
      payment_method_id: offer.paymentMethodId,
      payment_method_slug: offer.paymentMethodSlug,
      payment_method_name: offer.paymentMethodName,
      payment_window_minutes: offer.paymentWindowMinutes,
      offer_terms: offer.offerTerms,
      trade_instructions: offer.tradeDetails,
      counts_against_cap: plan.countsAgainstCap,
      is_opponents_same_ip: plan.isOpponentsSameIp,
      status: "active_funded",
      flow_step: plan.flowStep,
      taker_id: BigInt(viewer.userId),
      idempotency_key: idempotencyKey,
    },
    revealedAtStart(offer, plan),
  );
  await requirementsRepo.insertRequirements(tx, inserted.id, plan.requirements);
  try {
    await holdEscrow(tx, {
      tradeId: String(inserted.id),
      sellerId: plan.sellerId,
      currencyCode: offer.cryptoCurrencyCode,
      amountMinor: plan.amountMinor,
      feeMinor: plan.feeMinor,
      ...(idempotencyKey ? { idempotencyKey: `${viewer.userId}:${idempotencyKey}` } : {}),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === LedgerErrorCode.INSUFFICIENT_BALANCE) {
      throw errors.sellerBalanceTooLow(!plan.takerIsBuyer);
    }
    throw error;
  }
  await recordEvent(tx, inserted, {
    name: "active_funded",
    actorRole: plan.takerIsBuyer ? "buyer" : "seller",
    actorUserId: viewer.userId,
    payload: { from: null, to: "active_funded", offerId: offer.idHashed },
    idempotencyKey,
  });
  options.jobs?.sendAfterCommit(tx, exactExpiryJob(inserted));
  return inserted;
}

/**
 * POST /rest/v1/trade: the taker opens a trade on an offer. Everything happens in one ledger
 * transaction: the facts are read (the taker's row is locked, so their own starts queue), the
 * start is decided on them (decideStart, pure), and the trade with the price locked from the
 * offer as it stands, its escrow hold, its first event and the real-time hints commit together.
 */
export async function startTrade(
  db: Db,
  viewer: Viewer,
  input: TradeStartRequest,
  options: StartOptions,
): Promise<Trade> {
  // A key that already started a trade is looked up only when this start fails: by the trades'
  // unique index on (taker, key), or by a refusal that the first start's own trade caused (a limit
  // it now counts against). Then the answer is that trade. Nearly every key is new, and a replay of
  // a finished request is answered from the platform's idempotency record, so no read comes first.
  const idempotencyKey = options.idempotencyKey ?? null;
  if (parseDecimal(input.fiatAmount).units <= 0n) throw startRefusalError({ reason: "amount_must_be_positive" });
  await refuseDuringMaintenance(db);
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  let row: repo.TradeRow;
  try {
    row = await withLedgerTx(db, async (tx) => {
      const facts = await loadStartFacts(tx, viewer, input, { catalog, market, options });
      const decision = decideStart(facts);
      if (decision.kind === "refused") throw startRefusalError(decision.refusal);
      return writeStart(tx, viewer, decision.plan, options, idempotencyKey);
    });
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    const isKeyTaken = code === "23505" && constraint === "trades_idempotency_key";
    if (idempotencyKey && (isKeyTaken || error instanceof DomainError)) {
      const existing = await repo.findTradeByIdempotencyKey(db, viewer.userId, idempotencyKey);
      if (existing) return getTrade(db, viewer, existing.id_hashed, options.features);
    }
    throw error;
  }
  const role: ViewerRole = Number(row.buyer_id) === viewer.userId ? "buyer" : "seller";
  return viewTrade(db, row, viewer, role, options.features);
}
