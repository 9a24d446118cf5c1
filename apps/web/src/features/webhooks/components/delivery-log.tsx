import { Badge, Button, Table } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
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
    <ListPanel
      title={t("log.title")}
      query={log}
      isEmpty={rows.length === 0}
      texts={{ loading: t("loading"), empty: t("log.empty"), error: t("error"), retry: t("retry") }}
      data-testid="webhook-deliveries"
    >
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
                <Table.Td>{formatDate(row.attemptedAt, locale, { dateStyle: "short", timeStyle: "medium" })}</Table.Td>
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
    </ListPanel>
  );
}
