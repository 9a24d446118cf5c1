import { Button, Group, Text, TextInput } from "@mantine/core";
import { isDecimalAmountText } from "../../../lib/text-inputs.ts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { BidInfo, BidModalAction, BidModalState } from "../model/bid-modal-state.ts";

export interface BidAmountStepProps {
  state: BidModalState;
  info: BidInfo;
  dispatch: (action: BidModalAction) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Step two: the amount for the chosen period, what it holds, then confirm. */
export function BidAmountStep({ state, info, dispatch, onConfirm, onCancel }: BidAmountStepProps) {
  const { t } = useMyOffersTexts();
  return (
    <>
      <TextInput
        label={t("bid.amountLabel", { currency: state.selectedCurrency ?? "" })}
        description={t("bid.amountHint", {
          period: state.selectedPeriod
            ? t(`bid.periods.${state.selectedPeriod.id}`, {
                defaultValue: t("bid.days", { count: state.selectedPeriod.days }),
              })
            : "",
        })}
        inputMode="decimal"
        autoComplete="off"
        rightSection={
          <Text size="sm" c="dimmed">
            {state.selectedCurrency}
          </Text>
        }
        rightSectionWidth={64}
        value={state.inputValue}
        onChange={(event) => {
          const text = event.currentTarget.value.trim();
          if (isDecimalAmountText(text)) dispatch({ type: "input_changed", value: text });
        }}
        data-testid="bid-amount"
      />
      {info.isFundingAvailable ? (
        <Text size="xs" c="dimmed">
          {t("bid.holdNote")}
        </Text>
      ) : null}
      {state.manualEscrowFee !== null ? (
        <Text size="xs" c="dimmed">
          {t("bid.feeNote", { fee: state.manualEscrowFee })}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => dispatch({ type: "step_changed", stepId: "select_period" })}>
          {t("bid.back")}
        </Button>
        <Group gap="sm">
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t("bid.cancel")}
          </Button>
          <Button onClick={onConfirm} disabled={state.isConfirmDisabled} loading={state.isLoading}>
            {t("bid.confirm")}
          </Button>
        </Group>
      </Group>
    </>
  );
}
