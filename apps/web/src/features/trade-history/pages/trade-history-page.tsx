import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { COMPLETED_TRADE_FILTERS, type CompletedTradeFilter } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { TradeStatusBadge } from "../../../ui/trade-status-badge.tsx";
import { historyQueryOptions } from "../api/history-api.ts";
import { ExportPanel } from "../components/export-panel.tsx";
import { useHistoryTexts } from "../i18n/trade-history-texts.ts";

/** /dashboard/trade-history: finished trades by completed-trade filter, and exports. */
export function TradeHistoryPage() {
  const { t } = useHistoryTexts();
  const { to, locale } = useLocalizedPaths();
  const [filter, setFilter] = useState<CompletedTradeFilter>("all");
  const [page, setPage] = useState(1);
  const history = useQuery(historyQueryOptions(filter, page));
  const rows = history.data?.data ?? [];
  const meta = history.data?.meta;
  return (
    <TitledPage metaTitle={t("metaTitle")} title={t("title")} subtitle={t("subtitle")} size={1000}>
      <Paper withBorder radius="lg" p="md">
        <Group gap="xs" mb="md" role="group" aria-label={t("filterLabel")}>
          {COMPLETED_TRADE_FILTERS.map((value) => (
            <Button
              key={value}
              size="xs"
              radius="xl"
              variant={filter === value ? "filled" : "default"}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setPage(1);
              }}
            >
              {t(`filters.${value}`)}
            </Button>
          ))}
        </Group>
        {history.isPending ? (
          <Text c="dimmed">{t("loading")}</Text>
        ) : history.isError ? (
          <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void history.refetch()} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t("empty")}</Text>
        ) : (
          <Stack gap="xs" data-testid="trade-history">
            {rows.map((trade) => (
              <Group key={trade.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Anchor component={Link} to={to("viewTrade", { id: trade.id })} fw={600} size="sm">
                    {trade.side === "bought"
                      ? t("bought", { user: trade.partner.username })
                      : t("sold", { user: trade.partner.username })}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatCryptoDecimal(trade.cryptoAmount, locale)} {trade.cryptoCurrencyCode} ·{" "}
                    {formatFiatAmount(trade.fiatAmount, locale)} {trade.fiatCurrencyCode} · {trade.paymentMethodName} ·{" "}
                    {formatDate(trade.startedAt, locale)}
                  </Text>
                </div>
                <TradeStatusBadge status={trade.status} isPlain />
              </Group>
            ))}
            <PreviousNextPager
              page={page}
              meta={meta}
              onPage={setPage}
              texts={{ previous: t("previous"), next: t("next"), position: (at) => t("page", at) }}
            />
          </Stack>
        )}
      </Paper>
      <ExportPanel />
    </TitledPage>
  );
}
