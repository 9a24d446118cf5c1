import { SimpleGrid } from "@mantine/core";
import { ContactsList } from "../../features/contacts/components/contacts-list.tsx";
import {
  ActiveTradesSection,
  RecentTradesSection,
  TradeStatisticsSection,
} from "../../features/dashboard/components/dashboard-sections.tsx";
import { useDashboardTexts } from "../../features/dashboard/i18n/dashboard-texts.ts";
import { DisputesList } from "../../features/moderation/components/disputes-list.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { TitledPage } from "../../ui/titled-page.tsx";

/** /dashboard: active trades, statistics, recent trades and the trusted and blocked users. */
export function DashboardPage() {
  const { t } = useDashboardTexts();
  const user = useCurrentUser();
  return (
    <TitledPage metaTitle={t("metaTitle")} title={t("title")} subtitle={t("subtitle")} size={1200}>
      {user?.isStaff ? <DisputesList /> : null}
      <ActiveTradesSection />
      <TradeStatisticsSection />
      <RecentTradesSection />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ContactsList kind="trusted" />
        <ContactsList kind="blocked" />
      </SimpleGrid>
    </TitledPage>
  );
}
