import {
  Checkbox,
  Chip,
  Collapse,
  Fieldset,
  Group,
  Loader,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { type Country, GIFT_CARD_REGIONS, OFFER_LIMITS, type Timezone } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { tagsQueryOptions } from "../../../lib/reference-queries.ts";
import { isDigitsText } from "../../../lib/text-inputs.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import { BankAccountsField } from "./bank-accounts-field.tsx";
import { DutyHoursField } from "./duty-hours-field.tsx";
import { FormTextField } from "./form-text-field.tsx";
import classes from "./offer-wizard.module.css";
import { useFieldError } from "./use-field-error.ts";
import { findPaymentMethod, type WizardReference } from "./wizard-reference.ts";

/** Gift card regions are countries: their names come from the browser, in the page's language. */
function regionName(region: { id: string; name: string }, locale: string): string {
  const iso = region.id === "uk" ? "GB" : region.id.toUpperCase();
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(iso) ?? region.name;
  } catch {
    return region.name;
  }
}

export interface TermsStepProps {
  reference: WizardReference;
  countries: Country[];
  timezones: Timezone[];
  /** The edited offer's id, whose attached bank accounts start ticked; null for a new offer. */
  offerIdHashed: string | null;
}

const requirementSwitches = [
  { name: "requireVerifiedId", label: "terms.verifiedId" },
  { name: "requireFullNameVisibility", label: "terms.fullName" },
  { name: "showOnlyTrustedUser", label: "terms.trustedOnly" },
  { name: "isAnonymousUserRestricted", label: "terms.restrictAnonymous" },
] as const;

/** Step 3: terms, trade details, tags, counterparty requirements, countries and duty hours. */
export function TermsStep({ reference, countries, timezones, offerIdHashed }: TermsStepProps) {
  const { t } = useOfferWizardTexts();
  const locale = useLocale();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const [paymentMethodSlug, hasDutyHours, selectedTags] = useWatch({
    control: form.control,
    name: ["paymentMethodSlug", "hasDutyHours", "tags"],
  });
  const method = findPaymentMethod(reference, paymentMethodSlug);
  const tags = useQuery(tagsQueryOptions({ paymentMethod: paymentMethodSlug || null, group: null }));
  const countryData = useMemo(
    () => countries.map((country) => ({ value: country.iso, label: country.nameLocalized })),
    [countries],
  );

  return (
    <Stack gap="xl">
      <Fieldset legend={t("terms.termsLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
        <Stack gap="md">
          <Textarea
            label={t("terms.offerTerms")}
            description={t("terms.offerTermsHint")}
            placeholder={t("terms.offerTermsPlaceholder")}
            autosize
            minRows={4}
            maxRows={12}
            size="md"
            maxLength={OFFER_LIMITS.termsMaxLength}
            error={fieldError("offerTerms")}
            {...form.register("offerTerms")}
          />
          <Textarea
            label={t("terms.tradeDetails")}
            description={t("terms.tradeDetailsHint")}
            autosize
            minRows={3}
            maxRows={10}
            size="md"
            maxLength={OFFER_LIMITS.termsMaxLength}
            error={fieldError("tradeDetails")}
            {...form.register("tradeDetails")}
          />
          <TextInput
            label={t("terms.label")}
            description={t("terms.labelHint", { max: OFFER_LIMITS.labelMaxLength })}
            maxLength={OFFER_LIMITS.labelMaxLength}
            error={fieldError("label")}
            {...form.register("label")}
          />
          <Stack gap={6}>
            <Text component="span" className={classes.groupLabel} id="offer-tags-label">
              {t("terms.tags")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("terms.tagsHint", { max: OFFER_LIMITS.tagsMax })}
            </Text>
            {tags.isPending ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t("terms.tagsLoading")}
                </Text>
              </Group>
            ) : (
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => (
                  <Chip.Group multiple value={field.value} onChange={field.onChange}>
                    <Group gap="xs" role="group" aria-labelledby="offer-tags-label">
                      {(tags.data ?? []).map((tag) => (
                        <Tooltip
                          key={tag.slug}
                          label={t(`tagDescriptions.${tag.slug}` as "tagDescriptions.no-vpn", {
                            defaultValue: tag.description,
                          })}
                          openDelay={400}
                          withinPortal
                        >
                          <Chip
                            value={tag.slug}
                            variant="outline"
                            radius="sm"
                            disabled={!selectedTags.includes(tag.slug) && selectedTags.length >= OFFER_LIMITS.tagsMax}
                          >
                            {t(`tagNames.${tag.slug}` as "tagNames.no-vpn", { defaultValue: tag.name })}
                          </Chip>
                        </Tooltip>
                      ))}
                    </Group>
                  </Chip.Group>
                )}
              />
            )}
            {fieldError("tags") ? (
              <Text size="sm" c="red" role="alert">
                {fieldError("tags")}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("terms.requirementsLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
        <Stack gap="md">
          <FormTextField
            name="requireMinPastTrades"
            label={t("terms.minPastTrades")}
            description={t("terms.minPastTradesHint")}
            inputMode="numeric"
            maw={320}
            accept={isDigitsText}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {requirementSwitches.map((item) => (
              <Controller
                key={item.name}
                control={form.control}
                name={item.name}
                render={({ field }) => (
                  <Checkbox
                    label={t(item.label)}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="availableIn"
            render={({ field }) => (
              <MultiSelect
                label={t("terms.countries")}
                description={t("terms.countriesHint")}
                placeholder={field.value.length === 0 ? t("terms.countriesPlaceholder") : undefined}
                searchable
                clearable
                size="md"
                data={countryData}
                value={field.value}
                onChange={field.onChange}
                error={fieldError("availableIn")}
                maxDropdownHeight={280}
              />
            )}
          />
          {method?.groupSlug === "gift-cards" ? (
            <Controller
              control={form.control}
              name="cardRegions"
              render={({ field }) => (
                <MultiSelect
                  label={t("terms.cardRegions")}
                  placeholder={field.value.length === 0 ? t("terms.cardRegionsPlaceholder") : undefined}
                  searchable
                  clearable
                  size="md"
                  data={GIFT_CARD_REGIONS.map((region) => ({ value: region.id, label: regionName(region, locale) }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError("cardRegions")}
                />
              )}
            />
          ) : null}
        </Stack>
      </Fieldset>

      <Fieldset legend={t("terms.dutyLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="hasDutyHours"
            render={({ field }) => (
              <Switch
                label={t("terms.dutyToggle")}
                description={t("terms.dutyHint")}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Collapse expanded={hasDutyHours}>
            <DutyHoursField timezones={timezones} />
          </Collapse>
        </Stack>
      </Fieldset>
      <BankAccountsField offerIdHashed={offerIdHashed} />
    </Stack>
  );
}
