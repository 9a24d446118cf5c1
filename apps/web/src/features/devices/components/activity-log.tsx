import { Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { activityQueryOptions } from "../api/devices-api.ts";
import { useDevicesTexts } from "../i18n/devices-texts.ts";

/** The account activity log, newest first, a page at a time. */
export function ActivityLog() {
  const { t } = useDevicesTexts();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const log = useQuery(activityQueryOptions(page));
  const rows = log.data?.data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="activity-log">
      <Title order={2} size="h4" mb="sm">
        {t("activity.title")}
      </Title>
      {log.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : log.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("activity.empty")}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((line) => (
            <Group key={line.id} justify="space-between" wrap="nowrap" data-testid="activity-row">
              <div>
                <Text
                  size="sm"
                  fw={line.type === "login_failed" ? 600 : 400}
                  c={line.type === "login_failed" ? "red" : undefined}
                >
                  {t(`activity.types.${line.type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[line.device, line.ip, ...Object.values(line.details)].filter(Boolean).join(" · ")}
                </Text>
              </div>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {formatDate(line.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
              </Text>
            </Group>
          ))}
          {(log.data?.meta.lastPage ?? 1) > 1 && (
            <Pagination size="sm" total={log.data?.meta.lastPage ?? 1} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
