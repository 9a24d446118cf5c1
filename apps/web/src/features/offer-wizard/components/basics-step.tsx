import { Group, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import classes from "./offer-wizard.module.css";
import { useFieldError } from "./use-field-error.ts";
import { fiatCurrenciesFor, findPaymentMethod, type WizardReference } from "./wizard-reference.ts";

export interface BasicsStepProps {
  reference: WizardReference;
  /** An existing offer keeps its side: a buy offer cannot become a sell offer. */
  isEdit: boolean;
}

/** Step 1: the side, the coin, the payment method (searchable, grouped) and the fiat currency. */
export function BasicsStep({ reference, isEdit }: BasicsStepProps) {
  const { t } = useOfferWizardTexts();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const [paymentMethodSlug, fiatCurrencyCode] = useWatch({
    control: form.control,
    name: ["paymentMethodSlug", "fiatCurrencyCode"],
  });
  const method = findPaymentMethod(reference, paymentMethodSlug);

  const methodData = useMemo(
    () =>
      reference.paymentMethodGroups
        .map((group) => ({
          group: group.nameLocalized,
          items: reference.paymentMethods
            .filter((item) => item.paymentMethodGroupId === group.id)
            .map((item) => ({ value: item.slug, label: item.nameLocalized })),
        }))
        .filter((group) => group.items.length > 0),
    [reference],
  );

  const fiatData = useMemo(() => {
    const usable = fiatCurrenciesFor(reference, method);
    const popular = new Set(reference.popularFiatCodes);
    const option = (currency: (typeof usable)[number]) => ({
      value: currency.code,
      label: `${currency.code} · ${currency.nameLocalized}`,
    });
    const popularItems = usable.filter((currency) => popular.has(currency.code)).map(option);
    const otherItems = usable.filter((currency) => !popular.has(currency.code)).map(option);
    return [
      ...(popularItems.length > 0 ? [{ group: t("basics.popular"), items: popularItems }] : []),
      ...(otherItems.length > 0 ? [{ group: t("basics.otherCurrencies"), items: otherItems }] : []),
    ];
  }, [reference, method, t]);

  function onMethodChange(slug: string | null) {
    // A refusal shown on the field goes as soon as a method is chosen.
    form.setValue("paymentMethodSlug", slug ?? "", {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted || form.getFieldState("paymentMethodSlug").invalid,
    });
    const next = findPaymentMethod(reference, slug ?? "");
    // A method tied to some currencies moves the offer to one of them.
    if (next?.currencyCodes && !next.currencyCodes.includes(fiatCurrencyCode)) {
      const [first] = next.currencyCodes;
      if (first) form.setValue("fiatCurrencyCode", first, { shouldDirty: true });
    }
    // Tags and gift card regions depend on the method; the server checks the rest.
    form.setValue("tags", [], { shouldDirty: true });
    if (next?.groupSlug !== "gift-cards") form.setValue("cardRegions", [], { shouldDirty: true });
  }

  const cryptoChoices = reference.cryptoCurrencies.filter((currency) => !currency.isBlocked);

  return (
    <Stack gap="xl">
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Radio.Group
            label={t("basics.typeLegend")}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            classNames={{ label: classes.groupLabel }}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
              {(["sell", "buy"] as const).map((side) => (
                <Radio.Card
                  key={side}
                  value={side}
                  radius="md"
                  className={classes.choiceCard}
                  disabled={isEdit && field.value !== side}
                  data-testid={`offer-type-${side}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={3} />
                    <div>
                      <Text fw={650}>{side === "sell" ? t("basics.typeSell") : t("basics.typeBuy")}</Text>
                      <Text size="sm" c="dimmed">
                        {side === "sell" ? t("basics.typeSellHint") : t("basics.typeBuyHint")}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      />

      <Controller
        control={form.control}
        name="cryptoCurrencyCode"
        render={({ field }) => (
          <Stack gap={6}>
            <Text component="span" className={classes.groupLabel} id="offer-crypto-label">
              {t("basics.crypto")}
            </Text>
            <SegmentedControl
              aria-labelledby="offer-crypto-label"
              fullWidth
              radius="md"
              size="md"
              value={field.value}
              onChange={field.onChange}
              data={cryptoChoices.map((currency) => ({ value: currency.code, label: currency.code }))}
            />
            {fieldError("cryptoCurrencyCode") ? (
              <Text size="sm" c="red" role="alert">
                {fieldError("cryptoCurrencyCode")}
              </Text>
            ) : null}
          </Stack>
        )}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t("basics.paymentMethod")}
          placeholder={t("basics.paymentMethodPlaceholder")}
          nothingFoundMessage={t("basics.paymentMethodNothing")}
          searchable
          size="md"
          data={methodData}
          value={paymentMethodSlug || null}
          onChange={onMethodChange}
          allowDeselect={false}
          maxDropdownHeight={320}
          error={fieldError("paymentMethodSlug")}
          description={
            method?.currencyCodes
              ? t("basics.paymentMethodCurrencies", { codes: method.currencyCodes.join(", ") })
              : undefined
          }
          data-testid="payment-method-select"
        />
        <Controller
          control={form.control}
          name="fiatCurrencyCode"
          render={({ field }) => (
            <Select
              label={t("basics.fiat")}
              placeholder={t("basics.fiatPlaceholder")}
              nothingFoundMessage={t("basics.fiatNothing")}
              searchable
              size="md"
              data={fiatData}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? "")}
              allowDeselect={false}
              maxDropdownHeight={320}
              error={fieldError("fiatCurrencyCode")}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
