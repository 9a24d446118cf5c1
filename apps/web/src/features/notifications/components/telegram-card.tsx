import { Anchor, Button, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { showToast } from "../../../lib/toast.ts";
import { telegramStatusQueryOptions, useTelegramLink, useTelegramUnlink } from "../api/notifications-api.ts";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";
import { ChannelCard } from "./channel-card.tsx";

/** Linking the user's Telegram chat: a one-time deep link to the bot, or unlinking. */
export function TelegramCard() {
  const { t } = useNotificationsTexts();
  const status = useQuery(telegramStatusQueryOptions());
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  if (!status.data) return null;
  const { isConfigured, isLinked, botUsername } = status.data;
  return (
    <ChannelCard title={t("telegram.title")} testId="telegram-card">
      {!isConfigured ? (
        <Text size="sm" c="dimmed">
          {t("telegram.notConfigured")}
        </Text>
      ) : isLinked ? (
        <Group justify="space-between">
          <Text size="sm">{t("telegram.linked")}</Text>
          <Button
            size="xs"
            variant="default"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => showToast({ type: "success", message: t("telegram.unlinked") }),
                onError: () => showToast({ type: "error", message: t("telegram.failed") }),
              })
            }
          >
            {t("telegram.unlink")}
          </Button>
        </Group>
      ) : (
        <>
          <Text size="sm">{t("telegram.notLinked")}</Text>
          {link.data ? (
            <Text size="sm">
              <Anchor href={link.data.url} target="_blank" rel="noopener noreferrer">
                {t("telegram.open", { bot: botUsername ?? "" })}
              </Anchor>{" "}
              <Text span size="xs" c="dimmed">
                {t("telegram.expires")}
              </Text>
            </Text>
          ) : (
            <Group>
              <Button
                size="xs"
                loading={link.isPending}
                onClick={() =>
                  link.mutate(undefined, {
                    onError: () => showToast({ type: "error", message: t("telegram.failed") }),
                  })
                }
              >
                {t("telegram.link")}
              </Button>
            </Group>
          )}
        </>
      )}
    </ChannelCard>
  );
}
