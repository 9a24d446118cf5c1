import { Badge, Button, Paper, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { deliveryLogQueryOptions, useReplayDelivery } from "../api/webhooks-api.ts";
import { useWebhooksTexts } from "../i18n/webhooks-texts.ts";

const STATE_COLORS = { pending: "yellow", delivered: "green", failed: "red" } as const;

/** Every attempt, newest first: time, event, status code, duration, attempt; replay sends it again. */
export function DeliveryLog() {
  const { t } = useWebhooksTexts();
  const locale = useLocale();
  const log = useQuery(deliveryLogQueryOptions());
  const replay = useReplayDelivery();
  const rows = log.data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="webhook-deliveries">
      <Title order={2} size="h4" mb="sm">
        {t("log.title")}
      </Title>
      {log.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{log.isPending ? t("loading") : t("log.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("log.time")}</Table.Th>
                <Table.Th>{t("log.event")}</Table.Th>
                <Table.Th>{t("log.statusCode")}</Table.Th>
                <Table.Th>{t("log.duration")}</Table.Th>
                <Table.Th>{t("log.attempt")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.deliveryId}-${row.attempt}`} data-testid="webhook-delivery-row">
                  <Table.Td>
                    {formatDate(row.attemptedAt, locale, { dateStyle: "short", timeStyle: "medium" })}
                  </Table.Td>
                  <Table.Td>
                    {t(`events.names.${row.event}`)}{" "}
                    <Badge size="xs" variant="light" color={STATE_COLORS[row.state]}>
                      {t(`log.state.${row.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td title={row.error ?? undefined}>{row.statusCode ?? t("log.noAnswer")}</Table.Td>
                  <Table.Td>{`${row.durationMs} ms`}</Table.Td>
                  <Table.Td>{row.attempt}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={replay.isPending && replay.variables === row.deliveryId}
                      onClick={() =>
                        replay.mutate(row.deliveryId, {
                          onSuccess: () => showToast({ type: "success", message: t("log.replayed") }),
                          onError: () => showToast({ type: "error", message: t("log.replayFailed") }),
                        })
                      }
                    >
                      {t("log.replay")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
