import { ErrorCode } from "@souk/contracts";
import { notFound } from "../../platform/index.ts";

export const notificationNotFound = () => notFound("No such notification.", ErrorCode.NOTIFICATION_NOT_FOUND);
