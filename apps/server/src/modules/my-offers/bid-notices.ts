import { PAGE_PATHS } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Tx } from "../../db/pool.ts";
import { announceAccountEvent } from "../../realtime/index.ts";
import type { Catalog } from "../offers/index.ts";
import type { BidRow } from "./my-offers.repo.ts";

/**
 * The vendor whose bid for a pinned place was outbid hears of it (its hold is back in their
 * balance), in the transaction that outbid it (docs/decisions/112-one-event-catalogue.md).
 */
export async function announceOutbid(tx: Tx, bid: BidRow, catalog: Catalog): Promise<void> {
  const decimals = catalog.cryptoByCode.get(bid.bid_currency_code)?.decimals;
  await announceAccountEvent(tx, Number(bid.user_id), {
    event: "bid.outbid",
    subjectId: String(bid.id),
    dedupeKey: `bid.outbid:${bid.id}`,
    link: PAGE_PATHS.myOffers,
    cryptoAmount: decimals === undefined ? null : formatAmount(bid.amount_minor, decimals),
    cryptoCurrencyCode: bid.bid_currency_code,
  });
}
