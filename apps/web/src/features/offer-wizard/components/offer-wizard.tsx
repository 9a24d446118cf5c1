import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Grid, Group, Paper, Stack, Stepper, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ErrorCode, type Offer, type OfferCreateRequest } from "@souk/contracts";
import { useRef, useState } from "react";
import { type FieldErrors, FormProvider, type Path, useForm } from "react-hook-form";
import { isApiError } from "../../../lib/api-client.ts";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { useOfferWizardTexts, useWizardErrorText } from "../i18n/offer-wizard-texts.ts";
import {
  fieldsOfStep,
  firstStepWithErrors,
  formPathOfServerField,
  WIZARD_STEPS,
  type WizardFormValues,
  type WizardStep,
  wizardFormSchema,
  wizardValuesToPayload,
} from "../model/wizard-form.ts";
import { BasicsStep } from "./basics-step.tsx";
import { OfferSummaryCard } from "./offer-summary-card.tsx";
import classes from "./offer-wizard.module.css";
import { PricingStep } from "./pricing-step.tsx";
import { ReviewStep } from "./review-step.tsx";
import { TermsStep } from "./terms-step.tsx";
import type { WizardData } from "./use-wizard-data.ts";
import { findPaymentMethod } from "./wizard-reference.ts";

export interface OfferWizardProps {
  mode: "create" | "edit";
  initialValues: WizardFormValues;
  data: WizardData;
  /** The offer being edited: its cap use is shown beside the cap. */
  offer?: Offer;
  submit: (payload: OfferCreateRequest) => Promise<Offer>;
  onSaved: (offer: Offer) => void;
  onCancel: () => void;
}

/** Paths of every error in a react-hook-form error tree ("offerCap.amount", "dutyHours.2.endTime"). */
function errorPaths(errors: FieldErrors, prefix = ""): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== "object") return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const nested = errorPaths(value as FieldErrors, path).filter((item) => item !== path);
    return "message" in value || "type" in value ? [path, ...nested] : nested;
  });
}

/** The wizard: four steps in one form, a live price beside it, and one submit at the end. */
export function OfferWizard({ mode, initialValues, data, offer, submit, onSaved, onCancel }: OfferWizardProps) {
  const { t } = useOfferWizardTexts();
  const { messageText, errorText } = useWizardErrorText();
  const isCompact = useMediaQuery("(max-width: 48em)");
  const [step, setStep] = useState(0);
  const [furthestStep, setFurthestStep] = useState(mode === "edit" ? WIZARD_STEPS.length - 1 : 0);
  const [formError, setFormError] = useState<string | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const form = useForm<WizardFormValues>({
    resolver: zodResolver(wizardFormSchema),
    defaultValues: initialValues,
    mode: "onTouched",
  });
  const { isSubmitting } = form.formState;
  const stepName = WIZARD_STEPS[step] ?? "basics";
  const isLastStep = step === WIZARD_STEPS.length - 1;

  function goTo(index: number) {
    setStep(index);
    setFurthestStep((current) => Math.max(current, index));
    topRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  async function onNext() {
    const isValid = await form.trigger(fieldsOfStep(stepName) as Path<WizardFormValues>[], { shouldFocus: true });
    if (isValid) goTo(step + 1);
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      const payload = wizardValuesToPayload(values, {
        isOfferCapEnabled: isFeatureEnabled("offerCap"),
        paymentMethodGroupSlug: findPaymentMethod(data.reference, values.paymentMethodSlug)?.groupSlug ?? null,
      });
      try {
        onSaved(await submit(payload));
      } catch (error) {
        setFormError(placeServerErrors(error));
      }
    },
    (errors) => {
      const first = firstStepWithErrors(errorPaths(errors));
      if (first) goTo(WIZARD_STEPS.indexOf(first));
    },
  );

  /** Field errors land on their field and the wizard opens the first step holding one. */
  function placeServerErrors(error: unknown): string | null {
    if (!isApiError(error) || error.code !== ErrorCode.INPUT_VALIDATION || !error.details) return errorText(error);
    const placed: string[] = [];
    const unplaced: string[] = [];
    for (const [key, value] of Object.entries(error.details)) {
      const messageKey = Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
      const path = formPathOfServerField(key);
      if (path) {
        form.setError(path as Path<WizardFormValues>, { type: "server", message: messageKey ?? "generic" });
        placed.push(path);
      } else {
        unplaced.push(messageText(messageKey));
      }
    }
    const first = firstStepWithErrors(placed);
    if (first) goTo(WIZARD_STEPS.indexOf(first));
    if (unplaced.length > 0) return unplaced.join(" ");
    return placed.length > 0 ? t("feedback.fixFields") : errorText(error);
  }

  const stepLabels = WIZARD_STEPS.map((name) => ({
    label: t(`steps.${name}`),
    description: t(`steps.${name}Description` as "steps.basicsDescription"),
  }));

  return (
    <FormProvider {...form}>
      <div ref={topRef} className={classes.scrollAnchor} />
      <Stepper
        active={step}
        onStepClick={(index) => (index <= furthestStep ? goTo(index) : undefined)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={isCompact ? 30 : 36}
        className={classes.stepper}
        aria-label={t("steps.progress", { current: step + 1, total: WIZARD_STEPS.length })}
      >
        {stepLabels.map((item, index) => (
          <Stepper.Step
            key={item.label}
            label={isCompact ? undefined : item.label}
            description={isCompact ? undefined : item.description}
            aria-label={item.label}
            allowStepSelect={index <= furthestStep}
          />
        ))}
      </Stepper>
      {isCompact ? (
        <Text size="sm" fw={600} mb="sm" data-testid="wizard-step-title">
          {t("steps.progress", { current: step + 1, total: WIZARD_STEPS.length })} · {stepLabels[step]?.label}
        </Text>
      ) : null}
      <form onSubmit={onSubmit} noValidate data-testid="offer-wizard-form" aria-label={t("page.createTitle")}>
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} className={classes.card}>
              <Stack gap="lg">
                {formError ? (
                  <Alert
                    color="red"
                    variant="light"
                    radius="md"
                    icon={<AlertTriangleIcon />}
                    role="alert"
                    data-testid="form-error"
                  >
                    {formError}
                  </Alert>
                ) : null}
                <div data-testid={`wizard-step-${stepName}`}>
                  {stepName === "basics" ? <BasicsStep reference={data.reference} isEdit={mode === "edit"} /> : null}
                  {stepName === "pricing" ? <PricingStep capUsed={offer?.offerCap?.used ?? null} /> : null}
                  {stepName === "terms" ? (
                    <TermsStep
                      reference={data.reference}
                      countries={data.countries}
                      timezones={data.timezones}
                      offerIdHashed={offer?.idHashed ?? null}
                    />
                  ) : null}
                  {stepName === "review" ? (
                    <ReviewStep
                      reference={data.reference}
                      countries={data.countries}
                      onEditStep={(target: WizardStep) => goTo(WIZARD_STEPS.indexOf(target))}
                    />
                  ) : null}
                </div>
                <Group justify="space-between" className={classes.actions}>
                  {step === 0 ? (
                    <Button variant="subtle" color="gray" onClick={onCancel}>
                      {t("nav.cancel")}
                    </Button>
                  ) : (
                    <Button variant="default" onClick={() => goTo(step - 1)}>
                      {t("nav.back")}
                    </Button>
                  )}
                  <Group gap="sm">
                    {mode === "edit" && !isLastStep ? (
                      <Button type="submit" variant="light" loading={isSubmitting}>
                        {t("nav.save")}
                      </Button>
                    ) : null}
                    {/* Distinct keys: "Continue" must never become the submit button under the pointer,
                        or the click that reaches the last step would also publish. */}
                    {isLastStep ? (
                      <Button key="submit" type="submit" size="md" loading={isSubmitting} data-testid="wizard-submit">
                        {mode === "create" ? t("nav.publish") : t("nav.save")}
                      </Button>
                    ) : (
                      <Button key="next" type="button" onClick={onNext} size="md">
                        {t("nav.next")}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} className={classes.summaryColumn}>
            <OfferSummaryCard reference={data.reference} />
          </Grid.Col>
        </Grid>
      </form>
    </FormProvider>
  );
}
