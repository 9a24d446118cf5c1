import { Button, Group, Text } from "@mantine/core";
import type { Bid } from "@souk/contracts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { BidModalAction, BidModalState } from "../model/bid-modal-state.ts";

export interface BidWithdrawStepProps {
  state: BidModalState;
  bid: Pick<Bid, "amount" | "cryptoCurrencyCode">;
  dispatch: (action: BidModalAction) => void;
  onWithdraw: () => void;
}

/** Confirming that the offer's live bid is withdrawn. */
export function BidWithdrawStep({ state, bid, dispatch, onWithdraw }: BidWithdrawStepProps) {
  const { t } = useMyOffersTexts();
  return (
    <>
      <Text size="sm">{t("bid.withdrawBody", { amount: bid.amount, currency: bid.cryptoCurrencyCode })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => dispatch({ type: "step_changed", stepId: "select_period" })}>
          {t("bid.keep")}
        </Button>
        <Button color="red" onClick={onWithdraw} loading={state.isLoading}>
          {t("bid.withdrawConfirm")}
        </Button>
      </Group>
    </>
  );
}
