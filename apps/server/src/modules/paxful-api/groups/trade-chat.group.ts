import { CHAT_PAGE_SIZE_MAX, chatListQuerySchema } from "@souk/contracts";
import { downloadAttachment, listChat, postAttachments, postMessage } from "../../chat/index.ts";
import { listActiveTrades } from "../../trades/index.ts";
import { type ActionContext, defineAction, viewerOf } from "../paxful.action.ts";
import { BinaryAnswer } from "../paxful.envelope.ts";
import { missingParameters, notOnSouk } from "../paxful.errors.ts";
import { chatMessageOf } from "../paxful.shapes.ts";

const LATEST_WINDOW_MS = 10 * 60_000;

async function chatOf(context: ActionContext, tradeHash: string) {
  const page = await listChat(
    context.db,
    viewerOf(context),
    tradeHash,
    chatListQuerySchema.parse({ limit: CHAT_PAGE_SIZE_MAX }),
  );
  const attachments = page.items.flatMap((item) =>
    item.kind === "system"
      ? []
      : item.attachments.map((attachment) => ({ image_hash: attachment.id, author: item.author.username })),
  );
  return { items: page.items, messages: page.items.map((item) => chatMessageOf(item, tradeHash)), attachments };
}

export const tradeChatActions = [
  defineAction({
    path: "trade-chat/get",
    summary: "A trade's chat: messages (with the trade's events) and attachments",
    notFoundAs: "trade",
    run: async (context, input) => {
      const { messages, attachments } = await chatOf(context, input.trade_hash);
      return { messages, attachments };
    },
  }),
  defineAction({
    path: "trade-chat/post",
    summary: "Write in a trade's chat",
    notFoundAs: "trade",
    run: async (context, input) => {
      const message = await postMessage(context.db, viewerOf(context), input.trade_hash, input.message);
      return { id: message.id, success: true };
    },
  }),
  defineAction({
    path: "trade-chat/latest",
    summary: "Messages of the last ten minutes, of one trade or of every active trade",
    notFoundAs: "trade",
    run: async (context, input) => {
      const hashes = input.trade_hash
        ? [input.trade_hash]
        : (await listActiveTrades(context.db, viewerOf(context).userId)).items.map((item) => item.id);
      const since = Date.now() - LATEST_WINDOW_MS;
      const trades: Record<string, { messages: unknown[]; attachments: unknown[] }> = {};
      for (const hash of hashes) {
        const chat = await chatOf(context, hash);
        const recent = chat.messages.filter((message) => message.timestamp * 1000 >= since);
        if (recent.length > 0) trades[hash] = { messages: recent, attachments: chat.attachments };
      }
      return { count: hashes.length, trades };
    },
  }),
  defineAction({
    path: "trade-chat/image/upload",
    summary: "Send an image in a trade's chat (multipart: trade_hash and file)",
    isUpload: true,
    notFoundAs: "trade",
    run: async (context, input) => {
      if (context.files.length === 0) throw missingParameters(["file"]);
      const message = await postAttachments(context.db, context.storage, viewerOf(context), input.trade_hash, {
        text: "",
        files: context.files,
      });
      const attachment = message.attachments[0];
      return { id: message.id, image_hash: attachment?.id ?? null, success: true };
    },
  }),
  defineAction({
    path: "trade-chat/image",
    summary: "An image of a trade's chat, as its bytes",
    notFoundAs: "plain",
    run: async (context, input) => {
      const file = await downloadAttachment(context.db, context.storage, viewerOf(context), input.image_hash);
      return new BinaryAnswer(file.bytes, file.contentType);
    },
  }),
  defineAction({
    path: "trade-chat/image/add",
    summary: "Attach an image by URL (not on Souk: use trade-chat/image/upload)",
    run: async () => {
      throw notOnSouk("Attaching an image by URL");
    },
  }),
];
