import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { withTx } from "../../db/pool.ts";
import { disconnectedJobQueue } from "../../platform/index.ts";
import { formatSmsList } from "./sms.commands.ts";
import { deliverPendingSms, listSms, sendSms } from "./sms.outbox.ts";

/**
 * A local stand-in for the HTTP gateway (this machine reaches no real one), speaking the protocol
 * the adapter documents: a JSON POST with a bearer token; it answers with the status it is told to.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: unknown;
}
let gateway: Server;
let gatewayUrl: string;
let answerStatus = 200;
const received: Received[] = [];

let t: TestApp;
beforeAll(async () => {
  gateway = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(answerStatus, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: `gw-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

const queue = (to: string, text: string, channel: "sms" | "call" = "sms") =>
  withTx(t.db, (tx) => sendSms(tx, disconnectedJobQueue, { to, text, channel }));
const rowOf = async (id: string) => (await listSms(t.db, 500)).find((row) => String(row.id) === id);
const config = () => ({ SMS_GATEWAY_URL: gatewayUrl, SMS_GATEWAY_TOKEN: "gateway-token-1" });

describe("sms through the HTTP gateway", () => {
  it("posts each pending message once with the token, and marks it sent", async () => {
    answerStatus = 200;
    received.length = 0;
    const id = await queue("+33612345678", "Your code is 123456.", "call");
    expect(await deliverPendingSms(t.db, config())).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toEqual({ to: "+33612345678", text: "Your code is 123456.", channel: "call" });
    expect(received[0]!.headers.authorization).toBe("Bearer gateway-token-1");
    expect(received[0]!.headers["idempotency-key"]).toBe(`souk-sms-${id}`);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await deliverPendingSms(t.db, config())).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("keeps a refused message pending with its error, and fails it after five attempts", async () => {
    answerStatus = 503;
    const id = await queue("+33612345679", "Your code is 654321.");
    expect(await deliverPendingSms(t.db, config())).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "Error: gateway answered 503",
    });
    for (let i = 0; i < 4; i += 1) await deliverPendingSms(t.db, config());
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 5 });
    answerStatus = 200;
  });

  it("is not sent when the transaction that wrote it rolls back", async () => {
    const before = (await listSms(t.db, 1))[0]?.id;
    await expect(
      withTx(t.db, async (tx) => {
        await sendSms(tx, disconnectedJobQueue, { to: "+33612345670", text: "never" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await listSms(t.db, 1))[0]?.id).toBe(before);
  });

  it("lists the outbox for sms:list", async () => {
    const lines = formatSmsList(await listSms(t.db, 3));
    expect(lines.some((line) => line.includes("Your code is 654321.") && line.includes("failed"))).toBe(true);
    expect(formatSmsList([])).toEqual(["the sms outbox is empty"]);
  });
});
