import { ACCOUNT_EVENT_CATALOGUE } from "@souk/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { showToast } from "../../../lib/toast.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useTabAlert } from "../../../lib/use-tab-alert.ts";
import { CountIconLink } from "../../../ui/count-icon-link.tsx";
import { BellIcon } from "../../../ui/icons.tsx";
import { notificationsQueryOptions, unreadCountQueryOptions } from "../api/notifications-api.ts";
import { useNotificationsLive } from "../api/use-notifications-live.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { detailsOf, headlineOf } from "./notification-text.ts";

/**
 * The bell of the shell: the unread count, kept live through the user's channel; each new
 * notification shows a toast of its kind's type (the event catalogue) and makes the tab title
 * alternate (docs/product.md#notifications).
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useNotificationsTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQueryOptions());
  const alertTab = useTabAlert(t("newTitle"));
  const count = unread.data ?? 0;

  const announce = useCallback(
    async (hint: { id: string }) => {
      alertTab();
      const page = await queryClient.fetchQuery(notificationsQueryOptions(1, false));
      const item = page.data.find((row) => row.id === hint.id);
      if (!item) return;
      showToast({
        type: ACCOUNT_EVENT_CATALOGUE[item.event].toast,
        title: headlineOf(t, item, locale),
        message: detailsOf(t, item, locale, Date.now())[0] ?? "",
      });
    },
    [alertTab, queryClient, t, locale],
  );
  useNotificationsLive(userId, (hint) => void announce(hint));

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
