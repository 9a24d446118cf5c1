import { Alert, Button, Group, Text } from "@mantine/core";
import { useDevicesTexts } from "../i18n/devices-texts.ts";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useDevicesTexts();
  return (
    <Alert color="red" variant="light">
      <Group justify="space-between">
        <Text size="sm">{t("error")}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t("retry")}
        </Button>
      </Group>
    </Alert>
  );
}
