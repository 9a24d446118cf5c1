import { Container, Stack, Title } from "@mantine/core";
import { RecentTradesSection, TradeStatisticsSection } from "../components/dashboard-sections.tsx";
import { useDashboardTexts } from "../i18n/dashboard-texts.ts";

export function RecentTradesPage() {
  const { t } = useDashboardTexts();
  return (
    <Container size={900} py="xl">
      <title>{`${t("recent.metaTitle")} · Souk`}</title>
      <Stack>
        <Title order={1}>{t("recent.title")}</Title>
        <RecentTradesSection paged />
      </Stack>
    </Container>
  );
}

export function TradeStatisticsPage() {
  const { t } = useDashboardTexts();
  return (
    <Container size={900} py="xl">
      <title>{`${t("stats.metaTitle")} · Souk`}</title>
      <Stack>
        <Title order={1}>{t("stats.title")}</Title>
        <TradeStatisticsSection detailed />
      </Stack>
    </Container>
  );
}
