import { Container, Stack, Text, Title } from "@mantine/core";
import { ActivityLog } from "../components/activity-log.tsx";
import { SessionList } from "../components/session-list.tsx";
import { useDevicesTexts } from "../i18n/devices-texts.ts";

/** /account/devices: the signed-in sessions and the account activity log. */
export function DevicesPage() {
  const { t } = useDevicesTexts();
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("title")}</Title>
          <Text c="dimmed" mt="xs">
            {t("lead")}
          </Text>
        </div>
        <SessionList />
        <ActivityLog />
      </Stack>
    </Container>
  );
}
