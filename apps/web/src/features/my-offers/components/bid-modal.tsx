import { Alert, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { BidModalAction, BidModalState, BidPeriod } from "../model/bid-modal-state.ts";
import { BidAmountStep } from "./bid-amount-step.tsx";
import { BidFinishStep } from "./bid-finish-step.tsx";
import { BidPeriodStep } from "./bid-period-step.tsx";
import { BidPinnedPositions } from "./bid-pinned-positions.tsx";
import { BidWithdrawStep } from "./bid-withdraw-step.tsx";

export interface BidModalProps {
  state: BidModalState;
  dispatch: (action: BidModalAction) => void;
  onSelectPeriod: (period: BidPeriod) => void;
  onChangeCurrency: (currency: string) => void;
  /** A period's suggested amount in a currency. */
  suggestion: (period: BidPeriod, currency: string | null) => string;
  onWithdraw: () => void;
  isInfoLoading: boolean;
  infoError: string | null;
  onRetryInfo: () => void;
  onConfirm: () => void;
  onClose: () => void;
  onCancel: () => void;
}

/** Bids for a pinned position: choose a period and a currency, set the amount, confirm. */
export function BidModal({
  state,
  dispatch,
  onSelectPeriod,
  onChangeCurrency,
  suggestion,
  onWithdraw,
  isInfoLoading,
  infoError,
  onRetryInfo,
  onConfirm,
  onClose,
  onCancel,
}: BidModalProps) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  const isCompact = useMediaQuery("(max-width: 35.5em)");
  const offer = state.offer;
  const info = state.bidInfo;
  const pinned = state.pinnedPosition;
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  const errorText = state.error === "Unknown error" ? t("messages.generic") : state.error;

  return (
    <Modal
      opened={state.showModal}
      onClose={onCancel}
      title={t("bid.title")}
      centered
      size="lg"
      fullScreen={isCompact}
      radius="lg"
      data-testid="bid-modal"
    >
      {offer ? (
        <Stack gap="md" data-step={state.currentStepId}>
          <Text size="sm" c="dimmed">
            {t("bid.subtitle", {
              market: `${offer.cryptoCurrencyCode}/${offer.fiatCurrencyCode}`,
              side: offer.type === "sell" ? t("bid.sideSell") : t("bid.sideBuy"),
            })}
          </Text>

          {state.isError && errorText ? (
            <Alert
              color="red"
              variant="light"
              radius="md"
              icon={<AlertTriangleIcon />}
              role="alert"
              data-testid="bid-error"
            >
              {errorText}
            </Alert>
          ) : null}

          {state.currentStepId === "select_period" || state.currentStepId === "fill_data" ? (
            <BidPinnedPositions pinned={pinned} isInfoLoading={isInfoLoading} />
          ) : null}

          {isInfoLoading && !info ? (
            <Group justify="center" py="md">
              <Loader size="sm" />
            </Group>
          ) : null}
          {infoError && !info ? (
            <LoadError message={infoError} retryLabel={t("bid.retry")} onRetry={onRetryInfo} />
          ) : null}

          {info && state.currentStepId === "select_period" ? (
            <BidPeriodStep
              state={state}
              info={info}
              dispatch={dispatch}
              onSelectPeriod={onSelectPeriod}
              onChangeCurrency={onChangeCurrency}
              suggestion={suggestion}
              onCancel={onCancel}
              date={date}
            />
          ) : null}
          {info && state.currentStepId === "fill_data" ? (
            <BidAmountStep state={state} info={info} dispatch={dispatch} onConfirm={onConfirm} onCancel={onCancel} />
          ) : null}
          {info?.bid && state.currentStepId === "cancel" ? (
            <BidWithdrawStep state={state} bid={info.bid} dispatch={dispatch} onWithdraw={onWithdraw} />
          ) : null}
          {state.currentStepId === "finish" && state.bidOfferData ? (
            <BidFinishStep bid={state.bidOfferData} date={date} onClose={onClose} />
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
