import { ActionIcon, Indicator } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
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
    <Indicator
      label={count > 99 ? "99+" : count}
      size={16}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid="notification-bell-count"
      data-count={count}
    >
      <ActionIcon
        component={Link}
        to={to("notifications")}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={count > 0 ? t("bellUnread", { count }) : t("bell")}
        data-testid="notification-bell"
      >
        <BellIcon size={20} />
      </ActionIcon>
    </Indicator>
  );
}
