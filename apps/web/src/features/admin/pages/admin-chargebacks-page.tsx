import { Anchor, Badge, SegmentedControl, Table, Text } from "@mantine/core";
import { type AdminChargeback, CHARGEBACK_FILTERS, type ChargebackFilter } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { chargebacksQueryOptions } from "../api/chargebacks-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { pageParamOf } from "../components/admin-pager.tsx";
import { CHARGEBACK_STATE_COLORS } from "../components/chargeback-format.ts";
import { useChargebacksTexts } from "../i18n/chargebacks-texts.ts";

function filterOf(value: string | null): ChargebackFilter {
  return (CHARGEBACK_FILTERS as readonly string[]).includes(value ?? "") ? (value as ChargebackFilter) : "Pending";
}

function ChargebackRow({ item }: { item: AdminChargeback }) {
  const { t } = useChargebacksTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  return (
    <Table.Tr data-testid="chargeback-row">
      <Table.Td>
        <Anchor component={Link} to={to("adminChargeback", { id: String(item.id) })} size="sm">
          {t("reportNumber", { id: item.id })}
        </Anchor>{" "}
        <Badge size="sm" variant="light" color={CHARGEBACK_STATE_COLORS[item.state]}>
          {t(`state.${item.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {item.fiatAmount} {item.fiatCurrencyCode} · {item.paymentMethodName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.sellerUsername}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.buyerUsername}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(item.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function ChargebacksScreen() {
  const { t } = useChargebacksTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = filterOf(searchParams.get("state"));
  const page = pageParamOf(searchParams);
  const list = useQuery(chargebacksQueryOptions(state, page));
  const rows = list.data?.data ?? [];
  const columns = [
    t("columns.report"),
    t("columns.trade"),
    t("columns.seller"),
    t("columns.buyer"),
    t("columns.reportedAt"),
  ];
  return (
    <>
      <SegmentedControl
        aria-label={t("stateFilter")}
        value={state}
        onChange={(next) => setSearchParams(next === "Pending" ? {} : { state: next })}
        w="fit-content"
        data={CHARGEBACK_FILTERS.map((value) => ({ value, label: t(`states.${value}`) }))}
        data-testid="chargeback-state-filter"
      />
      <ListPanel
        title={t("total", { count: list.data?.meta.total ?? 0 })}
        query={list}
        isEmpty={rows.length === 0}
        texts={{ loading: t("loading"), empty: t("empty"), error: t("loadError"), retry: t("retry") }}
        data-testid="chargeback-queue"
      >
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <ChargebackRow key={item.id} item={item} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PreviousNextPager
          page={page}
          meta={list.data?.meta}
          onPage={(next) => setSearchParams({ ...(state === "Pending" ? {} : { state }), page: String(next) })}
          texts={{ previous: t("previous"), next: t("next"), position: (at) => t("page", at) }}
        />
      </ListPanel>
    </>
  );
}

/** /admin/chargebacks: the sellers' chargeback reports by state, Pending oldest first (every staff role). */
export function AdminChargebacksPage() {
  const { t } = useChargebacksTexts();
  return (
    <AdminPage audience="staff" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <ChargebacksScreen />
    </AdminPage>
  );
}
