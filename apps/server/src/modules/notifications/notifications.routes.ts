import {
  notificationIdParamsSchema,
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notificationsUnreadSchema,
  telegramLinkResponseSchema,
  telegramStatusResponseSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  updateNotificationSettings,
} from "./notifications.service.ts";
import { createTelegramLink, getTelegramStatus, unlinkTelegram } from "./telegram.service.ts";

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
    async (request) => envelope(await getNotificationSettings(deps.db, deps.config, viewerOf(request))),
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
    async (request) =>
      envelope(await updateNotificationSettings(deps.db, deps.config, viewerOf(request), request.body)),
  );

  app.get(
    "/rest/v1/notifications/telegram",
    {
      schema: {
        tags,
        summary: "Whether this server has a Telegram bot, and whether the viewer linked a chat",
        response: { 200: telegramStatusResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await getTelegramStatus(deps.db, deps.config, viewerOf(request))),
  );

  app.post(
    "/rest/v1/notifications/telegram/link",
    {
      schema: {
        tags,
        summary: "A one-time /start deep link that links the viewer's Telegram chat",
        response: { 200: telegramLinkResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await createTelegramLink(deps.db, deps.config, viewerOf(request))),
  );

  app.delete(
    "/rest/v1/notifications/telegram",
    {
      schema: {
        tags,
        summary: "Unlink the viewer's Telegram chat",
        response: { 200: telegramStatusResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await unlinkTelegram(deps.db, viewerOf(request));
      return envelope(await getTelegramStatus(deps.db, deps.config, viewerOf(request)));
    },
  );
}
