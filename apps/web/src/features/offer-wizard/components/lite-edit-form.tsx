import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text } from "@mantine/core";
import {
  ErrorCode,
  type Offer,
  type OfferCreateRequest,
  type OfferDraft,
  offerCreateRequestSchema,
} from "@souk/contracts";
import { useState } from "react";
import { FormProvider, type Path, useForm } from "react-hook-form";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { useOfferWizardTexts, useWizardErrorText } from "../i18n/offer-wizard-texts.ts";
import {
  formPathOfServerField,
  type WizardFormValues,
  wizardFormSchema,
  wizardValuesFromDraft,
} from "../model/wizard-form.ts";
import { OfferSummaryCard } from "./offer-summary-card.tsx";
import classes from "./offer-wizard.module.css";
import { LimitsFieldset, PriceFieldset } from "./pricing-step.tsx";
import type { WizardData } from "./use-wizard-data.ts";

/** The fields the lite editor changes; everything else of the offer stays as it is. */
const LITE_FIELDS = [
  "priceType",
  "margin",
  "fixedPrice",
  "rangeType",
  "fiatLimitMin",
  "fiatLimitMax",
  "predefinedAmounts",
] as const satisfies readonly Path<WizardFormValues>[];

function litePayload(values: WizardFormValues): OfferCreateRequest {
  return offerCreateRequestSchema.parse({
    priceType: values.priceType,
    ...(values.priceType === "margin" ? { margin: values.margin.trim() } : { fixedPrice: values.fixedPrice.trim() }),
    rangeType: values.rangeType,
    fiatLimitMin: values.fiatLimitMin.trim(),
    fiatLimitMax: values.fiatLimitMax.trim(),
    predefinedAmounts: values.rangeType === "predefined" ? values.predefinedAmounts : [],
  });
}

export interface LiteEditFormProps {
  offer: Offer;
  /** The offer as its owner stored it (originalData, which only the owner receives). */
  draft: OfferDraft;
  data: WizardData;
  submit: (payload: OfferCreateRequest) => Promise<Offer>;
  onSaved: (offer: Offer) => void;
}

/** /offer-manager/lite/edit/{id}: one compact form for the price and the limits. */
export function LiteEditForm({ offer, draft, data, submit, onSaved }: LiteEditFormProps) {
  const { t } = useOfferWizardTexts();
  const { messageText, errorText } = useWizardErrorText();
  const { to } = useLocalizedPaths();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const form = useForm<WizardFormValues>({
    resolver: zodResolver(wizardFormSchema),
    defaultValues: wizardValuesFromDraft(draft),
    mode: "onTouched",
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!(await form.trigger([...LITE_FIELDS], { shouldFocus: true }))) return;
    setIsSaving(true);
    try {
      onSaved(await submit(litePayload(form.getValues())));
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.INPUT_VALIDATION && error.details) {
        const unplaced: string[] = [];
        for (const [key, value] of Object.entries(error.details)) {
          const messageKey = Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
          const path = formPathOfServerField(key);
          if (path && (LITE_FIELDS as readonly string[]).includes(path)) {
            form.setError(path as Path<WizardFormValues>, { type: "server", message: messageKey ?? "generic" });
          } else {
            unplaced.push(messageText(messageKey));
          }
        }
        setFormError(unplaced.length > 0 ? unplaced.join(" ") : t("feedback.fixFields"));
      } else {
        setFormError(errorText(error));
      }
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <FormProvider {...form}>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} className={classes.card}>
            <form onSubmit={onSubmit} noValidate data-testid="lite-edit-form" aria-label={t("lite.title")}>
              <Stack gap="xl">
                {formError ? (
                  <Alert color="red" variant="light" radius="md" icon={<AlertTriangleIcon />} role="alert">
                    {formError}
                  </Alert>
                ) : null}
                <PriceFieldset />
                <LimitsFieldset withNewBuyerLimit={false} />
                <Group justify="space-between" className={classes.actions}>
                  <Anchor component={Link} to={to("offerEdit", { id: offer.idHashed }, { skipLite: "true" })} size="sm">
                    {t("lite.fullEditor")}
                  </Anchor>
                  <Button type="submit" loading={isSaving}>
                    {t("lite.save")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} className={classes.summaryColumn}>
          <OfferSummaryCard reference={data.reference} />
          <Text size="xs" c="dimmed" mt="sm">
            {t("page.offerId", { id: offer.idHashed })}
          </Text>
        </Grid.Col>
      </Grid>
    </FormProvider>
  );
}
