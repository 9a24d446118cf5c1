import { Alert, Button, Container, Skeleton, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { converterCurrenciesQueryOptions } from "../api/converter-api.ts";
import { CurrenciesTable } from "../components/currencies-table.tsx";
import { useConverterTexts } from "../converter-texts.ts";

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
        <Alert color="red" variant="light" radius="lg" title={t("error.title")}>
          <Text size="sm" mb="sm">
            {t("error.body")}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void currencies.refetch()}>
            {t("error.retry")}
          </Button>
        </Alert>
      ) : (
        <CurrenciesTable currencies={currencies.data.currencies} />
      )}
    </Container>
  );
}
