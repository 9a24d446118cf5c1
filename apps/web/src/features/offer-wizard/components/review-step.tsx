import { Anchor, Badge, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import type { Country } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { formatFiatAmount } from "../../../lib/format.ts";
import { tagsQueryOptions } from "../../../lib/reference-queries.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues, WizardStep } from "../model/wizard-form.ts";
import classes from "./offer-wizard.module.css";
import { findFiat, findPaymentMethod, type WizardReference } from "./wizard-reference.ts";

export interface ReviewStepProps {
  reference: WizardReference;
  countries: Country[];
  onEditStep: (step: WizardStep) => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.reviewRow}>
      <Text size="sm" c="dimmed" className={classes.reviewLabel}>
        {label}
      </Text>
      <div className={classes.reviewValue}>{children}</div>
    </div>
  );
}

/** Step 4: everything once more, with a way back to each part, and the switch to publish active. */
export function ReviewStep({ reference, countries, onEditStep }: ReviewStepProps) {
  const { t } = useOfferWizardTexts();
  const locale = useLocale();
  const form = useFormContext<WizardFormValues>();
  const values = useWatch({ control: form.control }) as WizardFormValues;
  const method = findPaymentMethod(reference, values.paymentMethodSlug);
  const fiat = findFiat(reference, values.fiatCurrencyCode);
  const tags = useQuery(tagsQueryOptions({ paymentMethod: values.paymentMethodSlug || null, group: null })).data ?? [];
  const fiatCode = values.fiatCurrencyCode;
  const money = (amount: string) => `${formatFiatAmount(amount, locale, 0)} ${fiatCode}`;
  const requirements = [
    values.requireMinPastTrades !== "" && values.requireMinPastTrades !== "0"
      ? t("review.minPastTrades", { count: Number(values.requireMinPastTrades) })
      : null,
    values.requireVerifiedId ? t("terms.verifiedId") : null,
    values.requireFullNameVisibility ? t("terms.fullName") : null,
    values.showOnlyTrustedUser ? t("terms.trustedOnly") : null,
    values.isAnonymousUserRestricted ? t("terms.restrictAnonymous") : null,
  ].filter((item): item is string => item !== null);
  const countryNames = values.availableIn.map(
    (iso) => countries.find((country) => country.iso === iso)?.nameLocalized ?? iso,
  );
  const activeDays = values.dutyHours.filter((row) => row.active);

  function section(step: WizardStep, title: string, rows: ReactNode) {
    return (
      <Paper withBorder radius="md" p="md" className={classes.reviewSection}>
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Anchor component="button" type="button" size="sm" onClick={() => onEditStep(step)}>
            {t("review.edit", { section: title.toLowerCase() })}
          </Anchor>
        </Group>
        <Stack gap={6}>{rows}</Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md" data-testid="offer-review">
      <div>
        <Title order={2} size="h4">
          {t("review.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("review.subtitle")}
        </Text>
      </div>
      {section(
        "basics",
        t("steps.basics"),
        <>
          <Row label={t("review.side")}>
            <Text size="sm" fw={600}>
              {values.type === "sell"
                ? t("review.sideSell", { crypto: values.cryptoCurrencyCode })
                : t("review.sideBuy", { crypto: values.cryptoCurrencyCode })}
            </Text>
          </Row>
          <Row label={t("review.paymentMethod")}>
            <Text size="sm" fw={600}>
              {method?.nameLocalized ?? values.paymentMethodSlug}
            </Text>
          </Row>
          <Row label={t("review.currency")}>
            <Text size="sm" fw={600}>
              {fiat ? `${fiat.code} · ${fiat.nameLocalized}` : fiatCode}
            </Text>
          </Row>
        </>,
      )}
      {section(
        "pricing",
        t("steps.pricing"),
        <>
          <Row label={t("review.price")}>
            <Text size="sm" fw={600}>
              {values.priceType === "margin"
                ? t("review.priceMargin", { margin: values.margin })
                : `${t("review.priceFixed")} · ${formatFiatAmount(values.fixedPrice || "0", locale, fiat?.decimals ?? 2)} ${fiatCode}`}
            </Text>
          </Row>
          <Row label={values.rangeType === "predefined" ? t("review.predefined") : t("review.limits")}>
            <Text size="sm" fw={600}>
              {values.rangeType === "predefined"
                ? values.predefinedAmounts.map((amount) => money(amount)).join(", ")
                : `${money(values.fiatLimitMin || "0")} – ${money(values.fiatLimitMax || "0")}`}
            </Text>
          </Row>
          {values.rangeType === "predefined" ? (
            <Row label={t("review.limits")}>
              <Text size="sm">{`${money(values.fiatLimitMin || "0")} – ${money(values.fiatLimitMax || "0")}`}</Text>
            </Row>
          ) : null}
          <Row label={t("review.newBuyerLimit")}>
            <Text size="sm">{values.newBuyerMaxFiatLimit ? money(values.newBuyerMaxFiatLimit) : t("review.none")}</Text>
          </Row>
          <Row label={t("review.cap")}>
            <Text size="sm">
              {values.offerCap.active && values.offerCap.amount ? money(values.offerCap.amount) : t("review.none")}
            </Text>
          </Row>
          <Row label={t("review.paymentWindow")}>
            <Text size="sm">{t("review.minutes", { count: Number(values.paymentWindowMinutes) })}</Text>
          </Row>
        </>,
      )}
      {section(
        "terms",
        t("steps.terms"),
        <>
          <Row label={t("review.terms")}>
            <Text size="sm" className={classes.preWrap} lineClamp={4}>
              {values.offerTerms.trim() || t("review.noTerms")}
            </Text>
          </Row>
          <Row label={t("review.tags")}>
            {values.tags.length === 0 ? (
              <Text size="sm">{t("review.none")}</Text>
            ) : (
              <Group gap={6}>
                {values.tags.map((tag) => (
                  <Badge key={tag} variant="light" color="gray" radius="sm">
                    {t(`tagNames.${tag}` as "tagNames.no-vpn", {
                      defaultValue: tags.find((item) => item.slug === tag)?.name ?? tag,
                    })}
                  </Badge>
                ))}
              </Group>
            )}
          </Row>
          <Row label={t("review.requirements")}>
            <Text size="sm">{requirements.length > 0 ? requirements.join(" · ") : t("review.none")}</Text>
          </Row>
          <Row label={t("review.countries")}>
            <Text size="sm">{countryNames.length > 0 ? countryNames.join(", ") : t("review.everywhere")}</Text>
          </Row>
          <Row label={t("review.dutyHours")}>
            <Text size="sm">
              {values.hasDutyHours
                ? `${activeDays
                    .map((row) => `${t(`days.${row.day}` as "days.1").slice(0, 3)} ${row.startTime}–${row.endTime}`)
                    .join(", ")} (${values.timezone})`
                : t("review.always")}
            </Text>
          </Row>
        </>,
      )}
      <Paper withBorder radius="md" p="md" className={classes.reviewSection}>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              size="md"
              label={t("review.isActive")}
              description={t("review.isActiveHint")}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      </Paper>
    </Stack>
  );
}
