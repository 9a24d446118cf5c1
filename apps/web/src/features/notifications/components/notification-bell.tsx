import { useQuery } from "@tanstack/react-query";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { CountIconLink } from "../../../ui/count-icon-link.tsx";
import { BellIcon } from "../../../ui/icons.tsx";
import { unreadCountQueryOptions } from "../api/notifications-api.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { useNotificationToasts } from "./use-notification-toasts.tsx";

/**
 * The bell of the shell: the unread count, kept live through the user's channel, and the toasts of
 * what arrives while the page is open (docs/product.md#notifications).
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useNotificationsTexts();
  const { to } = useLocalizedPaths();
  const unread = useQuery(unreadCountQueryOptions());
  const count = unread.data ?? 0;
  useNotificationToasts(userId);

  return (
    <CountIconLink
      to={to("notifications")}
      count={count}
      label={count > 0 ? t("bellUnread", { count }) : t("bell")}
      icon={<BellIcon size={20} />}
      testId="notification-bell"
    />
  );
}
