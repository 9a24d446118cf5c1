import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { AdminChargebackDetail } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { chargebackQueryOptions } from "../api/chargebacks-api.ts";
import { ChargebackDecisionCard } from "../components/chargeback-decision.tsx";
import { CHARGEBACK_STATE_COLORS } from "../components/chargeback-format.ts";
import { AdminItemPage, useIsStaff } from "../components/queue-item.tsx";
import { useChargebacksTexts } from "../i18n/chargebacks-texts.ts";

function useDate() {
  const locale = useLocale();
  return (value: string | null) =>
    value ? formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" }) : "—";
}

function ReportCard({ item }: { item: AdminChargebackDetail }) {
  const { t } = useChargebacksTexts();
  const { to } = useLocalizedPaths();
  const date = useDate();
  const lines: [string, string][] = [
    ["timing", t(`timings.${item.timing}`)],
    ["description", item.description || t("noDescription")],
    ["amount", `${item.fiatAmount} ${item.fiatCurrencyCode} · ${item.cryptoAmount} ${item.cryptoCurrencyCode}`],
    ["paymentMethod", item.paymentMethodName],
    ["tradeStatus", item.tradeStatus],
    ["startedAt", date(item.tradeStartedAt)],
    ["paidAt", date(item.tradePaidAt)],
    ["completedAt", date(item.tradeCompletedAt)],
    ["reportedAt", date(item.createdAt)],
    ["buyerRecord", String(item.buyerConfirmedChargebacks)],
  ];
  if (item.state !== "Pending") {
    lines.push(["decidedBy", item.decidedBy ?? "—"], ["decidedAt", date(item.decidedAt)]);
    lines.push(["decisionReason", item.decisionReason ?? "—"]);
  }
  return (
    <Paper withBorder radius="lg" p="md" data-testid="chargeback-report">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4">
          {t("details")}
        </Title>
        <Badge color={CHARGEBACK_STATE_COLORS[item.state]} variant="light" data-testid="chargeback-state">
          {t(`state.${item.state}`)}
        </Badge>
      </Group>
      <Anchor component={Link} to={to("viewTrade", { id: item.tradeId })} size="sm" data-testid="chargeback-trade">
        {t("openTrade")}
      </Anchor>
      <Table mt="sm" verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {lines.map(([field, value]) => (
            <Table.Tr key={field}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {t(`fields.${field}`)}
              </Table.Th>
              <Table.Td data-testid={`chargeback-field-${field}`}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function EventsCard({ item }: { item: AdminChargebackDetail }) {
  const { t } = useChargebacksTexts();
  const date = useDate();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="chargeback-events">
      <Title order={2} size="h4" mb="sm">
        {t("events")}
      </Title>
      {item.events.length === 0 ? (
        <Text c="dimmed">{t("noEvents")}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {item.events.map((event) => (
            <List.Item key={event.seq}>
              {date(event.createdAt)} · <code>{event.name}</code> · {t(`roles.${event.actorRole}`)}
              {event.actorUsername ? ` ${t("by", { name: event.actorUsername })}` : ""}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** /admin/chargebacks/:id: one chargeback report, its trade's events and the decision (every staff role). */
export function AdminChargebackPage() {
  const { t } = useChargebacksTexts();
  const { to } = useLocalizedPaths();
  const id = useParams().id ?? "";
  const item = useQuery({ ...chargebackQueryOptions(id), enabled: useIsStaff() });
  return (
    <AdminItemPage
      item={item}
      heading={(data) => t("itemTitle", { id: data.id, seller: data.sellerUsername, buyer: data.buyerUsername })}
      back={{ href: to("adminChargebacks"), label: t("back") }}
      texts={{ title: t("title"), notFound: t("notFound"), loadError: t("loadError"), retry: t("retry") }}
      missingTestId="chargeback-missing"
    >
      {(data) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ReportCard item={data} />
            <ChargebackDecisionCard item={data} />
          </SimpleGrid>
          <EventsCard item={data} />
        </Stack>
      )}
    </AdminItemPage>
  );
}
