import { Anchor, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import type { ConverterCurrency } from "../api/converter-api.ts";
import { useConverterTexts } from "../i18n/converter-texts.ts";

function scaleOf(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** The currencies table: each currency's BTC and USDT prices and units per USD, with its converter. */
export function CurrenciesTable({
  currencies,
  current,
}: {
  currencies: readonly ConverterCurrency[];
  current?: string;
}) {
  const { t, i18n } = useConverterTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const shown = currencies.filter(
    (currency) =>
      needle === "" || currency.code.toLowerCase().includes(needle) || currency.name.toLowerCase().includes(needle),
  );
  const show = (value: string | null) =>
    value === null ? t("table.noRate") : formatFiatAmount(value, locale, scaleOf(value));

  return (
    <div data-testid="currencies-table">
      <TextInput
        aria-label={t("table.search")}
        placeholder={t("table.search")}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={320}
        mb="md"
        size="sm"
      />
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm" striped="even" stripedColor="var(--souk-surface-muted)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("table.currency")}</Table.Th>
              <Table.Th ta="right">{t("table.btc")}</Table.Th>
              <Table.Th ta="right">{t("table.usdt")}</Table.Th>
              <Table.Th ta="right">{t("table.usd")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((currency) => (
              <Table.Tr key={currency.code} aria-current={currency.code === current ? "true" : undefined}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={to("calculator", { conversion: `btc-to-${currency.code.toLowerCase()}` })}
                    fw={600}
                    aria-label={t("table.open", { code: currency.code })}
                  >
                    {currency.code}
                  </Anchor>
                  <Text span size="sm" c="dimmed" ml={8}>
                    {currency.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                  {show(currency.rate.btc)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                  {show(currency.rate.usdt)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                  {show(currency.rate.usd)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t("table.empty", { search: search.trim() })}
        </Text>
      ) : null}
    </div>
  );
}
