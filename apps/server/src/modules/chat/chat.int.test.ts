import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CHAT_ATTACHMENTS_PER_TRADE, chatListResponseSchema, chatPostResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilePart, multipartBody, type TestApp, type TestClient } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { brokenPdf, jpegWithExif, pdfWithPages, pngImage } from "../../../test/sample-files.ts";
import {
  ageFinishedTrade,
  cancelTrade,
  castForTrades,
  openTrade,
  releaseTrade,
  type TradeCast,
} from "../../../test/trade-scenario.ts";

let t: TestApp;
let cast: TradeCast;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-chat-"));
  t = await createTradesTestApp({ dataDir });
  cast = await castForTrades(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(client: TestClient, tradeId: string, files: FilePart[], message?: string) {
  const { body, contentType } = await multipartBody(files, message === undefined ? {} : { message });
  return client.request("POST", `/rest/v1/trade/${tradeId}/chat/attachments`, body, {
    headers: { "content-type": contentType },
  });
}

const png = async (name = "shot.png"): Promise<FilePart> => ({ bytes: await pngImage(), name, type: "image/png" });

async function realtimeEvents(channel: string) {
  const result = await sql<{ name: string; payload: Record<string, unknown> }>`
    SELECT name, payload FROM realtime_events WHERE channel = ${channel} ORDER BY id`.execute(t.ownerDb);
  return result.rows;
}

describe("trade chat messages", () => {
  it("lets both parties write and read, in order, with the trade's events as system messages", async () => {
    const tradeId = await openTrade(cast);
    const first = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "  Hello, paying now " });
    expect(first.status).toBe(200);
    const posted = chatPostResponseSchema.parse(first.body).data;
    expect(posted).toMatchObject({ kind: "user", text: "Hello, paying now", isMine: true, attachments: [] });
    expect(posted.author).toEqual({ username: cast.buyer.username, role: "buyer" });
    await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/paid`);
    await cast.seller.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "Got it, checking." });

    const list = await cast.seller.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(list.status).toBe(200);
    const { data, meta } = chatListResponseSchema.parse(list.body);
    const kinds = data.map((item) => (item.kind === "system" ? `system:${item.event}` : `${item.kind}:${item.text}`));
    expect(kinds).toEqual(["system:active_funded", "user:Hello, paying now", "system:paid", "user:Got it, checking."]);
    const paid = data.find((item) => item.kind === "system" && item.event === "paid");
    expect(paid).toMatchObject({ status: "paid", actorRole: "buyer" });
    expect(data[1]).toMatchObject({ isMine: false });
    expect(meta).toMatchObject({ canPost: true, blockReason: null, hasMoreBefore: false, hasMoreAfter: false });
    expect(meta.lastMessageId).toBe((data[3] as { messageId: number }).messageId);
    expect(meta.lastEventSeq).toBeGreaterThanOrEqual(2);
  });

  it("announces every message on the trade's channel as a chat.message hint", async () => {
    const tradeId = await openTrade(cast);
    const posted = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "ping" });
    const events = await realtimeEvents(`trade.${tradeId}`);
    expect(events.filter((event) => event.name === "chat.message")).toEqual([
      { name: "chat.message", payload: { tradeId, messageId: posted.body.data.messageId } },
    ]);
  });

  it("answers only what is new after the cursors, and pages back in time with before", async () => {
    const tradeId = await openTrade(cast);
    const ids: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      ids.push(
        (await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: `m${index}` })).body.data.messageId,
      );
    }
    const newest = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat?limit=2`);
    expect(newest.body.data.map((item: { text?: string }) => item.text)).toEqual(["m4", "m5"]);
    expect(newest.body.meta.hasMoreBefore).toBe(true);

    const older = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat?limit=2&before=${ids[3]}`);
    expect(older.body.data.map((item: { text?: string }) => item.text)).toEqual(["m2", "m3"]);
    const oldest = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat?limit=2&before=${ids[1]}`);
    // The first page back in time reaches the start: the trade's opening event comes with it.
    expect(oldest.body.data.map((item: { text?: string; event?: string }) => item.text ?? item.event)).toEqual([
      "active_funded",
      "m1",
    ]);
    expect(oldest.body.meta.hasMoreBefore).toBe(false);

    const { lastMessageId, lastEventSeq } = newest.body.meta;
    await cast.seller.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "m6" });
    await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/paid`);
    const since = await cast.buyer.client.get(
      `/rest/v1/trade/${tradeId}/chat?since=${lastMessageId}&sinceEvent=${lastEventSeq}`,
    );
    expect(since.body.data.map((item: { text?: string; event?: string }) => item.text ?? item.event)).toEqual([
      "m6",
      "paid",
    ]);
  });

  it("lets staff read any trade's chat and write in it as moderators", async () => {
    const tradeId = await openTrade(cast);
    const answer = await cast.moderator.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "Moderator here." });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: "moderator", author: { role: "moderator" } });
    const seen = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(seen.body.data.at(-1)).toMatchObject({ kind: "moderator", text: "Moderator here.", isMine: false });
  });

  it("answers 404 to a stranger, 401 without a session and 404 for an unknown trade", async () => {
    const tradeId = await openTrade(cast);
    expect((await cast.stranger.client.get(`/rest/v1/trade/${tradeId}/chat`)).status).toBe(404);
    const write = await cast.stranger.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "hi" });
    expect(write.status).toBe(404);
    expect((await upload(cast.stranger.client, tradeId, [await png()])).status).toBe(404);
    expect((await t.client().get(`/rest/v1/trade/${tradeId}/chat`)).status).toBe(401);
    expect((await t.client().post(`/rest/v1/trade/${tradeId}/chat`, { message: "hi" })).status).toBe(401);
    expect((await cast.buyer.client.get("/rest/v1/trade/AAAAAAAAAAA/chat")).status).toBe(404);
    expect((await cast.buyer.client.get("/rest/v1/trade/not-a-trade/chat")).status).toBe(404);
  });

  it("refuses empty, too long or malformed messages and bad cursors with 422", async () => {
    const tradeId = await openTrade(cast);
    for (const body of [{}, { message: "" }, { message: "   " }, { message: "x".repeat(2001) }, { message: 5 }]) {
      const answer = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    }
    expect((await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "x".repeat(2000) })).status).toBe(
      200,
    );
    for (const query of ["limit=0", "limit=201", "since=-1", "before=abc"]) {
      expect((await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat?${query}`)).status, query).toBe(422);
    }
  });
});

describe("chat block reasons", () => {
  it("refuses both parties with ChatBlocked when one blocks the other, and lets staff write", async () => {
    const [seller, buyer] = [cast.seller, await createTrader(t)];
    const tradeId = await openTrade(cast, "100", buyer);
    await buyer.client.post(`/rest/v1/users/${seller.username}/relations`, { action: "block" });
    for (const party of [buyer, seller]) {
      const answer = await party.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "hello?" });
      expect(answer.status).toBe(403);
      expect(answer.body.errors).toMatchObject({
        code: "ERROR_CHAT_NOT_AVAILABLE",
        details: { reason: "ChatBlocked" },
      });
    }
    const list = await seller.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ canPost: false, blockReason: "ChatBlocked" });
    expect((await cast.moderator.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "hi" })).status).toBe(200);
    await buyer.client.post(`/rest/v1/users/${seller.username}/relations`, { action: "unblock" });
    expect((await buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "sorry" })).status).toBe(200);
  });

  it("keeps a cancelled trade's chat open for the grace period, then answers ChatBlockedAfterTradeIsCanceled", async () => {
    const tradeId = await openTrade(cast);
    await cancelTrade(cast, tradeId);
    expect((await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "oops" })).status).toBe(200);
    await ageFinishedTrade(t, tradeId, 25);
    const answer = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "still there?" });
    expect(answer.status).toBe(409);
    expect(answer.body.errors.details).toEqual({ reason: "ChatBlockedAfterTradeIsCanceled" });
    expect((await upload(cast.buyer.client, tradeId, [await png()])).body.errors.details).toEqual({
      reason: "ChatBlockedAfterTradeIsCanceled",
    });
    const list = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(list.body.meta).toMatchObject({ canPost: false, blockReason: "ChatBlockedAfterTradeIsCanceled" });
  });

  it("closes a completed trade's chat after the grace period with ChatNotAvailableAfterTradeCompleted", async () => {
    const tradeId = await openTrade(cast);
    await releaseTrade(cast, tradeId);
    expect((await cast.seller.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "thanks" })).status).toBe(200);
    await ageFinishedTrade(t, tradeId, 25);
    const answer = await cast.seller.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "hello" });
    expect(answer.status).toBe(409);
    expect(answer.body.errors.details).toEqual({ reason: "ChatNotAvailableAfterTradeCompleted" });
    // Moderators still answer.
    expect((await cast.moderator.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "closing" })).status).toBe(
      200,
    );
  });
});

describe("chat attachments", () => {
  it("accepts a PNG with a message, stores it outside the web root under a random name and serves it to the parties", async () => {
    const tradeId = await openTrade(cast);
    const answer = await upload(cast.buyer.client, tradeId, [await png("../../receipt.png")], "my receipt");
    expect(answer.status, answer.text).toBe(200);
    const message = chatPostResponseSchema.parse(answer.body).data;
    expect(message.text).toBe("my receipt");
    const [attachment] = message.attachments;
    expect(attachment).toMatchObject({ kind: "image", contentType: "image/png", fileName: "receipt.png", width: 64 });
    const stored = await readdir(path.join(dataDir, "files", "chat"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f-]{36}$/);

    for (const viewer of [cast.buyer, cast.seller, cast.moderator]) {
      const download = await viewer.client.get(attachment!.url);
      expect(download.status).toBe(200);
      expect(download.headers["content-type"]).toBe("image/png");
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(download.headers["content-disposition"])).toMatch(/^inline; filename="receipt.png"$/);
    }
    expect((await cast.stranger.client.get(attachment!.url)).status).toBe(404);
    expect((await t.client().get(attachment!.url)).status).toBe(401);
    expect((await cast.buyer.client.get("/rest/v1/chat/attachments/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    expect((await cast.buyer.client.get("/rest/v1/chat/attachments/not-a-uuid")).status).toBe(422);
  });

  it("hands back a JPEG without its EXIF", async () => {
    const tradeId = await openTrade(cast);
    const original = await jpegWithExif();
    const answer = await upload(cast.buyer.client, tradeId, [
      { bytes: original, name: "photo.jpg", type: "image/jpeg" },
    ]);
    expect(answer.status, answer.text).toBe(200);
    const response = await t.app.inject({
      method: "GET",
      url: answer.body.data.attachments[0].url,
      headers: { cookie: (await cookieOf(cast.seller.client)) ?? "" },
    });
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("SecretCam"))).toBe(false);
  });

  it("serves a PDF as a download with the page count it found", async () => {
    const tradeId = await openTrade(cast);
    const answer = await upload(cast.buyer.client, tradeId, [
      { bytes: await pdfWithPages(3), name: "invoice.pdf", type: "application/pdf" },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.attachments[0]).toMatchObject({
      kind: "pdf",
      pageCount: 3,
      contentType: "application/pdf",
    });
    const download = await cast.seller.client.get(answer.body.data.attachments[0].url);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(String(download.headers["content-disposition"])).toBe('attachment; filename="invoice.pdf"');
  });

  it("refuses files by their content with the spec's reasons", async () => {
    const tradeId = await openTrade(cast);
    const cases: [FilePart, string][] = [
      [
        { bytes: Buffer.from("I am text, not a picture"), name: "cat.png", type: "image/png" },
        "attachment_image_broken",
      ],
      [{ bytes: brokenPdf(), name: "broken.pdf", type: "application/pdf" }, "attachment_pdf_broken"],
      [{ bytes: await pdfWithPages(0), name: "empty.pdf", type: "application/pdf" }, "attachment_pdf_empty"],
      [{ bytes: await pdfWithPages(21), name: "long.pdf", type: "application/pdf" }, "attachment_pdf_page_limit"],
      [{ bytes: Buffer.from("#!/bin/sh\necho hi"), name: "run.sh", type: "text/x-sh" }, "attachment_type_not_allowed"],
    ];
    for (const [file, reason] of cases) {
      const answer = await upload(cast.buyer.client, tradeId, [file]);
      expect(answer.status, file.name).toBe(422);
      expect(answer.body.errors).toMatchObject({ code: "ERROR_INPUT_VALIDATION", details: { files: [reason] } });
    }
    // Nothing was kept of the refused files.
    const list = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(list.body.data.filter((item: { kind: string }) => item.kind !== "system")).toEqual([]);
  });

  it("refuses a file over the size limit with attachment_limit_size", async () => {
    const tradeId = await openTrade(cast);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const answer = await upload(cast.buyer.client, tradeId, [{ bytes: big, name: "big.png", type: "image/png" }]);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.details).toEqual({ files: ["attachment_limit_size"] });
  });

  it("refuses more files than a message may carry, and more than a trade may hold, with attachment_limit_count", async () => {
    const tradeId = await openTrade(cast);
    const six = await Promise.all(Array.from({ length: 6 }, (_, index) => png(`p${index}.png`)));
    const tooMany = await upload(cast.buyer.client, tradeId, six);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.details).toEqual({ files: ["attachment_limit_count"] });

    const five = six.slice(0, 5);
    for (let sent = 0; sent + 5 <= CHAT_ATTACHMENTS_PER_TRADE; sent += 5) {
      expect((await upload(cast.buyer.client, tradeId, five)).status).toBe(200);
    }
    const list = await cast.buyer.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(list.body.meta.attachmentsLeft).toBe(0);
    const overTrade = await upload(cast.seller.client, tradeId, [await png()]);
    expect(overTrade.status).toBe(422);
    expect(overTrade.body.errors.details).toEqual({ files: ["attachment_limit_count"] });
  });

  it("refuses a message text over the limit in an upload with 422", async () => {
    const tradeId = await openTrade(cast);
    const answer = await upload(cast.buyer.client, tradeId, [await png()], "x".repeat(2001));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.details).toEqual({ message: ["chat_message_too_long"] });
    const huge = await upload(cast.buyer.client, tradeId, [await png()], "y".repeat(20_000));
    expect(huge.status).toBe(422);
  });

  it("refuses an upload without files, or that is not multipart, with 422", async () => {
    const tradeId = await openTrade(cast);
    const noFiles = await upload(cast.buyer.client, tradeId, [], "just text");
    expect(noFiles.status).toBe(422);
    expect(noFiles.body.errors.details).toEqual({ files: ["attachment_required"] });
    const json = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat/attachments`, { message: "hi" });
    expect(json.status).toBe(422);
    const garbage = await cast.buyer.client.request(
      "POST",
      `/rest/v1/trade/${tradeId}/chat/attachments`,
      "--x\r\nbroken",
      {
        headers: { "content-type": "multipart/form-data; boundary=x" },
      },
    );
    expect(garbage.status).toBe(422);
  });
});

describe("moderator available", () => {
  const reason = { disputeReasonId: 1, disputeReasonText: "I paid and nothing was released." };

  it("tells the parties once per dispute, before the moderator's first message; not outside a dispute", async () => {
    const calm = await openTrade(cast);
    expect((await cast.moderator.client.post(`/rest/v1/trade/${calm}/chat`, { message: "Just looking." })).status).toBe(
      200,
    );
    const calmChat = chatListResponseSchema.parse((await cast.buyer.client.get(`/rest/v1/trade/${calm}/chat`)).body);
    expect(calmChat.data.filter((item) => item.kind === "system" && item.event === "moderator_available")).toEqual([]);

    const tradeId = await openTrade(cast);
    expect((await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/paid`)).status).toBe(200);
    const opened = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/dispute`, reason);
    expect(opened.status, opened.text).toBe(200);
    for (const message of ["I am looking at this dispute.", "Please send the receipt."]) {
      expect((await cast.moderator.client.post(`/rest/v1/trade/${tradeId}/chat`, { message })).status).toBe(200);
    }
    const chat = chatListResponseSchema.parse((await cast.seller.client.get(`/rest/v1/trade/${tradeId}/chat`)).body);
    const lines = chat.data.map((item) => (item.kind === "system" ? item.event : item.text));
    expect(lines.filter((line) => line === "moderator_available")).toHaveLength(1);
    expect(lines.slice(-3)).toEqual([
      "moderator_available",
      "I am looking at this dispute.",
      "Please send the receipt.",
    ]);
    const event = chat.data.find((item) => item.kind === "system" && item.event === "moderator_available");
    expect(event).toMatchObject({ actorRole: "moderator", status: null });
  });
});

describe("messenger", () => {
  it("follows the recipient's accept_chat_messages setting and blocks", async () => {
    const [alice, bob] = await Promise.all([createTrader(t), createTrader(t)]);
    const write = (from: typeof alice, to: typeof alice, message = "hi") =>
      from.client.post(`/rest/v1/messenger/${to.username}`, { message });

    expect((await write(alice, bob)).status).toBe(200);
    await bob.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "NO" });
    const refused = await write(alice, bob);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatchObject({
      code: "ERROR_MESSENGER_NOT_ACCEPTED",
      details: { acceptChatMessages: "NO" },
    });

    await bob.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "TRUSTED_ONLY" });
    expect((await write(alice, bob)).status).toBe(403);
    await bob.client.post(`/rest/v1/users/${alice.username}/relations`, { action: "trust" });
    expect((await write(alice, bob)).status).toBe(200);

    await bob.client.post(`/rest/v1/users/${alice.username}/relations`, { action: "block" });
    const blocked = await write(alice, bob);
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors.details).toEqual({ reason: "ChatBlocked" });
    // A block works both ways: the one who blocks cannot write either.
    expect((await write(bob, alice)).status).toBe(403);
    // Staff may always write (support), unless blocked.
    expect((await write(cast.moderator, bob)).status).toBe(200);

    const conversation = await alice.client.get(`/rest/v1/messenger/${bob.username}`);
    expect(conversation.status).toBe(200);
    expect(conversation.body.data.map((message: { text: string; isMine: boolean }) => message.isMine)).toEqual([
      true,
      true,
    ]);
    expect(conversation.body.meta).toMatchObject({ canPost: false });
  });

  it("lets trade partners write when the setting is TRUSTED_AND_TRADE_PARTNERS", async () => {
    const partner = await createTrader(t);
    const other = await createTrader(t);
    await openTrade(cast, "50", partner);
    await cast.seller.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "TRUSTED_AND_TRADE_PARTNERS" });
    expect((await partner.client.post(`/rest/v1/messenger/${cast.seller.username}`, { message: "hi" })).status).toBe(
      200,
    );
    expect((await other.client.post(`/rest/v1/messenger/${cast.seller.username}`, { message: "hi" })).status).toBe(403);
    await cast.seller.client.put("/proxy/messenger/v3/profile", { accept_chat_messages: "YES" });
  });

  it("answers 404 for unknown users, 422 for writing to yourself or an empty text, 401 without a session", async () => {
    const alice = await createTrader(t);
    expect((await alice.client.post("/rest/v1/messenger/nobody_here_x", { message: "hi" })).status).toBe(404);
    expect((await alice.client.get("/rest/v1/messenger/nobody_here_x")).status).toBe(404);
    expect((await alice.client.post(`/rest/v1/messenger/${alice.username}`, { message: "hi" })).status).toBe(422);
    expect((await alice.client.post(`/rest/v1/messenger/${cast.buyer.username}`, { message: "" })).status).toBe(422);
    expect((await t.client().post(`/rest/v1/messenger/${alice.username}`, { message: "hi" })).status).toBe(401);
  });
});

describe("API document", () => {
  it("lists the routes of contacts, chat, messenger, feedback and exports", async () => {
    const doc = (await t.client().get("/rest/openapi.json")).body;
    for (const route of [
      "/rest/v1/users/{username}/relations",
      "/rest/v1/users/me/contacts/trusted-list",
      "/proxy/messenger/v3/profile",
      "/rest/v1/trade/{id}/chat",
      "/rest/v1/trade/{id}/chat/attachments",
      "/rest/v1/chat/attachments/{id}",
      "/rest/v1/messenger/{username}",
      "/rest/v1/feedback/{id}",
      "/rest/v1/feedback/{id}/give",
      "/rest/v1/trade-history/exports/{id}/download",
    ]) {
      expect(doc.paths, route).toHaveProperty([route]);
    }
  });
});

/** The session cookie of a logged-in test client, to fetch raw bytes with app.inject. */
async function cookieOf(client: TestClient): Promise<string | null> {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  return cookies.size > 0 ? [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") : null;
}
