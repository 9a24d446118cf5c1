import { Anchor, Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { auditQueryOptions, disputeCountQueryOptions } from "../api/admin-api.ts";
import { AdminSectionPage, mayRunUsers } from "../components/admin-layout.tsx";
import { AuditTable } from "../components/audit-table.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function CountCard({ label, status, testId }: { label: string; status: "open" | "appealed"; testId: string }) {
  const { to } = useLocalizedPaths();
  const count = useQuery(disputeCountQueryOptions(status));
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {count.isPending ? (
        <Skeleton height={34} width={60} mt={4} />
      ) : (
        <Anchor component={Link} to={to("moderationDisputes", {}, { status })} fz={28} fw={700} underline="never">
          {count.isError ? "—" : count.data}
        </Anchor>
      )}
    </Paper>
  );
}

function LatestActions() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const audit = useQuery(auditQueryOptions("", 1, 5));
  return (
    <ListPanel
      title={t("overview.latestActions")}
      query={audit}
      isEmpty={audit.data?.data.length === 0}
      texts={{ loading: t("loading"), empty: t("overview.none"), error: t("loadError"), retry: t("retry") }}
    >
      <AuditTable entries={audit.data?.data ?? []} />
      <Group justify="flex-end" mt="xs">
        <Anchor component={Link} to={to("adminAudit")} size="sm">
          {t("overview.seeAll")}
        </Anchor>
      </Group>
    </ListPanel>
  );
}

function Overview() {
  const { t } = useAdminTexts();
  const user = useCurrentUser();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountCard label={t("overview.openDisputes")} status="open" testId="overview-open-disputes" />
        <CountCard label={t("overview.appealedDisputes")} status="appealed" testId="overview-appealed-disputes" />
      </SimpleGrid>
      {user && mayRunUsers(user) ? <LatestActions /> : null}
    </>
  );
}

/** /admin: the console's overview, for every staff role. */
export function AdminOverviewPage() {
  return (
    <AdminSectionPage section="overview" audience="staff">
      <Overview />
    </AdminSectionPage>
  );
}
