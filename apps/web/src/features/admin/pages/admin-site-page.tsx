import { SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../../ui/load-error.tsx";
import { adminSiteQueryOptions, useSiteChangeMutation } from "../api/site-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { AlertsCard, FlagsCard, MaintenanceCard } from "../components/site-cards.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { useSiteTexts } from "../i18n/site-texts.ts";

function SiteScreen() {
  const { t } = useAdminTexts();
  const site = useQuery(adminSiteQueryOptions());
  const mutation = useSiteChangeMutation();
  if (site.isPending) return <Skeleton height={320} radius="lg" />;
  if (site.isError) {
    return <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void site.refetch()} />;
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MaintenanceCard key={`${site.data.maintenance.isOn}`} site={site.data} mutation={mutation} />
        <AlertsCard site={site.data} mutation={mutation} />
      </SimpleGrid>
      <FlagsCard site={site.data} mutation={mutation} />
    </Stack>
  );
}

/** /admin/site: maintenance mode, admin alerts and feature flags (admins only). */
export function AdminSitePage() {
  const { t } = useSiteTexts();
  return (
    <AdminPage audience="admin" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <SiteScreen />
    </AdminPage>
  );
}
