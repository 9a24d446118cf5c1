import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { type ServerCopy, startServerCopy as startCopy, stopServerCopy as stopCopy } from "../../test/server-copies.ts";
import { withTx } from "../db/pool.ts";
import { channelFor, publishEvent } from "./index.ts";
import { HttpSession, SocketProbe } from "./realtime.int-helpers.ts";

/**
 * Two server processes on one database, as `--role api` copies behind a load balancer: whatever
 * any writer commits reaches the subscribers of both, through each copy's own LISTEN connection.
 */

let t: TestApp;
let serverA: ServerCopy | undefined;
let serverB: ServerCopy | undefined;
const probes: SocketProbe[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [serverA, serverB] = await Promise.all([startCopy(t.databaseUrl), startCopy(t.databaseUrl)]);
});
afterAll(async () => {
  await Promise.all(probes.map((probe) => probe.close()));
  await Promise.all([stopCopy(serverA), stopCopy(serverB)]);
  await t.close();
});

async function subscribeThrough(copy: ServerCopy, session: HttpSession, channel: string): Promise<SocketProbe> {
  const probe = await SocketProbe.open(copy.socketUrl);
  probes.push(probe);
  const answer = await probe.subscribe(channel, await session.channelKey(channel));
  expect(answer.type).toBe("subscribed");
  return probe;
}

describe("two server copies on one database", () => {
  it("delivers a committed event to subscribers of both copies", async () => {
    const copies = [serverA as ServerCopy, serverB as ServerCopy];
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const subscribers: SocketProbe[] = [];
    for (const copy of copies) {
      const session = new HttpSession(copy.baseUrl);
      const login = await session.request("POST", "/rest/v1/auth/login", {
        login: user.user!.username,
        password: user.user!.password,
      });
      expect(login.status).toBe(200);
      subscribers.push(await subscribeThrough(copy, session, channel));
      subscribers.push(await subscribeThrough(copy, new HttpSession(copy.baseUrl), "market"));
    }

    await withTx(t.db, async (tx) => {
      await publishEvent(tx, { channel, name: "notification.created", payload: { notificationId: 1 } });
      await publishEvent(tx, { channel: "market", name: "offer.created", payload: { offerId: "o1" } });
    });

    const [userOnA, marketOnA, userOnB, marketOnB] = subscribers as [
      SocketProbe,
      SocketProbe,
      SocketProbe,
      SocketProbe,
    ];
    const fromA = await userOnA.waitForEvent(channel, "notification.created", "notificationId", 1);
    const fromB = await userOnB.waitForEvent(channel, "notification.created", "notificationId", 1);
    expect(fromA.id).toBe(fromB.id);
    await marketOnA.waitForEvent("market", "offer.created", "offerId", "o1");
    await marketOnB.waitForEvent("market", "offer.created", "offerId", "o1");
  });

  it("accepts on one copy a key issued by the other, since every copy shares the signing secret", async () => {
    const keyFromA = await new HttpSession((serverA as ServerCopy).baseUrl).channelKey("market");
    const probe = await SocketProbe.open((serverB as ServerCopy).socketUrl);
    probes.push(probe);
    expect(await probe.subscribe("market", keyFromA)).toMatchObject({ type: "subscribed", channel: "market" });
  });
});
