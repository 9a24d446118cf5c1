import { SegmentedControl, Text } from "@mantine/core";
import { REVIEW_QUEUE_MAX, VERIFICATION_STATUSES, type VerificationStatus } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { reviewQueueQueryOptions } from "../api/verification-queue-api.ts";
import { useVerificationQueueTexts } from "../i18n/verification-queue-texts.ts";
import { countryOf } from "./review-item-format.ts";
import { ReviewQueueTable } from "./review-queue-table.tsx";

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
        <ReviewQueueTable
          headers={[t("columns.type"), t("columns.user"), t("columns.submittedAt"), t("columns.country")]}
          items={rows.map((item) => ({
            id: item.id,
            href: to("adminVerification", { id: item.id }),
            title: t(`types.${item.type}`),
            username: item.username,
            submittedAt: item.createdAt,
            country: countryOf(item),
          }))}
          rowTestId="verification-queue-row"
          minWidth={560}
        />
        {rows.length >= REVIEW_QUEUE_MAX ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t("more", { count: rows.length })}
          </Text>
        ) : null}
      </ListPanel>
    </>
  );
}
