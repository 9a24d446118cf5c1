import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { TradeStatusBadge } from "../../../ui/trade-status-badge.tsx";
import {
  activeTradesQueryOptions,
  recentTradesQueryOptions,
  tradeStatisticsQueryOptions,
} from "../api/dashboard-api.ts";
import { useDashboardTexts } from "../i18n/dashboard-texts.ts";

/** A dashboard section; on a page of its own the page's heading names it, so `title` is null there. */
function Section({
  title,
  action,
  children,
}: {
  title: string | null;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      {title !== null || action ? (
        <Group justify="space-between" mb="sm">
          {title !== null ? (
            <Title order={2} size="h4">
              {title}
            </Title>
          ) : null}
          {action}
        </Group>
      ) : null}
      {children}
    </Paper>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useDashboardTexts();
  return <LoadError message={t("error")} retryLabel={t("retry")} onRetry={onRetry} />;
}

export function ActiveTradesSection() {
  const { t } = useDashboardTexts();
  const { to, locale } = useLocalizedPaths();
  const active = useQuery(activeTradesQueryOptions());
  const rows = active.data?.data ?? [];
  return (
    <Section title={t("active.title")}>
      {active.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : active.isError ? (
        <Failed onRetry={() => void active.refetch()} />
      ) : rows.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text c="dimmed">{t("active.empty")}</Text>
          <Button component={Link} to={to("marketplaceBuy")} variant="light" size="xs">
            {t("active.toMarket")}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="active-trades">
          {rows.map((trade) => (
            <Paper key={trade.id} withBorder radius="md" p="sm" data-testid="active-trade">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Group gap="xs">
                    <Text fw={600}>
                      {trade.side === "bought"
                        ? t("active.buying", { user: trade.partner.username })
                        : t("active.selling", { user: trade.partner.username })}
                    </Text>
                    <TradeStatusBadge status={trade.status} />
                    {trade.isAlarmed ? (
                      <Badge color="red" variant="filled">
                        {t("active.actionNeeded")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatCryptoDecimal(trade.cryptoAmount, locale)} {trade.cryptoCurrencyCode} ·{" "}
                    {formatFiatAmount(trade.fiatAmount, locale)} {trade.fiatCurrencyCode} · {trade.paymentMethodName}
                  </Text>
                </div>
                <Button component={Link} to={to("viewTrade", { id: trade.id })} size="xs">
                  {t("open")}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export function RecentTradesSection({ paged = false }: { paged?: boolean }) {
  const { t } = useDashboardTexts();
  const { to, locale } = useLocalizedPaths();
  const [page, setPage] = useState(1);
  const recent = useQuery(recentTradesQueryOptions(page, paged ? 20 : 5));
  const rows = recent.data?.data ?? [];
  const meta = recent.data?.meta;
  return (
    <Section
      title={paged ? null : t("recent.title")}
      action={
        paged ? null : (
          <Anchor component={Link} to={to("recentTrades")} size="sm">
            {t("viewAll")}
          </Anchor>
        )
      }
    >
      {recent.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : recent.isError ? (
        <Failed onRetry={() => void recent.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("recent.empty")}</Text>
      ) : (
        <Stack gap={6}>
          {rows.map((trade) => (
            <Group key={trade.id} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Anchor component={Link} to={to("viewTrade", { id: trade.id })} fw={600} size="sm">
                  {trade.side === "bought"
                    ? t("recent.bought", { user: trade.partner.username })
                    : t("recent.sold", { user: trade.partner.username })}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatCryptoDecimal(trade.cryptoAmount, locale)} {trade.cryptoCurrencyCode} ·{" "}
                  {formatFiatAmount(trade.fiatAmount, locale)} {trade.fiatCurrencyCode} ·{" "}
                  {formatDate(trade.startedAt, locale)}
                </Text>
              </div>
              <TradeStatusBadge status={trade.status} />
            </Group>
          ))}
          {paged ? (
            <PreviousNextPager
              page={page}
              meta={meta}
              onPage={setPage}
              texts={{ previous: t("recent.previous"), next: t("recent.next"), position: (at) => t("recent.page", at) }}
            />
          ) : null}
        </Stack>
      )}
    </Section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </div>
  );
}

export function TradeStatisticsSection({ detailed = false }: { detailed?: boolean }) {
  const { t } = useDashboardTexts();
  const { to, locale } = useLocalizedPaths();
  const stats = useQuery(tradeStatisticsQueryOptions());
  const data = stats.data;
  return (
    <Section
      title={detailed ? null : t("stats.title")}
      action={
        detailed ? null : (
          <Anchor component={Link} to={to("tradeStatistics")} size="sm">
            {t("viewAll")}
          </Anchor>
        )
      }
    >
      {stats.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : stats.isError || !data ? (
        <Failed onRetry={() => void stats.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="trade-statistics">
            <Stat label={t("stats.total")} value={data.totalTrades} />
            <Stat label={t("stats.active")} value={data.activeTrades} />
            <Stat label={t("stats.successful")} value={data.successfulTrades} />
            <Stat label={t("stats.cancelled")} value={data.cancelledTrades} />
            {detailed ? (
              <>
                <Stat label={t("stats.expired")} value={data.expiredTrades} />
                <Stat label={t("stats.disputed")} value={data.disputedTrades} />
                <Stat label={t("stats.asBuyer")} value={data.asBuyer} />
                <Stat label={t("stats.asSeller")} value={data.asSeller} />
                <Stat label={t("stats.partners")} value={data.partners} />
              </>
            ) : null}
          </SimpleGrid>
          {detailed ? (
            <div>
              <Text fw={600} mb={4}>
                {t("stats.volumes")}
              </Text>
              {data.cryptoVolumes.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("stats.noVolume")}
                </Text>
              ) : (
                data.cryptoVolumes.map((volume) => (
                  <Text key={volume.cryptoCurrencyCode} size="sm">
                    {volume.cryptoCurrencyCode}: {t("stats.bought")} {formatCryptoDecimal(volume.bought, locale)} ·{" "}
                    {t("stats.sold")} {formatCryptoDecimal(volume.sold, locale)}
                  </Text>
                ))
              )}
            </div>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
