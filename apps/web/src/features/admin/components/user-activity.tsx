import { Anchor, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { userActivityQueryOptions } from "../api/user-sections-api.ts";
import { useUserSectionsTexts } from "../i18n/user-sections-texts.ts";
import { Section } from "./user-details.tsx";

/** "amount: 5 · currency: USDT": a line's details as short pairs. */
export function detailsLine(details: Record<string, string>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${value}`)
    .join(" · ");
}

/** The account's activity log on its page in the console, newest first, ten a page. */
export function UserActivity({ username }: { username: string }) {
  const { t } = useUserSectionsTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const activity = useQuery(userActivityQueryOptions(username, page));
  if (activity.isPending) return null;
  if (activity.isError) {
    return <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void activity.refetch()} />;
  }
  const rows = activity.data.data;
  return (
    <Section
      title={t("activity.title")}
      testId="admin-user-activity"
      isEmpty={rows.length === 0}
      footer={
        <PreviousNextPager
          page={page}
          meta={activity.data.meta}
          onPage={setPage}
          texts={{
            previous: t("activity.previous"),
            next: t("activity.next"),
            position: (at) => t("activity.page", at),
          }}
        />
      }
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("activity.when")}</Table.Th>
          <Table.Th>{t("activity.what")}</Table.Th>
          <Table.Th>{t("activity.from")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDate(row.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</Table.Td>
            <Table.Td>
              {t(`activity.types.${row.type}`)}
              {Object.keys(row.details).length > 0 ? (
                <Text size="xs" c="dimmed">
                  {detailsLine(row.details)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {row.ip ? (
                <Anchor component={Link} to={to("adminUsers", {}, { q: row.ip })} size="sm" ff="monospace">
                  {row.ip}
                </Anchor>
              ) : (
                "—"
              )}
              {row.device ? (
                <Text size="xs" c="dimmed">
                  {row.device}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}
