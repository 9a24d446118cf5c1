import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import {
  type ServerCopy,
  startServerCopy as startCopy,
  stopServerCopy as stopCopy,
} from "../../../test/server-copies.ts";
import { HttpSession, SocketProbe } from "../../realtime/realtime.int-helpers.ts";

/**
 * Two server processes on one database, as `--role api` copies behind a load balancer: the buyer
 * marks the trade paid over HTTP on copy A, and the seller's WebSocket on copy B hears
 * `trade.updated` on the trade's channel and on their own user channel.
 */

let t: TestApp;
let serverA: ServerCopy | undefined;
let serverB: ServerCopy | undefined;
const probes: SocketProbe[] = [];

beforeAll(async () => {
  t = await createTradesTestApp();
  // One after the other: two copies creating their job queues at the same instant can deadlock
  // in the job runtime's start-up (reported; not what this test is about).
  serverA = await startCopy(t.databaseUrl);
  serverB = await startCopy(t.databaseUrl);
});
afterAll(async () => {
  await Promise.all(probes.map((probe) => probe.close()));
  await Promise.all([stopCopy(serverA), stopCopy(serverB)]);
  await t.close();
});

async function logIn(copy: ServerCopy, user: TestUser): Promise<HttpSession> {
  const session = new HttpSession(copy.baseUrl);
  const answer = await session.request("POST", "/rest/v1/auth/login", {
    login: user.username,
    password: user.client.user?.password,
  });
  expect(answer.status).toBe(200);
  return session;
}

describe("a trade across two server copies", () => {
  it("delivers the buyer's mark-as-paid on copy A to the seller's socket on copy B", async () => {
    const copyA = serverA as ServerCopy;
    const copyB = serverB as ServerCopy;
    const [seller, buyer] = await Promise.all([createTrader(t), createTrader(t)]);
    await fund(t.db, seller.id, "USDT", "500");
    const offerId = await createOffer(seller);

    const buyerOnA = await logIn(copyA, buyer);
    const sellerOnB = await logIn(copyB, seller);
    const started = await buyerOnA.request<{ data: { id: string } }>("POST", "/rest/v1/trade", {
      offerId,
      fiatAmount: "100",
    });
    expect(started.status).toBe(200);
    const tradeId = started.body.data.id;

    const tradeChannel = `trade.${tradeId}`;
    const userChannel = `user.${seller.id}`;
    const probe = await SocketProbe.open(copyB.socketUrl);
    probes.push(probe);
    expect((await probe.subscribe(tradeChannel, await sellerOnB.channelKey(tradeChannel))).type).toBe("subscribed");
    expect((await probe.subscribe(userChannel, await sellerOnB.channelKey(userChannel))).type).toBe("subscribed");
    // A stranger on copy B is refused the trade's channel key.
    const strangerOnB = await logIn(copyB, await createTrader(t));
    const refused = await strangerOnB.request("POST", "/account/re-auth-push-subscription", {
      channels: [tradeChannel],
    });
    expect(refused.status).toBe(403);

    const paid = await buyerOnA.request<{ data: { status: string } }>("POST", `/rest/v1/trade/${tradeId}/paid`, {});
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe("paid");

    const onTrade = await probe.waitForEvent(tradeChannel, "trade.updated", "status", "paid");
    expect(onTrade.payload).toEqual({ tradeId, status: "paid" });
    const onUser = await probe.waitForEvent(userChannel, "trade.updated", "status", "paid");
    expect(onUser.payload.tradeId).toBe(tradeId);

    // The seller releases through copy B; the buyer's socket on copy A hears it.
    const buyerProbe = await SocketProbe.open(copyA.socketUrl);
    probes.push(buyerProbe);
    await buyerProbe.subscribe(tradeChannel, await buyerOnA.channelKey(tradeChannel));
    const released = await sellerOnB.request("POST", `/rest/v1/trade/${tradeId}/release`, {});
    expect(released.status).toBe(200);
    await buyerProbe.waitForEvent(tradeChannel, "trade.updated", "status", "released");
  });
});
