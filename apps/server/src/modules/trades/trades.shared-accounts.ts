import { BANK_ACCOUNT_SHARED_EVENT, type TradeBankAccount } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import * as repo from "./trades.repo.ts";
import { bankAccountShareRefusal } from "./trades.view.ts";

/**
 * The seller shares another of their accounts in the trade's chat: a `bank_account_shared` trade
 * event carrying a copy of the account, written under the trade's lock once the trade is open and
 * its payment details revealed (as the trade's own accounts are). Answers the event's sequence.
 */
export async function recordBankAccountShared(
  tx: Tx,
  tradeId: number,
  sellerUserId: number,
  account: TradeBankAccount,
): Promise<number> {
  const row = await repo.lockTrade(tx, BigInt(tradeId));
  if (!row) throw errors.tradeNotFound();
  if (Number(row.seller_id) !== sellerUserId) throw errors.notAllowedForRole();
  const refusal = bankAccountShareRefusal(row);
  if (refusal === "wrong_state") throw errors.wrongState(row.status);
  if (refusal === "not_revealed") throw errors.paymentDetailsNotRevealed();
  const current = await repo.nextEventSeq(tx, row.id);
  await recordEvent(tx, current, {
    name: BANK_ACCOUNT_SHARED_EVENT,
    actorRole: "seller",
    actorUserId: sellerUserId,
    payload: { bankAccount: account },
  });
  return current.event_seq;
}
