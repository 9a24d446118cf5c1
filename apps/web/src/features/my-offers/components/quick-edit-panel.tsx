import { Alert, Button, Group, SimpleGrid, Stack, Switch, TagsInput, Text, Title } from "@mantine/core";
import {
  amountRequestSchema,
  fixedPriceRequestSchema,
  type MyOffer,
  manualEscrowFeeRequestSchema,
  marginRequestSchema,
  OFFER_LIMITS,
  offerCapInputSchema,
} from "@souk/contracts";
import { compareDecimal, parseDecimal } from "@souk/money";
import { type FormEvent, type ReactNode, useState } from "react";
import { isDecimalAmountText, isDigitsText, isSignedDecimalText } from "../../../lib/text-inputs.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { FilteredTextInput } from "../../../ui/filtered-text-input.tsx";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { QuickEditType } from "../model/my-offers-state.ts";
import classes from "./my-offers.module.css";
import { formatLimit } from "./offer-format.ts";
import type { MyOffersController } from "./use-my-offers.ts";

export interface QuickEditPanelProps {
  offer: MyOffer;
  type: QuickEditType;
  controller: MyOffersController;
  onClose: () => void;
}

/** Inline quick edits of one offer (docs/product.md#my-offers-bids-and-promotion), each with its errors. */
export function QuickEditPanel({ offer, type, controller, onClose }: QuickEditPanelProps) {
  return (
    <div className={classes.quickEdit} data-testid={`quick-edit-panel-${offer.idHashed}`}>
      {type === "margin" ? <MarginEdit offer={offer} controller={controller} onClose={onClose} /> : null}
      {type === "fixedPrice" ? <FixedPriceEdit offer={offer} controller={controller} onClose={onClose} /> : null}
      {type === "limits" ? <LimitsEdit offer={offer} controller={controller} onClose={onClose} /> : null}
      {type === "manualEscrowFee" ? <EscrowFeeEdit offer={offer} controller={controller} onClose={onClose} /> : null}
      {type === "offerCap" ? <OfferCapEdit offer={offer} controller={controller} onClose={onClose} /> : null}
    </div>
  );
}

interface EditProps {
  offer: MyOffer;
  controller: MyOffersController;
  onClose: () => void;
}

function EditFrame({
  title,
  hint,
  errors,
  isSaving,
  onSubmit,
  onClose,
  extraAction,
  children,
}: {
  title: string;
  hint?: string;
  errors: readonly string[];
  isSaving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  extraAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useMyOffersTexts();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        {errors.length > 0 ? (
          <Alert color="red" variant="light" radius="md" icon={<AlertTriangleIcon />} role="alert">
            {errors.join(" ")}
          </Alert>
        ) : null}
        {children}
        <Group gap="sm" justify="flex-end" wrap="wrap">
          {extraAction}
          <Button variant="subtle" color="gray" onClick={onClose}>
            {t("quickEdit.cancel")}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t("quickEdit.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MarginEdit({ offer, controller, onClose }: EditProps) {
  const { t } = useMyOffersTexts();
  const [value, setValue] = useState(offer.margin);
  const [localError, setLocalError] = useState<string | null>(null);
  const serverErrors = controller.errors.marginErrors[offer.idHashed] ?? [];
  const isSaving = isSavingOffer(controller.margin, offer);
  function submit() {
    const parsed = marginRequestSchema.safeParse({ newMargin: value });
    if (!parsed.success || !isWithin(parsed.data.newMargin, OFFER_LIMITS.marginMin, OFFER_LIMITS.marginMax)) {
      setLocalError(t("quickEdit.marginInvalid", { min: OFFER_LIMITS.marginMin, max: OFFER_LIMITS.marginMax }));
      return;
    }
    setLocalError(null);
    controller.margin.mutate({ offerHash: offer.idHashed, input: parsed.data.newMargin });
  }
  return (
    <EditFrame
      title={t("quickEdit.marginTitle")}
      hint={t("quickEdit.marginHint")}
      errors={serverErrors}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <FilteredTextInput
        label={t("quickEdit.margin")}
        inputMode="decimal"
        maw={260}
        rightSection={<Text c="dimmed">%</Text>}
        value={value}
        onChange={setValue}
        accept={isSignedDecimalText}
        error={localError}
        data-autofocus
      />
    </EditFrame>
  );
}

function FixedPriceEdit({ offer, controller, onClose }: EditProps) {
  const { t } = useMyOffersTexts();
  const [value, setValue] = useState(offer.fixedPrice ?? "");
  const [localError, setLocalError] = useState<string | null>(null);
  const serverErrors = controller.errors.fixedPriceErrors[offer.idHashed] ?? [];
  const isSaving = isSavingOffer(controller.fixedPrice, offer);
  function submit() {
    const parsed = fixedPriceRequestSchema.safeParse({ newFixedPrice: value });
    if (!parsed.success || !/[1-9]/.test(parsed.data.newFixedPrice)) {
      setLocalError(t("quickEdit.priceInvalid"));
      return;
    }
    setLocalError(null);
    controller.fixedPrice.mutate({ offerHash: offer.idHashed, input: parsed.data.newFixedPrice });
  }
  return (
    <EditFrame
      title={t("quickEdit.fixedPriceTitle", { crypto: offer.cryptoCurrencyCode })}
      errors={serverErrors}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <FilteredTextInput
        label={t("quickEdit.fixedPrice")}
        inputMode="decimal"
        maw={300}
        currency={offer.fiatCurrencyCode}
        value={value}
        onChange={setValue}
        accept={isDecimalAmountText}
        error={localError}
      />
    </EditFrame>
  );
}

function LimitsEdit({ offer, controller, onClose }: EditProps) {
  const { t } = useMyOffersTexts();
  const [min, setMin] = useState(offer.fiatLimitMin);
  const [max, setMax] = useState(offer.fiatLimitMax);
  const [amounts, setAmounts] = useState<string[]>(offer.predefinedAmounts);
  const [localError, setLocalError] = useState<string | null>(null);
  const serverErrors = controller.errors.limitsErrors[offer.idHashed] ?? [];
  const isSaving = isSavingOffer(controller.limits, offer);
  const isPredefined = offer.rangeType === "predefined";
  function submit() {
    const edit = { rangeMin: min, rangeMax: max, predefinedAmount: isPredefined ? amounts : [] };
    const parsed = amountRequestSchema.safeParse(edit);
    if (!parsed.success || !/[1-9]/.test(parsed.data.rangeMin)) {
      setLocalError(t("quickEdit.limitsInvalid"));
      return;
    }
    if (compareDecimal(parseDecimal(parsed.data.rangeMin), parseDecimal(parsed.data.rangeMax)) > 0) {
      setLocalError(t("quickEdit.limitsOrder"));
      return;
    }
    setLocalError(null);
    controller.limits.mutate({ offerHash: offer.idHashed, input: edit });
  }
  const digitsInput = (label: string, value: string, set: (text: string) => void) => (
    <FilteredTextInput
      label={label}
      inputMode="numeric"
      currency={offer.fiatCurrencyCode}
      value={value}
      onChange={set}
      accept={isDigitsText}
    />
  );
  return (
    <EditFrame
      title={t("quickEdit.limitsTitle")}
      errors={[...(localError ? [localError] : []), ...serverErrors]}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
        {digitsInput(t("quickEdit.min"), min, setMin)}
        {digitsInput(t("quickEdit.max"), max, setMax)}
      </SimpleGrid>
      {isPredefined ? (
        <TagsInput
          label={t("quickEdit.predefined")}
          description={t("quickEdit.predefinedHint", { max: OFFER_LIMITS.predefinedAmountsMax })}
          maxTags={OFFER_LIMITS.predefinedAmountsMax}
          splitChars={[",", " "]}
          value={amounts}
          onChange={(values) =>
            setAmounts(values.map((item) => item.trim()).filter((item) => item !== "" && isDigitsText(item)))
          }
          maw={520}
        />
      ) : null}
    </EditFrame>
  );
}

function EscrowFeeEdit({ offer, controller, onClose }: EditProps) {
  const { t } = useMyOffersTexts();
  const [value, setValue] = useState(offer.manualEscrowFee ?? "");
  const [localError, setLocalError] = useState<string | null>(null);
  const serverErrors = controller.escrowFeeErrors[offer.idHashed] ?? [];
  function submit(fee: string | null) {
    if (fee !== null) {
      const parsed = manualEscrowFeeRequestSchema.safeParse({ newManualEscrowFee: fee });
      const canonical = parsed.success ? parsed.data.newManualEscrowFee : null;
      if (
        canonical === null ||
        !isWithin(canonical, OFFER_LIMITS.manualEscrowFeeMin, OFFER_LIMITS.manualEscrowFeeMax)
      ) {
        setLocalError(
          t("quickEdit.feeInvalid", { min: OFFER_LIMITS.manualEscrowFeeMin, max: OFFER_LIMITS.manualEscrowFeeMax }),
        );
        return;
      }
      fee = canonical;
    }
    setLocalError(null);
    controller.manualEscrowFee.mutate({ offerHash: offer.idHashed, fee });
  }
  return (
    <EditFrame
      title={t("quickEdit.feeTitle")}
      hint={t("quickEdit.feeHint", { fee: offer.offerFee })}
      errors={serverErrors}
      isSaving={controller.manualEscrowFee.isPending}
      onSubmit={() => submit(value === "" ? null : value)}
      onClose={onClose}
      extraAction={
        offer.manualEscrowFee !== null ? (
          <Button variant="light" color="gray" onClick={() => submit(null)}>
            {t("quickEdit.feeDefault")}
          </Button>
        ) : null
      }
    >
      <FilteredTextInput
        label={t("quickEdit.fee")}
        inputMode="decimal"
        maw={260}
        rightSection={<Text c="dimmed">%</Text>}
        value={value}
        onChange={setValue}
        accept={isDecimalAmountText}
        error={localError}
      />
    </EditFrame>
  );
}

function OfferCapEdit({ offer, controller, onClose }: EditProps) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  const [isActive, setIsActive] = useState(offer.offerCap?.active ?? false);
  const [amount, setAmount] = useState(offer.offerCap?.amount ?? "");
  const [localError, setLocalError] = useState<string | null>(null);
  const failure = controller.capFailures[offer.idHashed];
  const isSaving = isSavingOffer(controller.offerCap, offer);
  function submit() {
    const parsed = offerCapInputSchema.safeParse({ amount: amount === "" ? null : amount, active: isActive });
    if (!parsed.success || (isActive && parsed.data.amount === null)) {
      setLocalError(t("quickEdit.capInvalid"));
      return;
    }
    setLocalError(null);
    controller.offerCap.mutate({ offerHash: offer.idHashed, cap: parsed.data });
  }
  return (
    <EditFrame
      title={t("quickEdit.capTitle")}
      hint={t("quickEdit.capHint")}
      errors={failure?.messages ?? []}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Switch
        label={t("quickEdit.capActive")}
        checked={isActive}
        onChange={(event) => setIsActive(event.currentTarget.checked)}
      />
      <FilteredTextInput
        label={t("quickEdit.capAmount")}
        inputMode="numeric"
        maw={300}
        currency={offer.fiatCurrencyCode}
        value={amount}
        onChange={setAmount}
        accept={isDigitsText}
        error={localError}
        description={
          offer.offerCap
            ? t("quickEdit.capUsed", {
                amount: formatLimit(offer.offerCap.used, locale),
                currency: offer.fiatCurrencyCode,
              })
            : undefined
        }
      />
      {failure && (failure.usedCap !== null || failure.rate !== null) ? (
        <Text size="sm" c="dimmed" data-testid={`cap-failure-${offer.idHashed}`}>
          {failure.usedCap !== null
            ? t("quickEdit.capFailureUsed", {
                amount: formatLimit(failure.usedCap, locale),
                currency: offer.fiatCurrencyCode,
              })
            : null}{" "}
          {failure.rate !== null
            ? t("quickEdit.capFailureRate", { rate: failure.rate, currency: offer.fiatCurrencyCode })
            : null}
        </Text>
      ) : null}
    </EditFrame>
  );
}

/** Whether the mutation is saving this very offer (another offer's save leaves this panel alone). */
function isSavingOffer(mutation: { isPending: boolean; variables?: { offerHash: string } }, offer: MyOffer): boolean {
  return mutation.isPending && mutation.variables?.offerHash === offer.idHashed;
}

function isWithin(value: string, min: string, max: string): boolean {
  const parsed = parseDecimal(value);
  return compareDecimal(parsed, parseDecimal(min)) >= 0 && compareDecimal(parsed, parseDecimal(max)) <= 0;
}
