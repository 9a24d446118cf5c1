import { Badge, Container, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { envelopeSchema, tradeReceiptSchema } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { apiClient } from "../../../lib/api.ts";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { StatusPage } from "../../../ui/status-page.tsx";
import { useTradeTexts } from "../i18n/trade-texts.ts";

const receiptResponse = envelopeSchema(tradeReceiptSchema);

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** /receipt/{id}: the public receipt of a released trade, without who traded. */
export function ReceiptPage() {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const { id = "" } = useParams();
  const receipt = useQuery({
    queryKey: ["trade", "receipt", id],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/rest/v1/trade/${encodeURIComponent(id)}/receipt`, {
          schema: receiptResponse,
          signal,
          skipUnauthorizedRedirect: true,
        })
      ).data,
    retry: false,
  });
  if (receipt.isPending) {
    return (
      <Stack align="center" py={80}>
        <Loader />
      </Stack>
    );
  }
  if (receipt.isError) {
    return <StatusPage icon="?" eyebrow="404" title={t("receipt.title")} body={t("receipt.notFound")} />;
  }
  const data = receipt.data;
  const when = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Container size={640} py="xl">
      <title>{`${t("receipt.metaTitle")} · Souk`}</title>
      <Paper withBorder radius="lg" p="xl">
        <Stack>
          <div>
            <Badge color="green" variant="light" mb="xs">
              {t("receipt.released")}
            </Badge>
            <Title order={1} size="h2">
              {t("receipt.title")}
            </Title>
            <Text c="dimmed">{t("receipt.subtitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("tradeId", { id: data.id })}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Row
              label={t("receipt.amount")}
              value={`${formatCryptoDecimal(data.cryptoAmount, locale)} ${data.cryptoCurrencyCode}`}
            />
            <Row
              label={t("receipt.fiat")}
              value={`${formatFiatAmount(data.fiatAmount, locale)} ${data.fiatCurrencyCode}`}
            />
            <Row
              label={t("receipt.price")}
              value={`${formatFiatAmount(data.fiatPricePerCrypto, locale)} ${data.fiatCurrencyCode}`}
            />
            <Row label={t("receipt.method")} value={data.paymentMethodName} />
            <Row label={t("receipt.started")} value={when(data.startedAt)} />
            <Row label={t("receipt.completed")} value={when(data.completedAt)} />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Container>
  );
}
