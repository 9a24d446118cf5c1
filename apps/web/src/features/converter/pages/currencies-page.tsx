import { Container, Skeleton, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../../ui/load-error.tsx";
import { converterCurrenciesQueryOptions } from "../api/converter-api.ts";
import { CurrenciesTable } from "../components/currencies-table.tsx";
import { useConverterTexts } from "../i18n/converter-texts.ts";

/** The currencies table on its own page (docs/product.md#converter). */
export function CurrenciesPage() {
  const { t } = useConverterTexts();
  const currencies = useQuery(converterCurrenciesQueryOptions());
  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="currencies-page">
      <title>{`${t("currenciesPage.metaTitle")} · Souk`}</title>
      <Title order={1}>{t("currenciesPage.title")}</Title>
      <Text c="dimmed" mt={6} mb="lg">
        {t("currenciesPage.subtitle")}
      </Text>
      {currencies.isPending ? (
        <Skeleton height={400} radius="lg" />
      ) : currencies.isError ? (
        <LoadError
          title={t("error.title")}
          message={t("error.body")}
          retryLabel={t("error.retry")}
          onRetry={() => void currencies.refetch()}
        />
      ) : (
        <CurrenciesTable currencies={currencies.data.currencies} />
      )}
    </Container>
  );
}
