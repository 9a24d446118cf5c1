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

interface AdminItemPageProps<Item> {
  item: UseQueryResult<Item>;
  heading: (item: Item) => string;
  /** The list to go back to, and its words. */
  back: { href: string; label: string };
  texts: { title: string; notFound: string; loadError: string; retry: string };
  missingTestId: string;
  children: (item: Item) => ReactNode;
}

/**
 * One item's page in the console (a submission, an application, a chargeback report): its
 * heading, the way back to its list, and its states. An id that names nothing, or that cannot
 * name anything, says so.
 */
export function AdminItemPage<Item>({ item, heading, back, texts, missingTestId, children }: AdminItemPageProps<Item>) {
  const title = item.data ? heading(item.data) : texts.title;
  const isMissing = item.isError && isApiError(item.error) && (item.error.status === 404 || item.error.status === 422);
  return (
    <AdminPage
      audience="staff"
      metaTitle={title}
      title={title}
      subtitle={
        <Anchor component={Link} to={back.href} size="sm">
          <Group gap={4} component="span">
            <ArrowLeftIcon size={14} />
            {back.label}
          </Group>
        </Anchor>
      }
    >
      {item.isPending ? (
        <Skeleton height={240} radius="lg" />
      ) : isMissing ? (
        <Text data-testid={missingTestId}>{texts.notFound}</Text>
      ) : item.isError ? (
        <LoadError title={texts.loadError} retryLabel={texts.retry} onRetry={() => void item.refetch()} />
      ) : (
        children(item.data)
      )}
    </AdminPage>
  );
}

interface QueueItemPageProps<Item> {
  item: UseQueryResult<Item>;
  heading: (item: Item) => string;
  /** The queue's list to go back to (`?kind=companies` for the company applications). */
  backQuery?: Record<string, string>;
  children: (item: Item) => ReactNode;
}

/** A verification queue item's page: back to the queue, in the queue's words. */
export function QueueItemPage<Item>({ item, heading, backQuery, children }: QueueItemPageProps<Item>) {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  return (
    <AdminItemPage
      item={item}
      heading={heading}
      back={{ href: to("adminVerifications", {}, backQuery), label: t("back") }}
      texts={{ title: t("title"), notFound: t("notFound"), loadError: t("loadError"), retry: t("retry") }}
      missingTestId="review-missing"
    >
      {children}
    </AdminItemPage>
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
