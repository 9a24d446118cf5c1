import { Anchor, SegmentedControl, Table, Text } from "@mantine/core";
import { REVIEW_QUEUE_MAX, VERIFICATION_STATUSES, type VerificationStatus } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { reviewQueueQueryOptions } from "../api/verification-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { countryOf } from "./review-item-format.ts";

/** The filter's order: what waits first, then what was decided. */
const FILTER_ORDER: readonly VerificationStatus[] = ["uploaded", "pending", "corrupted", "rejected", "approved"];

function statusParamOf(searchParams: URLSearchParams): VerificationStatus {
  const value = searchParams.get("status");
  return (VERIFICATION_STATUSES as readonly string[]).includes(value ?? "")
    ? (value as VerificationStatus)
    : "uploaded";
}

/** The identity and address submissions of one status (?status=), oldest first. */
export function SubmissionsQueue() {
  const { t } = useVerificationQueueTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusParamOf(searchParams);
  const queue = useQuery(reviewQueueQueryOptions(status));
  const rows = queue.data ?? [];
  return (
    <>
      <SegmentedControl
        aria-label={t("statusFilter")}
        value={status}
        onChange={(next) => setSearchParams(next === "uploaded" ? {} : { status: next })}
        w="fit-content"
        data={FILTER_ORDER.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        data-testid="verification-status-filter"
      />
      <ListPanel
        title={t("total", { count: rows.length })}
        query={queue}
        isEmpty={rows.length === 0}
        texts={{ loading: t("loading"), empty: t("empty"), error: t("loadError"), retry: t("retry") }}
        data-testid="verification-queue"
      >
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("columns.type")}</Table.Th>
                <Table.Th>{t("columns.user")}</Table.Th>
                <Table.Th>{t("columns.submittedAt")}</Table.Th>
                <Table.Th>{t("columns.country")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id} data-testid="verification-queue-row">
                  <Table.Td>
                    <Anchor component={Link} to={to("adminVerification", { id: item.id })} size="sm">
                      {t(`types.${item.type}`)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.username}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatDate(item.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{countryOf(item) || "—"}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length >= REVIEW_QUEUE_MAX ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t("more", { count: rows.length })}
          </Text>
        ) : null}
      </ListPanel>
    </>
  );
}
