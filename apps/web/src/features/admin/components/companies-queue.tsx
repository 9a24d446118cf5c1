import { Anchor, Badge, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { companyQueueQueryOptions } from "../api/company-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

/** The open company applications (sent or in review), oldest first. */
export function CompaniesQueue() {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
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
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("company.columns.company")}</Table.Th>
              <Table.Th>{t("company.columns.user")}</Table.Th>
              <Table.Th>{t("company.columns.submittedAt")}</Table.Th>
              <Table.Th>{t("company.columns.country")}</Table.Th>
              <Table.Th>{t("company.columns.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item.id} data-testid="company-queue-row">
                <Table.Td>
                  <Anchor component={Link} to={to("adminCompanyApplication", { id: item.id })} size="sm">
                    {item.legalEntityName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.username}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {formatDate(item.submittedAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.countryIso3}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm">
                    {t(`company.statuses.${item.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListPanel>
  );
}
