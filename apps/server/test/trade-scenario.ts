import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { TestApp } from "./harness.ts";
import { createOffer, createTrader, fund, type TestUser } from "./races/trade-fixtures.ts";

/**
 * Trades for the chat, feedback and exports tests, made over the real trade API (the trades
 * module's tables are only touched to move a trade's clock, as its own tests do).
 */
export interface TradeCast {
  seller: TestUser;
  buyer: TestUser;
  stranger: TestUser;
  moderator: TestUser;
  offerId: string;
}

export async function castForTrades(t: TestApp): Promise<TradeCast> {
  const [seller, buyer, stranger, moderator] = await Promise.all([
    createTrader(t, { roles: ["user", "vendor"] }),
    createTrader(t),
    createTrader(t),
    createTrader(t, { roles: ["moderator"] }),
  ]);
  await fund(t.db, seller.id, "USDT", "1000000");
  const offerId = await createOffer(seller);
  return { seller, buyer, stranger, moderator, offerId };
}

export async function openTrade(cast: TradeCast, fiatAmount = "100", buyer: TestUser = cast.buyer): Promise<string> {
  const response = await buyer.client.post(
    "/rest/v1/trade",
    { offerId: cast.offerId, fiatAmount },
    { headers: { "idempotency-key": randomUUID() } },
  );
  if (response.status !== 200) throw new Error(`trade start failed: ${response.status} ${response.text}`);
  return response.body.data.id as string;
}

export async function releaseTrade(cast: TradeCast, tradeId: string, buyer: TestUser = cast.buyer): Promise<void> {
  const paid = await buyer.client.post(`/rest/v1/trade/${tradeId}/paid`);
  if (paid.status !== 200) throw new Error(`mark paid failed: ${paid.status} ${paid.text}`);
  const released = await cast.seller.client.post(
    `/rest/v1/trade/${tradeId}/release`,
    {},
    { headers: { "idempotency-key": randomUUID() } },
  );
  if (released.status !== 200) throw new Error(`release failed: ${released.status} ${released.text}`);
}

export async function cancelTrade(cast: TradeCast, tradeId: string, buyer: TestUser = cast.buyer): Promise<void> {
  const cancelled = await buyer.client.post(`/rest/v1/trade/${tradeId}/cancel`);
  if (cancelled.status !== 200) throw new Error(`cancel failed: ${cancelled.status} ${cancelled.text}`);
}

/** Moves a finished trade's end back in time (the chat's grace period is measured from it). */
export async function ageFinishedTrade(t: TestApp, tradeId: string, hours: number): Promise<void> {
  await sql`UPDATE trades SET completed_at = completed_at - make_interval(hours => ${hours}),
      cancelled_at = cancelled_at - make_interval(hours => ${hours})
    WHERE id_hashed = ${tradeId}`.execute(t.ownerDb);
}
