/**
 * The part of the Telegram Bot API the notifications use: `getUpdates` (long polling without the
 * wait) and `sendMessage`. The base URL is configurable (a local fake in tests). The token is
 * part of the path, so it never appears in a log line here.
 */
const TIMEOUT_MS = 10_000;

export interface BotApi {
  baseUrl: string;
  token: string;
}

export interface BotUpdate {
  update_id: number;
  message?: { chat?: { id?: number }; text?: string };
}

/** A refusal of the Bot API, with its error code (403: the user blocked the bot). */
export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    description: string,
  ) {
    super(`Telegram Bot API: ${errorCode} ${description}`);
  }
}

async function call<T>(api: BotApi, method: string, body: object): Promise<T> {
  const response = await fetch(`${api.baseUrl.replace(/\/$/, "")}/bot${api.token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as {
    ok?: boolean;
    result?: T;
    error_code?: number;
    description?: string;
  } | null;
  if (!answer?.ok) throw new BotApiError(answer?.error_code ?? response.status, answer?.description ?? "no answer");
  return answer.result as T;
}

export function getUpdates(api: BotApi, offset: number): Promise<BotUpdate[]> {
  return call<BotUpdate[]>(api, "getUpdates", { offset, timeout: 0, allowed_updates: ["message"] });
}

export async function sendMessage(api: BotApi, chatId: number, text: string): Promise<void> {
  await call(api, "sendMessage", { chat_id: chatId, text, disable_web_page_preview: true });
}
