/**
 * The query parameters of the product that open and close the messenger on any page, shared by
 * the messenger and by the notifications (which do not toast a conversation that is open).
 */
export const MESSENGER_CHAT_PARAM = "messenger-chat";
export const MESSENGER_CLOSE_PARAM = "messenger-close";

/** The username whose conversation the address opens, or null (none, or a close asked for). */
export function messengerTarget(search: URLSearchParams): string | null {
  if (search.has(MESSENGER_CLOSE_PARAM)) return null;
  const username = search.get(MESSENGER_CHAT_PARAM)?.trim() ?? "";
  return username === "" ? null : username;
}
