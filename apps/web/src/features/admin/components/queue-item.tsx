import { Anchor, Badge, Group, Paper, Skeleton, Table, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ArrowLeftIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { AdminPage } from "./admin-layout.tsx";

/** Only staff ask for a queue item: anybody else sees the console's refusal and nothing is requested. */
export function useIsStaff(): boolean {
  return useCurrentUser()?.isStaff === true;
}

interface QueueItemPageProps<Item> {
  item: UseQueryResult<Item>;
  heading: (item: Item) => string;
  /** The queue's list to go back to (`?kind=companies` for the company applications). */
  backQuery?: Record<string, string>;
  children: (item: Item) => ReactNode;
}

/** A queue item's page in the console: its heading, the way back to the queue, and its states. */
export function QueueItemPage<Item>({ item, heading, backQuery, children }: QueueItemPageProps<Item>) {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  const title = item.data ? heading(item.data) : t("title");
  const isMissing = item.isError && isApiError(item.error) && item.error.status === 404;
  return (
    <AdminPage
      audience="staff"
      metaTitle={title}
      title={title}
      subtitle={
        <Anchor component={Link} to={to("adminVerifications", {}, backQuery)} size="sm">
          <Group gap={4} component="span">
            <ArrowLeftIcon size={14} />
            {t("back")}
          </Group>
        </Anchor>
      }
    >
      {item.isPending ? (
        <Skeleton height={240} radius="lg" />
      ) : isMissing ? (
        <Text data-testid="review-missing">{t("notFound")}</Text>
      ) : item.isError ? (
        <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void item.refetch()} />
      ) : (
        children(item.data)
      )}
    </AdminPage>
  );
}

export interface ItemDetails {
  status: { label: string; color: string };
  submittedAt: string;
  decidedAt: string | null;
  reason: string | null;
  /** A line under the dates: what is still missing, who reviews it. */
  note?: string | null;
  lines: { key: string; label: string; value: string }[];
}

/** What the user sent: the status, the dates, the reason given and the fields. */
export function ItemDetailsCard({ details }: { details: ItemDetails }) {
  const { t } = useVerificationQueueTexts();
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-submission">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4">
          {t("details")}
        </Title>
        <Badge color={details.status.color} variant="light" data-testid="review-status">
          {details.status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t("submittedAt", { date: date(details.submittedAt) })}
        {details.decidedAt ? ` · ${t("decidedAt", { date: date(details.decidedAt) })}` : ""}
      </Text>
      {details.reason ? (
        <Text size="sm" mt={4} data-testid="review-reason-given">
          {t("reason", { reason: details.reason })}
        </Text>
      ) : null}
      {details.note ? (
        <Text size="sm" mt={4}>
          {details.note}
        </Text>
      ) : null}
      <Table mt="sm" verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {details.lines.map((line) => (
            <Table.Tr key={line.key}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {line.label}
              </Table.Th>
              <Table.Td data-testid={`review-field-${line.key}`}>{line.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
