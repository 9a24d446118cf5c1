import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import type { ReviewItem, VerificationStatus } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ArrowLeftIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { reviewItemQueryOptions } from "../api/verification-queue-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { ReviewDecisionCard } from "../components/review-decision.tsx";
import { ReviewDocuments } from "../components/review-documents.tsx";
import { payloadLines } from "../components/review-item-format.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";

const STATUS_COLORS: Record<VerificationStatus, string> = {
  pending: "gray",
  uploaded: "blue",
  approved: "teal",
  rejected: "red",
  corrupted: "orange",
};

function SubmissionCard({ item }: { item: ReviewItem }) {
  const { t } = useVerificationQueueTexts();
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  const valueOf = (field: string, value: string) =>
    field === "documentType" ? t(`documentTypes.${value}`, { defaultValue: value }) : value;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-submission">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4">
          {t("details")}
        </Title>
        <Badge color={STATUS_COLORS[item.status]} variant="light" data-testid="review-status">
          {t(`statuses.${item.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t("submittedAt", { date: date(item.createdAt) })}
        {item.decidedAt ? ` · ${t("decidedAt", { date: date(item.decidedAt) })}` : ""}
      </Text>
      {item.reason ? (
        <Text size="sm" mt={4} data-testid="review-reason-given">
          {t("reason", { reason: item.reason })}
        </Text>
      ) : null}
      {item.missing.length > 0 ? (
        <Text size="sm" mt={4}>
          {t("missing", { sides: item.missing.map((side) => t(`sides.${side}`)).join(", ") })}
        </Text>
      ) : null}
      <Table mt="sm" verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {payloadLines(item).map(({ field, value }) => (
            <Table.Tr key={field}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {t(`fields.${field}`)}
              </Table.Th>
              <Table.Td data-testid={`review-field-${field}`}>{valueOf(field, value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function SubmissionScreen({ id }: { id: string }) {
  const { t } = useVerificationQueueTexts();
  const item = useQuery(reviewItemQueryOptions(id));
  if (item.isPending) return <Skeleton height={240} radius="lg" />;
  if (item.isError) {
    const isMissing = isApiError(item.error) && item.error.status === 404;
    return isMissing ? (
      <Text data-testid="review-missing">{t("notFound")}</Text>
    ) : (
      <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void item.refetch()} />
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SubmissionCard item={item.data} />
        <ReviewDecisionCard item={item.data} />
      </SimpleGrid>
      <ReviewDocuments item={item.data} />
    </Stack>
  );
}

/** The page's heading: what was sent and by whom, once the submission is loaded. */
function useHeading(id: string): string {
  const { t } = useVerificationQueueTexts();
  // Only staff ask: anybody else sees the console's refusal and nothing is requested.
  const isStaff = useCurrentUser()?.isStaff === true;
  const item = useQuery({ ...reviewItemQueryOptions(id), enabled: isStaff });
  return item.data ? t("itemTitle", { type: t(`types.${item.data.type}`), username: item.data.username }) : t("title");
}

/** /admin/verifications/:id: one submission, its documents and the decision (every staff role). */
export function AdminVerificationPage() {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  const id = useParams().id ?? "";
  const heading = useHeading(id);
  return (
    <AdminPage
      audience="staff"
      metaTitle={heading}
      title={heading}
      subtitle={
        <Anchor component={Link} to={to("adminVerifications")} size="sm">
          <Group gap={4} component="span">
            <ArrowLeftIcon size={14} />
            {t("back")}
          </Group>
        </Anchor>
      }
    >
      <SubmissionScreen id={id} />
    </AdminPage>
  );
}
