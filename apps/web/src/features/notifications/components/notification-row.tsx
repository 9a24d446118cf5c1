import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import type { Notification } from "@souk/contracts";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { detailsOf, headlineOf } from "./notification-text.ts";

export interface NotificationRowProps {
  item: Notification;
  onRead: (id: string) => void;
  isBusy: boolean;
}

/** One notification: what happened, the amounts and time left, when, and the way to its subject. */
export function NotificationRow({ item, onRead, isBusy }: NotificationRowProps) {
  const { t } = useNotificationsTexts();
  const locale = useLocale();
  const { to, localize } = useLocalizedPaths();
  const isTrade = item.subjectType === "trade";
  return (
    <Card withBorder padding="md" data-testid="notification-item" data-read={item.isRead}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            {item.isRead ? null : (
              <Badge size="xs" color="red" variant="filled">
                {t("page.unread")}
              </Badge>
            )}
            <Text fw={item.isRead ? 400 : 600}>{headlineOf(t, item, locale)}</Text>
          </Group>
          {detailsOf(t, item, locale, Date.now()).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {formatDate(item.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Button
            component={Link}
            to={isTrade ? to("viewTrade", { id: item.subjectId }) : localize(item.payload.link)}
            size="xs"
            onClick={() => (item.isRead ? undefined : onRead(item.id))}
          >
            {isTrade ? t("page.open") : t("page.openOther")}
          </Button>
          {item.isRead ? null : (
            <Button size="xs" variant="subtle" onClick={() => onRead(item.id)} disabled={isBusy}>
              {t("page.markRead")}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
