import { PAGE_PATHS } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { Db, Tx } from "../../db/pool.ts";
import { announceAccountEvent } from "../../realtime/index.ts";
import { listCryptoCurrencies } from "../reference/index.ts";

/**
 * What the wallet tells its owner, in the transaction of the change (docs/decisions/112-one-event-catalogue.md):
 * a deposit seen (pending) and credited (confirmed), a withdrawal sent. The notifications and the
 * account webhooks read the announced fact after the commit.
 */
export interface WalletFact {
  event: "wallet.deposit_pending" | "wallet.deposit_confirmed" | "wallet.withdrawal_sent";
  /** The deposit's or withdrawal's id. */
  id: bigint;
  userId: number;
  currencyId: number;
  amountMinor: bigint;
  txid: string | null;
}

export async function announceWalletFact(tx: Db | Tx, fact: WalletFact): Promise<void> {
  const currency = (await listCryptoCurrencies(tx as Db)).find((item) => item.id === fact.currencyId);
  if (!currency) throw new Error(`currency ${fact.currencyId} is unknown`);
  await announceAccountEvent(tx, fact.userId, {
    event: fact.event,
    subjectId: String(fact.id),
    dedupeKey: `${fact.event}:${fact.id}`,
    link: PAGE_PATHS.wallet,
    cryptoAmount: formatAmount(fact.amountMinor, currency.decimals),
    cryptoCurrencyCode: currency.code,
    text: fact.txid,
  });
}
