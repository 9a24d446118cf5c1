import type { Tx } from "../../db/pool.ts";
import {
  accounts,
  BID_REFERENCE_TYPE,
  type BidId,
  feeShardFor,
  referenceIdOf,
  type TransferLeg,
} from "./ledger.domain.ts";
import { LedgerUsageError } from "./ledger.errors.ts";
import { type EscrowOf, moveEscrow, type TransferResult } from "./ledger.service.ts";

/**
 * Holds for bids on pinned positions (my-offers). A bid holds its amount in its own escrow account
 * for its period; the hold ends exactly once, either back to the vendor (outbid, cancelled) or to
 * the platform (the period ended). Release and collection share one idempotency key, so the
 * database itself allows only one of them per bid, as for a trade's post and void.
 */

export interface BidHoldInput {
  bidId: BidId;
  vendorId: number;
  currencyCode: string;
  amountMinor: bigint;
}

const holdKey = (bidId: string) => `${BID_REFERENCE_TYPE}:${bidId}:hold`;
const settleKey = (bidId: string) => `${BID_REFERENCE_TYPE}:${bidId}:settle`;

function assertBidAmount(amountMinor: bigint): void {
  if (amountMinor <= 0n) throw new LedgerUsageError("a bid amount must be positive");
}

/** A bid's escrow account (the vendor's, when it is opened by the hold) and the reference its transfers carry. */
function bidEscrowOf(bidId: string, currencyCode: string, vendorId?: number): EscrowOf {
  return {
    reference: { type: BID_REFERENCE_TYPE, id: bidId },
    currencyCode,
    account: accounts.bidEscrow(bidId, vendorId),
  };
}

/**
 * The vendor's available balance -> the bid's escrow. Refused with ERROR_INSUFFICIENT_BALANCE when
 * the balance is short; a bid holds once (its escrow must be fresh).
 */
export async function holdBid(tx: Tx, input: BidHoldInput): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const escrow = bidEscrowOf(bidId, input.currencyCode, input.vendorId);
  const legs = [{ from: accounts.available(input.vendorId), to: escrow.account, amountMinor: input.amountMinor }];
  return moveEscrow(tx, escrow, "escrow_hold", holdKey(bidId), legs);
}

/** Outbid or cancelled: the whole hold goes back to the vendor's available balance; the escrow closes. */
export async function releaseBid(tx: Tx, input: BidHoldInput): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const escrow = bidEscrowOf(bidId, input.currencyCode);
  const legs = [{ from: escrow.account, to: accounts.available(input.vendorId), amountMinor: input.amountMinor }];
  return moveEscrow(tx, escrow, "escrow_void", settleKey(bidId), legs);
}

/** The period ended: the whole hold is the platform's revenue (a fee shard); the escrow closes. */
export async function collectBid(tx: Tx, input: Omit<BidHoldInput, "vendorId">): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const escrow = bidEscrowOf(bidId, input.currencyCode);
  const revenue = accounts.fees(feeShardFor(`${BID_REFERENCE_TYPE}:${bidId}`));
  const legs: TransferLeg[] = [{ from: escrow.account, to: revenue, amountMinor: input.amountMinor, code: "fee" }];
  return moveEscrow(tx, escrow, "escrow_post", settleKey(bidId), legs);
}
