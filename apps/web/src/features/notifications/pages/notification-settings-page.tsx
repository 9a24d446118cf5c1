import { Anchor, Card, Group, Loader, Switch, Table, Text } from "@mantine/core";
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationSettings,
} from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { notificationSettingsQueryOptions, useUpdateNotificationSettings } from "../api/notifications-api.ts";
import { PushCard } from "../components/push-card.tsx";
import { TelegramCard } from "../components/telegram-card.tsx";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";

/** /account/settings/notifications: each event group on each channel, saved as it is switched. */
export function NotificationSettingsPage() {
  const { t } = useNotificationsTexts();
  const settings = useQuery(notificationSettingsQueryOptions());
  return (
    <TitledPage
      metaTitle={t("settings.metaTitle")}
      title={t("settings.title")}
      subtitle={t("settings.subtitle")}
      size={900}
    >
      {settings.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("loading")} />
        </Group>
      ) : settings.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsTable settings={settings.data} />
      )}
      <PushCard />
      <TelegramCard />
    </TitledPage>
  );
}

function SettingsTable({ settings }: { settings: NotificationSettings }) {
  const { t } = useNotificationsTexts();
  const { to } = useLocalizedPaths();
  const update = useUpdateNotificationSettings();

  function toggle(group: NotificationGroup, channel: NotificationChannel, isEnabled: boolean): void {
    update.mutate([{ group, channel, isEnabled }], {
      onSuccess: () => showToast({ type: "success", message: t("settings.saved") }),
      onError: () => showToast({ type: "error", message: t("settings.saveFailed") }),
    });
  }

  return (
    <Card withBorder padding="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" data-testid="notification-settings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("settings.event")}</Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Table.Th key={channel} ta="center">
                  <Text size="sm" fw={600}>
                    {t(`settings.channels.${channel}`)}
                  </Text>
                  {settings.liveChannels.includes(channel) ? null : (
                    <Text size="xs" c="dimmed">
                      {t("settings.notLive")}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.groups.map(({ group, channels }) => (
              <Table.Tr key={group}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`settings.groups.${group}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`settings.groupHints.${group}`)}
                  </Text>
                </Table.Td>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Table.Td key={channel}>
                    <Group justify="center">
                      <Switch
                        checked={channels[channel]}
                        disabled={update.isPending || !settings.liveChannels.includes(channel)}
                        aria-label={t("settings.toggle", {
                          group: t(`settings.groups.${group}`),
                          channel: t(`settings.channels.${channel}`),
                        })}
                        onChange={(event) => toggle(group, channel, event.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed" mt="md">
        {t("settings.digest", { count: settings.notifyTradeMessagesInterval })}{" "}
        <Anchor component={Link} to={to("accountSettings")} size="sm">
          {t("settings.digestLink")}
        </Anchor>
      </Text>
    </Card>
  );
}
