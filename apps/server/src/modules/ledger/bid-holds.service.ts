import type { Tx } from "../../db/pool.ts";
import { accounts, BID_REFERENCE_TYPE, type BidId, feeShardFor, referenceIdOf } from "./ledger.domain.ts";
import { LedgerUsageError } from "./ledger.errors.ts";
import { resolveLedgerCurrency, settleOnce, type TransferResult, transfer } from "./ledger.service.ts";

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

/**
 * The vendor's available balance -> the bid's escrow. Refused with ERROR_INSUFFICIENT_BALANCE when
 * the balance is short; a bid holds once (its escrow must be fresh).
 */
export async function holdBid(tx: Tx, input: BidHoldInput): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const currency = await resolveLedgerCurrency(tx, input.currencyCode);
  const escrow = accounts.bidEscrow(bidId, input.vendorId);
  return transfer(tx, {
    idempotencyKey: holdKey(bidId),
    kind: "escrow_hold",
    currencyId: currency.id,
    reference: { type: BID_REFERENCE_TYPE, id: bidId },
    legs: [{ from: accounts.available(input.vendorId), to: escrow, amountMinor: input.amountMinor }],
    freshAccounts: [escrow],
  });
}

/** Outbid or cancelled: the whole hold goes back to the vendor's available balance; the escrow closes. */
export async function releaseBid(tx: Tx, input: BidHoldInput): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const currency = await resolveLedgerCurrency(tx, input.currencyCode);
  const escrow = accounts.bidEscrow(bidId);
  return settleOnce(tx, {
    idempotencyKey: settleKey(bidId),
    kind: "escrow_void",
    currencyId: currency.id,
    reference: { type: BID_REFERENCE_TYPE, id: bidId },
    legs: [{ from: escrow, to: accounts.available(input.vendorId), amountMinor: input.amountMinor }],
    settledAccounts: [escrow],
  });
}

/** The period ended: the whole hold is the platform's revenue (a fee shard); the escrow closes. */
export async function collectBid(tx: Tx, input: Omit<BidHoldInput, "vendorId">): Promise<TransferResult> {
  assertBidAmount(input.amountMinor);
  const bidId = referenceIdOf(input.bidId);
  const currency = await resolveLedgerCurrency(tx, input.currencyCode);
  const escrow = accounts.bidEscrow(bidId);
  return settleOnce(tx, {
    idempotencyKey: settleKey(bidId),
    kind: "escrow_post",
    currencyId: currency.id,
    reference: { type: BID_REFERENCE_TYPE, id: bidId },
    legs: [
      {
        from: escrow,
        to: accounts.fees(feeShardFor(`${BID_REFERENCE_TYPE}:${bidId}`)),
        amountMinor: input.amountMinor,
        code: "fee",
      },
    ],
    settledAccounts: [escrow],
  });
}
