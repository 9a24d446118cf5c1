import type { Notification } from "@souk/contracts";

/**
 * Whether a notification's event is news to this page: published after the page began listening
 * (`listeningFrom`, the channel's newest event when the subscription started). The server hands a
 * new subscriber the last seconds' events of its channel, so a log-in would otherwise announce
 * what happened before it; those are in the list, not news. Unknown start: news.
 */
export function isNews(eventId: number, listeningFrom: number | null): boolean {
  return listeningFrom === null || eventId > listeningFrom;
}

type ToastPlan = { kind: "none" } | { kind: "one"; item: Notification } | { kind: "summary"; count: number };

/**
 * The toasts of notifications that arrived together: one of its kind for one, one summary for
 * several. A direct message from the user whose conversation is open (`openConversation`, the
 * messenger's username) is read where it arrives: it makes no toast.
 */
export function planToasts(
  ids: readonly string[],
  items: readonly Notification[],
  openConversation: string | null = null,
): ToastPlan {
  const isOnScreen = (item: Notification) =>
    item.event === "messenger.message_received" &&
    openConversation !== null &&
    item.subjectId.toLowerCase() === openConversation.toLowerCase();
  const arrived = items.filter((item) => ids.includes(item.id) && !isOnScreen(item));
  const [first] = arrived;
  if (!first) return { kind: "none" };
  return arrived.length === 1 ? { kind: "one", item: first } : { kind: "summary", count: arrived.length };
}
