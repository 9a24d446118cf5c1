import { createHash, randomBytes } from "node:crypto";
import type { TelegramLink, TelegramStatus } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { type Db, withTx } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { mailLocaleOf } from "../mail/index.ts";
import { amountsIn, headlineIn, timeLeftIn } from "./notifications.copy.ts";
import { telegramNotConfigured } from "./notifications.errors.ts";
import * as feedRepo from "./notifications.repo.ts";
import { type BotApi, BotApiError, getUpdates, sendMessage } from "./telegram.bot-api.ts";
import * as repo from "./telegram.repo.ts";

const LINK_CODE_TTL_MS = 60 * 60_000;
const UPDATES_CURSOR = "telegram-updates";
const START_COMMAND = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/;

const LINKED_REPLY = "Souk: this chat now receives your notifications.";
const REFUSED_REPLY = "Souk: this link is not valid any more. Make a new one in your notification settings.";

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** The bot, when this server has one (a token and a username). */
export function botApiOf(config: Config): BotApi | null {
  if (!config.TELEGRAM_BOT_TOKEN || !config.TELEGRAM_BOT_USERNAME) return null;
  return { baseUrl: config.TELEGRAM_API_BASE_URL, token: config.TELEGRAM_BOT_TOKEN };
}

export async function getTelegramStatus(db: Db, config: Config, viewer: Viewer): Promise<TelegramStatus> {
  return {
    isConfigured: botApiOf(config) !== null,
    isLinked: (await repo.findChatId(db, viewer.userId)) !== null,
    botUsername: config.TELEGRAM_BOT_USERNAME ?? null,
  };
}

/**
 * POST /rest/v1/notifications/telegram/link: a one-time code (stored hashed, an hour long) in the
 * bot's `/start` deep link; a newer code replaces the unused one.
 */
export async function createTelegramLink(db: Db, config: Config, viewer: Viewer): Promise<TelegramLink> {
  if (!botApiOf(config)) throw telegramNotConfigured();
  const code = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + LINK_CODE_TTL_MS);
  await withTx(db, (tx) => repo.insertLinkCode(tx, viewer.userId, hashCode(code), expiresAt));
  return { url: `https://t.me/${config.TELEGRAM_BOT_USERNAME}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

export async function unlinkTelegram(db: Db, viewer: Viewer): Promise<void> {
  await repo.deleteLink(db, viewer.userId);
}

/**
 * Reads the bot's new messages: `/start <code>` links the chat to the code's user. The cursor
 * (the last update id) confirms what was read; answers go out after the commit.
 */
export async function readTelegramUpdates(db: Db, api: BotApi): Promise<number> {
  await feedRepo.createFeedCursor(db, UPDATES_CURSOR, 0);
  const replies: { chatId: number; text: string }[] = [];
  const linked = await withTx(db, async (tx) => {
    const cursor = await feedRepo.claimFeedCursor(tx, UPDATES_CURSOR);
    if (cursor === null) return 0;
    const updates = await getUpdates(api, cursor + 1);
    let count = 0;
    for (const update of updates) {
      const chatId = update.message?.chat?.id;
      const code = START_COMMAND.exec(update.message?.text ?? "")?.[1];
      if (chatId === undefined || !code) continue;
      const userId = await repo.useLinkCode(tx, hashCode(code));
      if (userId !== null) {
        await repo.saveLink(tx, userId, chatId);
        count += 1;
      }
      replies.push({ chatId, text: userId === null ? REFUSED_REPLY : LINKED_REPLY });
    }
    const newest = updates.reduce((max, update) => Math.max(max, update.update_id), cursor);
    await feedRepo.advanceFeedCursor(tx, UPDATES_CURSOR, newest);
    return count;
  });
  for (const reply of replies) await sendMessage(api, reply.chatId, reply.text).catch(() => undefined);
  return linked;
}

/** The message of one notification, in the recipient's locale. */
function textOf(row: feedRepo.PendingRow, config: Config, now: Date): string {
  const locale = mailLocaleOf(row.locale);
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  return [
    headlineIn(locale, row.event, row.payload),
    amountsIn(locale, row.payload),
    timeLeftIn(locale, row.payload, now),
    `${base}${row.payload.link}`,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * The Telegram channel: each pending notification is sent to the user's linked chat. Without a
 * chat it is skipped; a chat that blocked the bot (403) is unlinked; any other failure ends the
 * pass and the rest wait for the next one. Returns how many were sent.
 */
export async function sendTelegramNotifications(db: Db, api: BotApi, config: Config, now = new Date()) {
  return withTx(db, async (tx) => {
    let sent = 0;
    for (const row of await feedRepo.claimPending(tx, "telegram", 50)) {
      if (row.chatId !== null) {
        try {
          await sendMessage(api, row.chatId, textOf(row, config, now));
          sent += 1;
        } catch (error) {
          if (!(error instanceof BotApiError && error.errorCode === 403)) break;
          await repo.deleteLink(tx, row.userId);
        }
      }
      await feedRepo.markHandled(tx, "telegram", [row.id]);
    }
    return sent;
  });
}
