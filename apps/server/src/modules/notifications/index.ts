/**
 * The notifications module's door: a user's notifications (list, read marks), their settings per
 * event group and channel, and the delivery of trade events read from the committed-event feed.
 * Modules whose events have no feed entry (chat, feedback) write theirs with `notifyTradeParty`
 * inside their own transaction; the others announce an `account.event` the feed reads
 * (`notifyFromFeed`, one pass of the poll).
 */
import type { SoukModule } from "../../platform/index.ts";
import { notificationJobs, stopNotificationPolling } from "./notifications.jobs.ts";
import { registerNotificationsRoutes } from "./notifications.routes.ts";
import { registerPushRoutes } from "./push.routes.ts";

export { notifyFromFeed } from "./notifications.feed.ts";
export { notifyTradeParty } from "./notifications.service.ts";

export const notificationsModule: SoukModule = {
  name: "notifications",
  privateRoutes: (app, deps) => {
    registerNotificationsRoutes(app, deps);
    registerPushRoutes(app, deps);
    app.addHook("onClose", async () => stopNotificationPolling());
  },
  jobs: notificationJobs,
};
