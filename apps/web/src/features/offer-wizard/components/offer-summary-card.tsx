import { Badge, Divider, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { parseAmount } from "@souk/money";
import { useWatch } from "react-hook-form";
import { formatCryptoAmount, formatFiatAmount } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import classes from "./offer-wizard.module.css";
import { usePricePreview } from "./use-price-preview.ts";
import { findCrypto, findPaymentMethod, type WizardReference } from "./wizard-reference.ts";

/** The form fields the summary reads, in the order it reads them. */
const SUMMARY_FIELDS = [
  "type",
  "cryptoCurrencyCode",
  "fiatCurrencyCode",
  "paymentMethodSlug",
  "fiatLimitMin",
  "fiatLimitMax",
  "rangeType",
  "predefinedAmounts",
] as const;

/** The live summary beside the wizard: what is offered and the price per coin right now. */
export function OfferSummaryCard({ reference }: { reference: WizardReference }) {
  const { t } = useOfferWizardTexts();
  const locale = useLocale();
  const [type, cryptoCode, fiatCode, methodSlug, min, max, rangeType, amounts] = useWatch<
    WizardFormValues,
    typeof SUMMARY_FIELDS
  >({ name: SUMMARY_FIELDS });
  const { isLoading, preview, fiatDecimals, cryptoAtMax } = usePricePreview(reference);
  const method = findPaymentMethod(reference, methodSlug);
  const crypto = findCrypto(reference, cryptoCode);
  const margin = preview?.effectiveMargin ?? null;
  const marginText =
    margin === null
      ? null
      : margin.startsWith("-")
        ? t("preview.belowMarket", { value: formatFiatAmount(margin.slice(1), locale) })
        : /[1-9]/.test(margin)
          ? t("preview.aboveMarket", { value: formatFiatAmount(margin, locale) })
          : t("preview.atMarket");

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.summary}
      data-testid="offer-price-preview"
      aria-live="polite"
    >
      <Group gap="xs" mb="sm">
        <Badge color={type === "sell" ? "souk" : "blue"} variant="light" radius="sm">
          {type === "sell" ? t("review.sideSell", { crypto: cryptoCode }) : t("review.sideBuy", { crypto: cryptoCode })}
        </Badge>
        {method ? (
          <Badge color="gray" variant="light" radius="sm">
            {method.nameLocalized}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" className={classes.eyebrow}>
        {t("preview.title")}
      </Text>
      {isLoading ? (
        <Group gap="xs" mt="sm">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            {t("preview.loading")}
          </Text>
        </Group>
      ) : preview === null ? (
        <Text c="dimmed" size="sm" mt="xs">
          {t("preview.noRate")}
        </Text>
      ) : (
        <Stack gap={4} mt={4}>
          {preview.pricePerCoin === null ? (
            <Text c="dimmed" size="sm">
              {t("preview.incomplete")}
            </Text>
          ) : (
            <Group gap={6} align="baseline" wrap="wrap">
              <Text className={classes.bigPrice} data-testid="preview-price">
                {formatFiatAmount(preview.pricePerCoin, locale, fiatDecimals)}
              </Text>
              <Text fw={600}>{fiatCode}</Text>
              <Text c="dimmed" size="sm">
                {t("preview.perCoin", { crypto: cryptoCode })}
              </Text>
            </Group>
          )}
          {marginText ? (
            <Text size="sm" c={margin?.startsWith("-") ? "orange" : "souk"} fw={600}>
              {marginText}
            </Text>
          ) : null}
          <Divider my="sm" />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t("preview.market")}
            </Text>
            <Text size="sm" fw={600} data-testid="preview-market-price">
              {formatFiatAmount(preview.marketPrice, locale, fiatDecimals)} {fiatCode}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed">
              {t("review.limits")}
            </Text>
            <Text size="sm" fw={600} ta="right">
              {rangeType === "predefined" && amounts.length > 0
                ? `${amounts.map((amount) => formatFiatAmount(amount, locale, 0)).join(", ")} ${fiatCode}`
                : min !== "" && max !== ""
                  ? `${formatFiatAmount(min, locale, 0)} – ${formatFiatAmount(max, locale, 0)} ${fiatCode}`
                  : "—"}
            </Text>
          </Group>
          {cryptoAtMax !== null && crypto ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t("preview.atMax", {
                amount: formatCryptoAmount(parseAmount(cryptoAtMax, crypto.precision), crypto.precision, locale),
                crypto: cryptoCode,
              })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" mt={4}>
            {t("preview.ratesNote")}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
