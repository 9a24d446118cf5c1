import { defineAction } from "../paxful.action.ts";
import { notOnSouk } from "../paxful.errors.ts";

/**
 * Souk has no notification centre to read from; these calls say so (1013, HTTP 501) rather than
 * answer an empty list a bot would take for "nothing new". Webhooks and trade/list carry the same news.
 */
const notAvailable = async () => {
  throw notOnSouk("The notifications list (use webhooks or trade/list)");
};

export const notificationActions = [
  defineAction({
    path: "notifications/list",
    summary: "Not on Souk (1013): use webhooks or trade/list",
    run: notAvailable,
  }),
  defineAction({ path: "notifications/unread-count", summary: "Not on Souk (1013)", run: notAvailable }),
  defineAction({ path: "notifications/mark-read", summary: "Not on Souk (1013)", run: notAvailable }),
];
