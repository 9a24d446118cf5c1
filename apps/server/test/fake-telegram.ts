import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Telegram Bot API (this machine cannot reach Telegram): it speaks its
 * protocol for the two methods Souk calls, `getUpdates` (honouring `offset`) and `sendMessage`,
 * for one bot token. Tests queue the users' messages with `userSays`.
 */
export interface FakeTelegram {
  baseUrl: string;
  token: string;
  sent: { chatId: number; text: string }[];
  /** Chats that blocked the bot: sendMessage answers 403 as Telegram does. */
  blockedChats: Set<number>;
  userSays(chatId: number, text: string): void;
  close(): Promise<void>;
}

export async function startFakeTelegram(token = "123456:TEST-token"): Promise<FakeTelegram> {
  const updates: {
    update_id: number;
    message: { message_id: number; chat: { id: number; type: string }; text: string };
  }[] = [];
  let nextUpdateId = 1;
  const state: Omit<FakeTelegram, "baseUrl" | "close"> = {
    token,
    sent: [],
    blockedChats: new Set(),
    userSays(chatId, text) {
      const id = nextUpdateId++;
      updates.push({ update_id: id, message: { message_id: id, chat: { id: chatId, type: "private" }, text } });
    },
  };
  const answer = (response: http.ServerResponse, status: number, body: object) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "");
      if (!match || match[1] !== token)
        return answer(response, 401, { ok: false, error_code: 401, description: "Unauthorized" });
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      if (match[2] === "getUpdates") {
        const offset = Number(body.offset ?? 0);
        // Telegram forgets the updates before the offset: they are confirmed.
        while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
        return answer(response, 200, { ok: true, result: updates });
      }
      if (match[2] === "sendMessage") {
        const chatId = Number(body.chat_id);
        if (state.blockedChats.has(chatId)) {
          return answer(response, 403, {
            ok: false,
            error_code: 403,
            description: "Forbidden: bot was blocked by the user",
          });
        }
        state.sent.push({ chatId, text: String(body.text ?? "") });
        return answer(response, 200, { ok: true, result: { message_id: state.sent.length, chat: { id: chatId } } });
      }
      return answer(response, 404, { ok: false, error_code: 404, description: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    ...state,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
