import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { BidStatus } from "@souk/contracts";
import { formatCryptoDecimal, formatDate } from "../../../lib/format.ts";
import { isDecimalAmountText } from "../../../lib/text-inputs.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, CheckIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useMyOffersTexts } from "../i18n/use-my-offers-texts.ts";
import type { BidModalAction, BidModalState, BidPeriod } from "../model/bid-modal-state.ts";
import classes from "./my-offers.module.css";
import { formatPrice } from "./offer-format.ts";

const HISTORY_SHOWN = 5;

/** Live bids in the accent colour, money given back in grey, refusals in red. */
const STATUS_COLORS: Record<BidStatus, string> = {
  FUNDED: "teal",
  NEW: "blue",
  COMPLETED: "gray",
  CANCELLED: "gray",
  OUTBID: "orange",
  FAILED: "red",
};

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
            <div className={classes.pinnedBox}>
              <Group justify="space-between" mb={6}>
                <Text fw={650} size="sm">
                  {t("bid.pinnedTitle")}
                </Text>
                {pinned ? (
                  <Badge variant="light" radius="sm">
                    {pinned.position !== null
                      ? t("bid.yourPosition", { position: pinned.position })
                      : t("bid.noPosition")}
                  </Badge>
                ) : null}
              </Group>
              {pinned ? (
                pinned.positions.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("bid.pinnedEmpty", { slots: pinned.slots })}
                  </Text>
                ) : (
                  <Table verticalSpacing={4} fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("bid.position")}</Table.Th>
                        <Table.Th>{t("bid.amount")}</Table.Th>
                        <Table.Th ta="right">USD</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {pinned.positions.map((item) => (
                        <Table.Tr key={item.position} fw={item.isMine ? 700 : undefined}>
                          <Table.Td>
                            #{item.position} {item.isMine ? t("bid.mine") : ""}
                          </Table.Td>
                          <Table.Td>
                            {formatCryptoDecimal(item.amount, locale)} {item.cryptoCurrencyCode}
                          </Table.Td>
                          <Table.Td ta="right">{formatPrice(item.usdValue, locale)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )
              ) : isInfoLoading ? (
                <Loader size="xs" />
              ) : (
                <Text size="sm" c="dimmed">
                  {t("bid.pinnedUnavailable")}
                </Text>
              )}
            </div>
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
            <>
              {info.bid ? (
                <Alert variant="light" color="blue" radius="md">
                  <Stack gap="xs">
                    <Text size="sm">
                      {t("bid.currentBid", {
                        amount: info.bid.amount,
                        currency: info.bid.cryptoCurrencyCode,
                        status: t(`bidStatus.${info.bid.status}`),
                        date: date(info.bid.endDate),
                      })}
                    </Text>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      w="fit-content"
                      onClick={() => dispatch({ type: "step_changed", stepId: "cancel" })}
                    >
                      {t("bid.withdraw")}
                    </Button>
                  </Stack>
                </Alert>
              ) : null}
              <Radio.Group
                label={t("bid.period")}
                value={state.selectedPeriod?.id ?? null}
                onChange={(id) => {
                  const period = info.periods.find((item) => item.id === id);
                  if (period) onSelectPeriod(period);
                }}
              >
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="xs">
                  {info.periods.map((period) => (
                    <Radio.Card key={period.id} value={period.id} radius="md" className={classes.periodCard}>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator mt={2} />
                        <div>
                          <Text fw={650}>
                            {t(`bid.periods.${period.id}`, { defaultValue: t("bid.days", { count: period.days }) })}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t("bid.suggested", { amount: period.amount })}
                          </Text>
                          {state.selectedCurrency ? (
                            <Text size="xs" c="dimmed">
                              ≈ {suggestion(period, state.selectedCurrency)} {state.selectedCurrency}
                            </Text>
                          ) : null}
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
              {info.currencies.length > 0 ? (
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="bid-currency-label">
                    {t("bid.currency")}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="bid-currency-label"
                    value={state.selectedCurrency ?? info.currencies[0] ?? ""}
                    onChange={onChangeCurrency}
                    data={info.currencies}
                  />
                </Stack>
              ) : null}
              {!info.isFundingAvailable ? (
                <Text size="xs" c="dimmed">
                  {t("bid.fundingUnavailable")}
                </Text>
              ) : null}
              {info.history.length > 0 ? (
                <Stack gap={4} data-testid="bid-history">
                  <Text size="sm" fw={500}>
                    {t("bid.historyTitle")}
                  </Text>
                  {info.history.slice(0, HISTORY_SHOWN).map((item) => (
                    <Group key={item.id} justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {t("bid.historyLine", {
                          amount: item.amount,
                          currency: item.cryptoCurrencyCode,
                          date: date(item.endDate),
                        })}
                      </Text>
                      <Badge size="sm" variant="light" radius="sm" color={STATUS_COLORS[item.status]}>
                        {t(`bidStatus.${item.status}`)}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="gray" onClick={onCancel}>
                  {t("bid.cancel")}
                </Button>
                <Button
                  disabled={state.selectedPeriod === null || state.selectedCurrency === null}
                  onClick={() => dispatch({ type: "step_changed", stepId: "fill_data" })}
                >
                  {t("bid.continue")}
                </Button>
              </Group>
            </>
          ) : null}

          {info && state.currentStepId === "fill_data" ? (
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
          ) : null}

          {info?.bid && state.currentStepId === "cancel" ? (
            <>
              <Text size="sm">
                {t("bid.withdrawBody", { amount: info.bid.amount, currency: info.bid.cryptoCurrencyCode })}
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => dispatch({ type: "step_changed", stepId: "select_period" })}>
                  {t("bid.keep")}
                </Button>
                <Button color="red" onClick={onWithdraw} loading={state.isLoading}>
                  {t("bid.withdrawConfirm")}
                </Button>
              </Group>
            </>
          ) : null}

          {state.currentStepId === "finish" && state.bidOfferData ? (
            <Stack align="center" ta="center" gap="sm" py="md">
              <ThemeIcon size={56} radius="xl" variant="light">
                <CheckIcon size={28} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {t("bid.finishTitle")}
              </Text>
              <Badge variant="light" radius="sm">
                {t(`bidStatus.${state.bidOfferData.status}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t("bid.finishBody", {
                  amount: state.bidOfferData.amount,
                  currency: state.bidOfferData.cryptoCurrencyCode,
                  start: date(state.bidOfferData.startDate),
                  end: date(state.bidOfferData.endDate),
                })}
              </Text>
              <Button onClick={onClose} mt="sm">
                {t("bid.done")}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
