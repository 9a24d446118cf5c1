import { Alert, Button, Group, Text } from "@mantine/core";
import { useNotificationsTexts } from "../i18n/notifications-texts.ts";

export function NotificationsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useNotificationsTexts();
  return (
    <Alert color="red" variant="light">
      <Text size="sm" component="div">
        <Group justify="space-between">
          <span>{t("error")}</span>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t("retry")}
          </Button>
        </Group>
      </Text>
    </Alert>
  );
}
