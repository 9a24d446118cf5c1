import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { companyQueueQueryOptions } from "../api/company-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { ReviewQueueTable } from "./review-queue-table.tsx";

/** The open company applications (sent or in review), oldest first. */
export function CompaniesQueue() {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  const queue = useQuery(companyQueueQueryOptions());
  const rows = queue.data ?? [];
  return (
    <ListPanel
      title={t("company.total", { count: rows.length })}
      query={queue}
      isEmpty={rows.length === 0}
      texts={{ loading: t("loading"), empty: t("company.empty"), error: t("loadError"), retry: t("retry") }}
      data-testid="company-queue"
    >
      <ReviewQueueTable
        headers={[
          t("company.columns.company"),
          t("company.columns.user"),
          t("company.columns.submittedAt"),
          t("company.columns.country"),
          t("company.columns.status"),
        ]}
        items={rows.map((item) => ({
          id: item.id,
          href: to("adminCompanyApplication", { id: item.id }),
          title: item.legalEntityName,
          username: item.username,
          submittedAt: item.submittedAt,
          country: item.countryIso3,
          extra: (
            <Badge variant="light" size="sm">
              {t(`company.statuses.${item.status}`)}
            </Badge>
          ),
        }))}
        rowTestId="company-queue-row"
        minWidth={640}
      />
    </ListPanel>
  );
}
