import { MESSENGER_CHAT_PARAM, MESSENGER_CLOSE_PARAM } from "../../../lib/messenger-params.ts";

/** The same query with the messenger opened on a user. */
export function withMessengerChat(search: URLSearchParams, username: string): URLSearchParams {
  const next = withoutMessenger(search);
  next.set(MESSENGER_CHAT_PARAM, username);
  return next;
}

/** The same query with the messenger's parameters removed (it is closed). */
export function withoutMessenger(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(MESSENGER_CHAT_PARAM);
  next.delete(MESSENGER_CLOSE_PARAM);
  return next;
}

/**
 * The id to mark read up to: the newest message from the other user, when it is past what the
 * server counts as read (there are unread ones); null when nothing is to be marked.
 */
export function readMarkFor(messages: readonly { id: number; isMine: boolean }[], unreadCount: number): number | null {
  if (unreadCount === 0) return null;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && !message.isMine) return message.id;
  }
  return null;
}
