import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import {
  type ChartRange,
  type ConverterCurrency,
  converterCurrenciesQueryOptions,
  priceChartQueryOptions,
} from "../api/converter-api.ts";
import { CurrenciesTable } from "../components/currencies-table.tsx";
import {
  btcToFiat,
  CONVERTER_BTC_DECIMALS,
  CONVERTER_FIAT_DECIMALS,
  changePercent,
  fiatToBtc,
  INITIAL_FIAT_AMOUNT,
  isAmountInput,
} from "../converter-math.ts";
import { useConverterTexts } from "../i18n/converter-texts.ts";
import classes from "./converter-page.module.css";

/** lightweight-charts comes with this chunk only, fetched when a chart is drawn. */
const PriceChart = lazy(() =>
  import("../components/price-chart.tsx").then((module) => ({ default: module.PriceChart })),
);

const ranges: readonly ChartRange[] = ["day", "week", "month", "year"];
/** Converter chart default range (docs/product.md#converter). */
const DEFAULT_RANGE: ChartRange = "month";

function scaleOf(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

function Calculator({
  currency,
  currencies,
  onCurrency,
}: {
  currency: ConverterCurrency;
  currencies: readonly ConverterCurrency[];
  onCurrency: (code: string) => void;
}) {
  const { t } = useConverterTexts();
  const [source, setSource] = useState<{ side: "fiat" | "btc"; text: string }>({
    side: "fiat",
    text: INITIAL_FIAT_AMOUNT,
  });
  const price = currency.rate.btc;
  const fiatText = source.side === "fiat" ? source.text : price ? btcToFiat(source.text, price) : "";
  const btcText = source.side === "btc" ? source.text : price ? fiatToBtc(source.text, price) : "";

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="converter-calculator">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("calculator.title")}
        </Title>
        <Select
          label={t("calculator.currency")}
          data={currencies.map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }))}
          value={currency.code}
          onChange={(value) => value && onCurrency(value)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("calculator.noCurrency")}
          size="md"
          data-testid="converter-currency"
        />
        <TextInput
          className={classes.amount}
          label={t("calculator.fiat", { name: currency.name, code: currency.code })}
          size="lg"
          inputMode="decimal"
          autoComplete="off"
          value={fiatText}
          disabled={!price}
          onChange={(event) => {
            const next = event.currentTarget.value.replace(",", ".").replace(/\s/g, "");
            if (isAmountInput(next, CONVERTER_FIAT_DECIMALS)) setSource({ side: "fiat", text: next });
          }}
          rightSection={
            <Text fw={600} c="dimmed" size="sm">
              {currency.code}
            </Text>
          }
          rightSectionWidth={60}
          data-testid="converter-fiat"
        />
        <TextInput
          className={classes.amount}
          label={t("calculator.btc")}
          size="lg"
          inputMode="decimal"
          autoComplete="off"
          value={btcText}
          disabled={!price}
          onChange={(event) => {
            const next = event.currentTarget.value.replace(",", ".").replace(/\s/g, "");
            if (isAmountInput(next, CONVERTER_BTC_DECIMALS)) setSource({ side: "btc", text: next });
          }}
          rightSection={
            <Text fw={600} c="dimmed" size="sm">
              BTC
            </Text>
          }
          rightSectionWidth={60}
          data-testid="converter-btc"
        />
        <Text size="xs" c="dimmed">
          {price ? t("calculator.note", { code: currency.code }) : t("calculator.noRate", { code: currency.code })}
        </Text>
      </Stack>
    </Paper>
  );
}

function ChartCard({ currency }: { currency: ConverterCurrency }) {
  const { t, i18n } = useConverterTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE);
  const chart = useQuery(priceChartQueryOptions(range, currency.code));
  const points = chart.data ?? [];
  const first = points[0];
  const last = points.at(-1);
  const change = first && last && points.length > 1 ? changePercent(first.value, last.value) : null;
  const decimals = last ? scaleOf(last.value) : 2;

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="converter-chart">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t("chart.title", { code: currency.code })}
          </Title>
          {change !== null ? (
            <Badge
              mt={6}
              variant="light"
              radius="sm"
              tt="none"
              color={change.startsWith("-") ? "red" : "teal"}
              data-testid="chart-change"
            >
              {t("chart.change", {
                change: `${change.startsWith("-") ? "−" : "+"}${formatFiatAmount(change.replace(/^-/, ""), locale)}${locale === "fr" ? " %" : "%"}`,
              })}
            </Badge>
          ) : null}
        </div>
        <SegmentedControl
          aria-label={t("chart.range")}
          value={range}
          onChange={(value) => setRange(value as ChartRange)}
          data={ranges.map((value) => ({ value, label: t(`chart.ranges.${value}`) }))}
          radius="md"
          data-testid="chart-range"
        />
      </Group>
      {chart.isError && !chart.data ? (
        <LoadError message={t("chart.error")} retryLabel={t("chart.retry")} onRetry={() => void chart.refetch()} />
      ) : chart.isPending ? (
        <Skeleton height={300} radius="md" aria-label={t("chart.loading")} />
      ) : points.length === 0 ? (
        <Text c="dimmed" ta="center" py={120}>
          {t("chart.empty")}
        </Text>
      ) : (
        <div style={{ opacity: chart.isPlaceholderData ? 0.5 : 1, transition: "opacity 150ms" }}>
          <Suspense fallback={<Skeleton height={300} radius="md" aria-label={t("chart.loading")} />}>
            <PriceChart
              points={points}
              decimals={decimals}
              locale={locale}
              label={t("chart.description", { code: currency.code })}
            />
          </Suspense>
        </div>
      )}
    </Paper>
  );
}

/** Converter and calculator `/calculator/btc-to-{currencyCode}` (docs/product.md#converter). */
export function ConverterPage() {
  const { t, i18n } = useConverterTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const navigate = useNavigate();
  const { conversion = "" } = useParams();
  const code = conversion.replace(/^btc-to-/i, "").toUpperCase();
  const currencies = useQuery(converterCurrenciesQueryOptions());
  const goTo = (next: string) => navigate(to("calculator", { conversion: `btc-to-${next.toLowerCase()}` }));

  if (currencies.isPending) {
    return (
      <Container w="100%" size="lg" py="xl">
        <Skeleton height={40} width="45%" mb="lg" />
        <div className={classes.layout}>
          <Skeleton height={340} radius="lg" />
          <Skeleton height={400} radius="lg" />
        </div>
      </Container>
    );
  }
  if (currencies.isError) {
    return (
      <Container w="100%" size="sm" py={64}>
        <LoadError
          title={t("error.title")}
          message={t("error.body")}
          retryLabel={t("error.retry")}
          onRetry={() => void currencies.refetch()}
          data-testid="converter-error"
        />
      </Container>
    );
  }

  const list = currencies.data.currencies;
  const currency = list.find((item) => item.code === code);
  const asOf = currencies.data.asOf;

  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="converter-page">
      <title>{`${t("metaTitle", { code })} · Souk`}</title>
      {currency ? (
        <>
          <Group justify="space-between" align="flex-end" mb="lg" gap="md">
            <div>
              <Title order={1} className={classes.title}>
                {t("title", { name: currency.name })}
              </Title>
              <Text c="dimmed" mt={6} maw={620}>
                {t("subtitle", { name: currency.name })}
              </Text>
            </div>
            {currency.rate.btc ? (
              <Stack gap={0} align="flex-end">
                <Text className={classes.rate} data-testid="converter-rate">
                  {t("rate", {
                    price: formatFiatAmount(currency.rate.btc, locale, scaleOf(currency.rate.btc)),
                    code: currency.code,
                  })}
                </Text>
                {asOf ? (
                  <Text size="xs" c="dimmed">
                    {t("asOf", { date: formatDate(`${asOf}T00:00:00Z`, locale) })}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
          </Group>
          <div className={classes.layout}>
            <Calculator key={`calculator-${currency.code}`} currency={currency} currencies={list} onCurrency={goTo} />
            <ChartCard key={`chart-${currency.code}`} currency={currency} />
          </div>
        </>
      ) : (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          title={t("unknown.title", { code })}
          data-testid="converter-unknown"
        >
          <Text size="sm" mb="sm">
            {t("unknown.body")}
          </Text>
          <Button size="xs" component={Link} to={to("calculator", { conversion: "btc-to-usd" })}>
            {t("unknown.action")}
          </Button>
        </Alert>
      )}

      <Stack gap={4} mt={48} component="section" aria-labelledby="currencies-title">
        <Title order={2} size="h3" id="currencies-title">
          {t("table.title")}
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          {t("table.subtitle")}
        </Text>
        <CurrenciesTable currencies={list} current={currency?.code} />
      </Stack>
    </Container>
  );
}
