import { Anchor } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ACCOUNT_EVENT_CATALOGUE } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { messengerTarget } from "../../../lib/messenger-params.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useTabAlert } from "../../../lib/use-tab-alert.ts";
import { notificationsQueryOptions } from "../api/notifications-api.ts";
import { useNotificationsLive } from "../api/use-notifications-live.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { planToasts } from "../model/toast-plan.ts";
import { detailsOf, headlineOf } from "./notification-text.ts";

/** Notifications arriving within this time of the first one are announced together. */
const TOGETHER_MS = 400;

/**
 * The toasts of the notifications that are news to this page (docs/product.md#notifications): one
 * of its kind's type (the event catalogue) for one, one summary leading to the list for several
 * arriving together; each batch makes the tab title alternate.
 */
export function useNotificationToasts(userId: number): void {
  const { t } = useNotificationsTexts();
  const { locale, to } = useLocalizedPaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Read when a batch is announced: the conversation open then makes no toast of its messages.
  const openConversation = useRef<string | null>(null);
  openConversation.current = messengerTarget(searchParams);
  const queryClient = useQueryClient();
  const alertTab = useTabAlert(t("newTitle"));
  const arrived = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function showSummary(count: number): void {
    const list = to("notifications");
    const id = showToast({
      type: "info",
      title: t("newMany", { count }),
      message: (
        <Anchor
          href={list}
          onClick={(event) => {
            event.preventDefault();
            notifications.hide(id);
            void navigate(list);
          }}
        >
          {t("seeAll")}
        </Anchor>
      ),
    });
  }

  async function announce(ids: string[]): Promise<void> {
    const page = await queryClient.fetchQuery(notificationsQueryOptions(1, false));
    const plan = planToasts(ids, page.data, openConversation.current);
    if (plan.kind === "none") return;
    alertTab();
    if (plan.kind === "summary") return showSummary(plan.count);
    showToast({
      type: ACCOUNT_EVENT_CATALOGUE[plan.item.event].toast,
      title: headlineOf(t, plan.item, locale),
      message: detailsOf(t, plan.item, locale, Date.now())[0] ?? "",
    });
  }

  useNotificationsLive(userId, (hint) => {
    arrived.current.push(hint.id);
    timer.current ??= setTimeout(() => {
      const ids = arrived.current;
      arrived.current = [];
      timer.current = null;
      void announce(ids);
    }, TOGETHER_MS);
  });
}
