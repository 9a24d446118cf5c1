import { ErrorCode } from "@souk/contracts";
import { conflict, notFound } from "../../platform/index.ts";

export const notificationNotFound = () => notFound("No such notification.", ErrorCode.NOTIFICATION_NOT_FOUND);

export const telegramNotConfigured = () =>
  conflict("Telegram notifications are not set up on this server.", ErrorCode.TELEGRAM_NOT_CONFIGURED);
