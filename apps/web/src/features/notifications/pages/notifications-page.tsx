import { Anchor, Button, Group, Loader, Stack, Switch, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { notificationsQueryOptions, useMarkRead } from "../api/notifications-api.ts";
import { NotificationsLoadFailed } from "../components/load-failed.tsx";
import { NotificationRow } from "../components/notification-row.tsx";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";

/** /notifications: the list, newest first, with the unread count, read marks and paging. */
export function NotificationsPage() {
  const { t } = useNotificationsTexts();
  const { to } = useLocalizedPaths();
  const [page, setPage] = useState(1);
  const [isUnreadOnly, setUnreadOnly] = useState(false);
  const list = useQuery(notificationsQueryOptions(page, isUnreadOnly));
  const markRead = useMarkRead();
  const unreadCount = list.data?.meta.unreadCount ?? 0;

  function read(id: string | null): void {
    markRead.mutate(id, { onError: () => showToast({ type: "error", message: t("page.failed") }) });
  }

  return (
    <TitledPage metaTitle={t("page.metaTitle")} title={t("page.title")} subtitle={t("page.subtitle")} size={800}>
      <Group justify="space-between">
        <Group gap="md">
          <Text fw={600} data-testid="notifications-unread-count">
            {t("page.unreadCount", { count: unreadCount })}
          </Text>
          <Switch
            label={t("page.unreadOnly")}
            checked={isUnreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={to("accountSettingsNotifications")} size="sm">
            {t("page.settings")}
          </Anchor>
          <Button
            size="xs"
            variant="default"
            disabled={unreadCount === 0 || markRead.isPending}
            onClick={() => read(null)}
          >
            {t("page.markAllRead")}
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("loading")} />
        </Group>
      ) : list.isError ? (
        <NotificationsLoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t("page.empty")}</Text>
      ) : (
        <Stack gap="sm">
          {list.data.data.map((item) => (
            <NotificationRow key={item.id} item={item} onRead={read} isBusy={markRead.isPending} />
          ))}
        </Stack>
      )}
      <PreviousNextPager
        page={page}
        meta={list.data?.meta}
        onPage={setPage}
        texts={{
          previous: t("page.previous"),
          next: t("page.next"),
          position: (at) => t("page.position", at),
        }}
      />
    </TitledPage>
  );
}
