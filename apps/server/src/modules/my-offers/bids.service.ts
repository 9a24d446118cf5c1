import { type Bid, type BidStatus, LedgerErrorCode, MY_OFFERS_CONSTANTS } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { afterCommit, type Db, type Tx, withTx } from "../../db/pool.ts";
import { assertMayTransact, DomainError, type Features, inputError, type Viewer } from "../../platform/index.ts";
import { collectBid, holdBid, releaseBid, withLedgerTx } from "../ledger/index.ts";
import {
  type Catalog,
  forgetCachedListings,
  getCatalog,
  getMarket,
  getOwnOffer,
  type Market,
} from "../offers/index.ts";
import { announceOutbid } from "./bid-notices.ts";
import { bidsOutbidBy, bidUsdValue, checkBid, type PeriodBid, rankBids, toBid } from "./my-offers.domain.ts";
import { bidExists, bidTooLow, featureDisabled, noLiveBid, offerNotActive } from "./my-offers.errors.ts";
import * as repo from "./my-offers.repo.ts";

/**
 * Bids for the pinned positions of a market (crypto currency, owner side, fiat currency).
 *
 * A bid is paid for: placing it holds its amount from the vendor's available balance (the ledger's
 * bid escrow) in the same transaction as the bid becoming FUNDED. The hold ends exactly once:
 * back to the vendor when the bid is outbid (OUTBID) or withdrawn (CANCELLED), or to the platform
 * when its period has ended (COMPLETED, the completion job). Every status change is a conditional
 * UPDATE in the transaction of its ledger effect, so two racing requests move money once.
 * See docs/decisions/012-funded-bids.md.
 */

export interface BidPlacement {
  offerId?: string | undefined;
  startDate?: string | undefined;
  endDate: string;
  amount: string;
  cryptoCurrencyCode: string;
  isPresent: boolean;
  current: boolean;
}

const marketOf = (row: repo.BidRow): repo.BidMarket => ({
  cryptoId: row.crypto_currency_id,
  type: row.type,
  fiatId: row.fiat_currency_id,
});

/** A bid as the ranking sees it: its USD value now (0 when its currency has no rate). */
function periodBid(row: repo.BidRow, catalog: Catalog, market: Market): PeriodBid & { row: repo.BidRow } {
  const decimals = catalog.cryptoByCode.get(row.bid_currency_code)?.decimals ?? 8;
  const usd = market.cryptoUsd[row.bid_currency_code] ?? "0";
  return {
    row,
    id: row.id,
    createdAt: row.created_at,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usdValue: bidUsdValue(row.amount_minor, decimals, usd),
  };
}

const holdOf = (row: repo.BidRow) => ({
  bidId: row.id,
  vendorId: Number(row.user_id),
  currencyCode: row.bid_currency_code,
  amountMinor: row.amount_minor,
});

/**
 * Ends a live bid: a NEW one (never funded) simply takes the status; a FUNDED one gives its hold
 * back, or, when its period is already over, is completed and collected instead (a bid that has
 * had its whole period is not refunded because the job has not reached it yet).
 * Returns the status the bid ended with, or null when another request had ended it first.
 */
async function endLiveBid(
  tx: Tx,
  row: repo.BidRow,
  status: "CANCELLED" | "OUTBID",
  now: Date,
): Promise<BidStatus | null> {
  if (await repo.transitionBid(tx, row.id, ["FUNDED"], "COMPLETED", { endedBy: now })) {
    await collectBid(tx, holdOf(row));
    return "COMPLETED";
  }
  if (await repo.transitionBid(tx, row.id, ["FUNDED"], status)) {
    await releaseBid(tx, holdOf(row));
    return status;
  }
  if (await repo.transitionBid(tx, row.id, ["NEW"], status)) return status;
  return null;
}

/** Marketplace pages cached by this process show pinned offers: they are redrawn after a change. */
function forgetListingsAfterCommit(tx: Tx): void {
  afterCommit(tx, () => forgetCachedListings());
}

function isIdempotencyKeyTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === "23505" && constraint === "offer_bids_idempotency_key";
}

/** Refusals that leave a FAILED bid in the history: the bid was valid but could not be funded. */
function isFundingRefusal(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    (error.code === LedgerErrorCode.INSUFFICIENT_BALANCE || error.code === bidTooLow().code)
  );
}

/**
 * PUT /rest/v1/my-offers/{hash}/bid. With `current`, the offer's live bid is replaced (its hold is
 * given back first, in the same transaction). A retry with the request's Idempotency-Key answers
 * the bid that key placed.
 */
export async function placeBid(
  db: Db,
  viewer: Viewer,
  hash: string,
  input: BidPlacement,
  features: Features,
  idempotencyKey: string | null = null,
): Promise<Bid> {
  if (!features.offerBid) throw featureDisabled("offerBid");
  assertMayTransact(viewer);
  const { offer, offerId } = await getOwnOffer(db, viewer, hash);
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  if (idempotencyKey !== null) {
    const placed = await repo.findBidByIdempotencyKey(db, viewer.userId, idempotencyKey);
    if (placed && placed.offer_id === offerId) return shapeBid(db, hash, placed, catalog, market);
    if (placed) throw inputError({ idempotencyKey: ["idempotency_key_reused"] });
  }
  const code = input.cryptoCurrencyCode.toUpperCase();
  const currency = catalog.cryptoByCode.get(code) ?? null;
  const now = new Date();
  const checked = checkBid({ ...input, cryptoCurrencyCode: code }, currency, now);
  if (input.offerId !== undefined && input.offerId !== hash) checked.errors.offerId = ["offer_id_mismatch"];
  if (Object.keys(checked.errors).length > 0 || currency === null) throw inputError(checked.errors);
  if (!offer.isActive) throw offerNotActive();
  const bidMarket: repo.BidMarket = {
    cryptoId: offer.cryptoCurrencyId,
    type: offer.type,
    fiatId: offer.fiatCurrency.id,
  };
  const fields = {
    offer_id: offerId,
    user_id: BigInt(viewer.userId),
    crypto_currency_id: bidMarket.cryptoId,
    type: bidMarket.type,
    fiat_currency_id: bidMarket.fiatId,
    bid_currency_code: currency.code,
    amount_minor: checked.amountMinor,
    starts_at: checked.startsAt,
    ends_at: checked.endsAt,
  };
  let funded: repo.BidRow;
  try {
    funded = await withLedgerTx(db, async (tx) => {
      await repo.lockVendor(tx, viewer.userId);
      await repo.lockMarket(tx, bidMarket);
      const live = await repo.listLiveBids(tx, [offerId]);
      if (live.length > 0 && !input.current) throw bidExists();
      for (const old of live) await endLiveBid(tx, old, "CANCELLED", now);
      const row = await repo.insertBid(tx, { ...fields, idempotency_key: idempotencyKey });
      const rivals = await repo.listMarketFundedBidsFrom(tx, bidMarket, now);
      const outbid = bidsOutbidBy(
        periodBid(row, catalog, market),
        rivals.map((rival) => periodBid(rival, catalog, market)),
        MY_OFFERS_CONSTANTS.pinnedSlots,
        now,
      );
      if (outbid === null) throw bidTooLow();
      // The vendor's own money first: a short balance refuses the bid before any rival is touched.
      const hold = await holdBid(tx, holdOf(row));
      for (const loser of outbid) {
        if ((await endLiveBid(tx, loser.row, "OUTBID", now)) === "OUTBID") await announceOutbid(tx, loser.row, catalog);
      }
      if (!(await repo.transitionBid(tx, row.id, ["NEW"], "FUNDED", { holdReference: String(hold.transferId) }))) {
        throw new Error(`bid ${row.id} left NEW while it was being funded`);
      }
      forgetListingsAfterCommit(tx);
      return { ...row, status: "FUNDED" };
    });
  } catch (error) {
    // Nothing was held and nothing changed; the attempt is kept in the bid's history as FAILED.
    if (isFundingRefusal(error)) await withTx(db, (tx) => repo.insertBid(tx, { ...fields, status: "FAILED" }));
    // The same key raced in twice (its answer lost, then retried at once): answer the bid it placed.
    const placed = idempotencyKey !== null && isIdempotencyKeyTaken(error);
    const row = placed ? await repo.findBidByIdempotencyKey(db, viewer.userId, idempotencyKey) : undefined;
    if (!row) throw error;
    funded = row;
  }
  return shapeBid(db, hash, funded, catalog, market);
}

/** DELETE /rest/v1/my-offers/{hash}/bid: withdraws the live bid; a funded one gets its hold back. */
export async function cancelBid(db: Db, viewer: Viewer, hash: string): Promise<void> {
  const { offerId } = await getOwnOffer(db, viewer, hash);
  const now = new Date();
  const ended = await withLedgerTx(db, async (tx) => {
    await repo.lockVendor(tx, viewer.userId);
    const [live] = await repo.listLiveBids(tx, [offerId]);
    if (!live) return null;
    await repo.lockMarket(tx, marketOf(live));
    const status = await endLiveBid(tx, live, "CANCELLED", now);
    forgetListingsAfterCommit(tx);
    return status;
  });
  // A bid whose period had ended was completed, not withdrawn: there was nothing left to cancel.
  if (ended !== "CANCELLED") throw noLiveBid();
}

/**
 * Completes one funded bid whose period has ended: the hold becomes the platform's revenue.
 * Safe to run many times and on several workers at once: only the conditional UPDATE that wins
 * collects. Returns whether this call completed it.
 */
async function completeBid(db: Db, row: repo.BidRow, now = new Date()): Promise<boolean> {
  return withLedgerTx(db, async (tx) => {
    if (!(await repo.transitionBid(tx, row.id, ["FUNDED"], "COMPLETED", { endedBy: now }))) return false;
    await collectBid(tx, holdOf(row));
    forgetListingsAfterCommit(tx);
    return true;
  });
}

/** The completion job's work: every funded bid whose period has ended, in batches. */
export async function completeDueBids(db: Db, now = new Date()): Promise<{ completed: number; checked: number }> {
  const batch = 200;
  let completed = 0;
  let checked = 0;
  for (let round = 0; round < 50; round += 1) {
    const due = await repo.listDueFundedBids(db, now, batch);
    checked += due.length;
    for (const row of due) if (await completeBid(db, row, now)) completed += 1;
    if (due.length < batch) break;
  }
  return { completed, checked };
}

// ---- reads ---------------------------------------------------------------------------------

/** The positions funded bids hold now in a market, by offer id (1 is the top). */
async function positionsNow(
  db: Db,
  bidMarket: repo.BidMarket,
  catalog: Catalog,
  market: Market,
  now: Date,
): Promise<{ ranked: (PeriodBid & { row: repo.BidRow })[]; byOffer: Map<string, number> }> {
  const funded = await repo.listMarketFundedBids(db, bidMarket, now);
  const ranked = rankBids(funded.map((row) => periodBid(row, catalog, market)));
  return { ranked, byOffer: new Map(ranked.map((item, index) => [String(item.row.offer_id), index + 1])) };
}

/** Bids as the API shows them, with the position each funded, present one holds now. */
async function shapeBids(
  db: Db,
  idHashedOf: string | ((offerId: bigint) => string),
  rows: repo.BidRow[],
  catalog: Catalog,
  market: Market,
): Promise<Bid[]> {
  const now = new Date();
  const markets = new Map<string, repo.BidMarket>();
  for (const row of rows) {
    const isHolding = row.status === "FUNDED" && row.starts_at <= now && row.ends_at > now;
    if (isHolding) markets.set(`${row.crypto_currency_id}:${row.type}:${row.fiat_currency_id}`, marketOf(row));
  }
  const positions = new Map<string, number>();
  for (const bidMarket of markets.values()) {
    const { byOffer } = await positionsNow(db, bidMarket, catalog, market, now);
    for (const [offerId, position] of byOffer) positions.set(offerId, position);
  }
  return rows.map((row) =>
    toBid(row, {
      idHashed: typeof idHashedOf === "string" ? idHashedOf : idHashedOf(row.offer_id),
      decimals: catalog.cryptoByCode.get(row.bid_currency_code)?.decimals ?? 8,
      now,
      position: row.status === "FUNDED" ? (positions.get(String(row.offer_id)) ?? null) : null,
    }),
  );
}

async function shapeBid(db: Db, hash: string, row: repo.BidRow, catalog: Catalog, market: Market): Promise<Bid> {
  const [bid] = await shapeBids(db, hash, [row], catalog, market);
  if (!bid) throw new Error(`bid ${row.id} could not be shaped`);
  return bid;
}

/** The live bid of each offer (the my-offers list), by offer id. */
export async function describeLiveBids(
  db: Db,
  offers: { offerId: bigint; idHashed: string }[],
): Promise<Map<string, Bid>> {
  const rows = await repo.listLiveBids(
    db,
    offers.map((offer) => offer.offerId),
  );
  if (rows.length === 0) return new Map();
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const hashes = new Map(offers.map((offer) => [String(offer.offerId), offer.idHashed]));
  const bids = await shapeBids(db, (offerId) => hashes.get(String(offerId)) ?? "", rows, catalog, market);
  const byOffer = new Map<string, Bid>();
  for (const [index, row] of rows.entries()) {
    const bid = bids[index];
    if (bid) byOffer.set(String(row.offer_id), bid);
  }
  return byOffer;
}

/** GET /rest/v1/my-offers/{id}/pinned-info: who holds the market's pinned positions now. */
export async function getPinnedInfo(db: Db, viewer: Viewer, hash: string) {
  const { offer, offerId } = await getOwnOffer(db, viewer, hash);
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const { ranked } = await positionsNow(
    db,
    { cryptoId: offer.cryptoCurrencyId, type: offer.type, fiatId: offer.fiatCurrency.id },
    catalog,
    market,
    new Date(),
  );
  const positions = ranked.map((item, index) => ({
    position: index + 1,
    amount: formatAmount(item.row.amount_minor, catalog.cryptoByCode.get(item.row.bid_currency_code)?.decimals ?? 8),
    cryptoCurrencyCode: item.row.bid_currency_code,
    usdValue: item.usdValue,
    isMine: item.row.offer_id === offerId,
  }));
  return {
    offerId: hash,
    slots: MY_OFFERS_CONSTANTS.pinnedSlots,
    position: positions.find((item) => item.isMine)?.position ?? null,
    positions,
    market: { cryptoCurrencyCode: offer.altCoin.code, fiatCurrencyCode: offer.fiatCurrency.code, type: offer.type },
  };
}

/** GET /rest/v1/my-offers/{id}/bid-info: the offer's bid, its history and the choices of the bid modal. */
export async function getBidInfo(db: Db, viewer: Viewer, hash: string, features: Features) {
  const { offerId } = await getOwnOffer(db, viewer, hash);
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const history = await shapeBids(db, hash, await repo.listBidHistory(db, offerId, 20), catalog, market);
  return {
    bid: history.find((bid) => bid.current) ?? null,
    history,
    // Suggested amounts are in USD (the modal converts them to the chosen currency).
    periods: MY_OFFERS_CONSTANTS.bidPeriods.map((period) => ({
      id: period.id,
      days: period.days,
      amount: period.suggestedUsd,
    })),
    currencies: [...MY_OFFERS_CONSTANTS.bidCurrencies],
    isFundingAvailable: features.offerBid,
  };
}
