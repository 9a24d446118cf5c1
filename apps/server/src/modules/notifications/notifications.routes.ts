import {
  notificationIdParamsSchema,
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notificationsUnreadSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  updateNotificationSettings,
} from "./notifications.service.ts";

const tags = ["notifications"];

export function registerNotificationsRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/notifications",
    {
      schema: {
        tags,
        summary: "The viewer's notifications, newest first, paged, with the unread count",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const page = await listNotifications(deps.db, viewerOf(request), request.query);
      return envelope(page.items, page.meta);
    },
  );

  app.get(
    "/rest/v1/notifications/unread-count",
    {
      schema: {
        tags,
        summary: "How many of the viewer's notifications are unread (the bell)",
        response: { 200: notificationsUnreadSchema, ...refusals },
      },
    },
    async (request) => envelope({ unreadCount: await countUnread(deps.db, viewerOf(request)) }),
  );

  app.post(
    "/rest/v1/notifications/:id/read",
    {
      schema: {
        tags,
        summary: "Mark one notification read",
        params: notificationIdParamsSchema,
        response: { 200: notificationsUnreadSchema, ...refusals },
      },
    },
    async (request) =>
      envelope({ unreadCount: await markNotificationsRead(deps.db, viewerOf(request), request.params.id) }),
  );

  app.post(
    "/rest/v1/notifications/read-all",
    {
      schema: {
        tags,
        summary: "Mark every notification read",
        response: { 200: notificationsUnreadSchema, ...refusals },
      },
    },
    async (request) => envelope({ unreadCount: await markNotificationsRead(deps.db, viewerOf(request), null) }),
  );

  app.get(
    "/rest/v1/notifications/settings",
    {
      schema: {
        tags,
        summary: "Notification settings per event group and channel",
        response: { 200: notificationSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await getNotificationSettings(deps.db, viewerOf(request))),
  );

  app.post(
    "/rest/v1/notifications/settings",
    {
      schema: {
        tags,
        summary: "Change notification settings (the cells given)",
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await updateNotificationSettings(deps.db, viewerOf(request), request.body)),
  );
}
