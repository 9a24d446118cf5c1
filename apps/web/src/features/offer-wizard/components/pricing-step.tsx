import {
  Collapse,
  Fieldset,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
} from "@mantine/core";
import { OFFER_LIMITS } from "@souk/contracts";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { formatFiatAmount } from "../../../lib/format.ts";
import { isDecimalAmountText, isDigitsText, isSignedDecimalText } from "../../../lib/text-inputs.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import { PAYMENT_WINDOW_CHOICES, type WizardFormValues } from "../model/wizard-form.ts";
import { FormTextField } from "./form-text-field.tsx";
import classes from "./offer-wizard.module.css";
import { useFieldError } from "./use-field-error.ts";

export interface PricingStepProps {
  /** Fiat traded on the offer so far, when it has a cap (edit only). */
  capUsed: string | null;
}

/** Step 2: price (margin or fixed), limits (min-max or fixed amounts), new-trader limit, cap, window. */
export function PricingStep({ capUsed }: PricingStepProps) {
  const { t } = useOfferWizardTexts();
  const locale = useLocale();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const [fiat, capActive] = useWatch({ control: form.control, name: ["fiatCurrencyCode", "offerCap.active"] });
  const isCapEnabled = isFeatureEnabled("offerCap");

  return (
    <Stack gap="xl">
      <PriceFieldset />
      <LimitsFieldset />
      {isCapEnabled ? (
        <Fieldset legend={t("pricing.capLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="offerCap.active"
              render={({ field }) => (
                <Switch
                  label={t("pricing.capActive")}
                  description={t("pricing.capHint")}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
            <Collapse expanded={capActive}>
              <FormTextField
                name="offerCap.amount"
                label={t("pricing.capAmount")}
                inputMode="numeric"
                currency={fiat}
                accept={isDigitsText}
                description={
                  capUsed !== null
                    ? t("pricing.capUsed", { amount: formatFiatAmount(capUsed, locale), currency: fiat })
                    : undefined
                }
              />
            </Collapse>
          </Stack>
        </Fieldset>
      ) : null}

      <Fieldset legend={t("pricing.paymentWindow")} variant="unstyled" classNames={{ legend: classes.legend }}>
        <Controller
          control={form.control}
          name="paymentWindowMinutes"
          render={({ field }) => (
            <Select
              aria-label={t("pricing.paymentWindow")}
              description={t("pricing.paymentWindowHint")}
              size="md"
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? field.value)}
              data={PAYMENT_WINDOW_CHOICES.map((minutes) => ({
                value: String(minutes),
                label:
                  minutes >= 60 && minutes % 60 === 0
                    ? t("pricing.paymentWindowHours", { count: minutes / 60 })
                    : t("pricing.paymentWindowOption", { count: minutes }),
              }))}
              error={fieldError("paymentWindowMinutes")}
            />
          )}
        />
      </Fieldset>
    </Stack>
  );
}

/** The price: a margin over the market or a fixed price (also the lite editor's). */
export function PriceFieldset() {
  const { t } = useOfferWizardTexts();
  const form = useFormContext<WizardFormValues>();
  const [priceType, fiat, crypto] = useWatch({
    control: form.control,
    name: ["priceType", "fiatCurrencyCode", "cryptoCurrencyCode"],
  });
  return (
    <Fieldset legend={t("pricing.priceLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
      <Stack gap="md">
        <FormSegmentedControl
          name="priceType"
          label={t("pricing.priceLegend")}
          data={[
            { value: "margin", label: t("pricing.priceTypeMargin") },
            { value: "fixed", label: t("pricing.priceTypeFixed") },
          ]}
        />
        {priceType === "margin" ? (
          <FormTextField
            name="margin"
            label={t("pricing.margin")}
            description={t("pricing.marginHint", { min: OFFER_LIMITS.marginMin, max: OFFER_LIMITS.marginMax })}
            inputMode="decimal"
            rightSection={<Text c="dimmed">%</Text>}
            accept={isSignedDecimalText}
          />
        ) : (
          <FormTextField
            name="fixedPrice"
            label={t("pricing.fixedPrice", { crypto })}
            description={t("pricing.fixedPriceHint")}
            inputMode="decimal"
            currency={fiat}
            accept={isDecimalAmountText}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** The limits: minimum and maximum, or amounts to pick from, and the new-trader limit. */
export function LimitsFieldset({ withNewBuyerLimit = true }: { withNewBuyerLimit?: boolean }) {
  const { t } = useOfferWizardTexts();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const [rangeType, fiat] = useWatch({ control: form.control, name: ["rangeType", "fiatCurrencyCode"] });
  return (
    <Fieldset legend={t("pricing.limitsLegend")} variant="unstyled" classNames={{ legend: classes.legend }}>
      <Stack gap="md">
        <FormSegmentedControl
          name="rangeType"
          label={t("pricing.limitsLegend")}
          data={[
            { value: "min_max", label: t("pricing.rangeMinMax") },
            { value: "predefined", label: t("pricing.rangePredefined") },
          ]}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {(["fiatLimitMin", "fiatLimitMax"] as const).map((name) => (
            <FormTextField
              key={name}
              name={name}
              label={name === "fiatLimitMin" ? t("pricing.min") : t("pricing.max")}
              inputMode="numeric"
              currency={fiat}
              accept={isDigitsText}
            />
          ))}
        </SimpleGrid>
        <Collapse expanded={rangeType === "predefined"}>
          <Controller
            control={form.control}
            name="predefinedAmounts"
            render={({ field }) => (
              <TagsInput
                ref={field.ref}
                label={t("pricing.predefinedAmounts")}
                description={t("pricing.predefinedAmountsHint", { max: OFFER_LIMITS.predefinedAmountsMax })}
                placeholder={t("pricing.predefinedAmountsPlaceholder")}
                size="md"
                inputMode="numeric"
                splitChars={[",", " "]}
                maxTags={OFFER_LIMITS.predefinedAmountsMax}
                value={field.value}
                onChange={(values) =>
                  field.onChange(
                    values.map((value) => value.trim()).filter((value) => value !== "" && isDigitsText(value)),
                  )
                }
                error={fieldError("predefinedAmounts")}
                clearable
              />
            )}
          />
        </Collapse>
        {withNewBuyerLimit ? (
          <FormTextField
            name="newBuyerMaxFiatLimit"
            label={t("pricing.newBuyerLimit")}
            description={t("pricing.newBuyerLimitHint")}
            inputMode="numeric"
            currency={fiat}
            accept={isDigitsText}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** A full-width choice between the ways a form field can be set (margin or fixed, min-max or amounts). */
function FormSegmentedControl({
  name,
  label,
  data,
}: {
  name: "priceType" | "rangeType";
  label: string;
  data: { value: string; label: string }[];
}) {
  const form = useFormContext<WizardFormValues>();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SegmentedControl
          aria-label={label}
          radius="md"
          fullWidth
          value={field.value}
          onChange={field.onChange}
          data={data}
        />
      )}
    />
  );
}
