import { Alert, Badge, Button, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import type { BidStatus } from "@souk/contracts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { BidInfo, BidModalAction, BidModalState, BidPeriod } from "../model/bid-modal-state.ts";
import classes from "./my-offers.module.css";

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

export interface BidPeriodStepProps {
  state: BidModalState;
  info: BidInfo;
  dispatch: (action: BidModalAction) => void;
  onSelectPeriod: (period: BidPeriod) => void;
  onChangeCurrency: (currency: string) => void;
  /** A period's suggested amount in a currency. */
  suggestion: (period: BidPeriod, currency: string | null) => string;
  onCancel: () => void;
  date: (value: string) => string;
}

/** Step one: the live bid (with a way to withdraw it), the period, the currency and the past bids. */
export function BidPeriodStep({
  state,
  info,
  dispatch,
  onSelectPeriod,
  onChangeCurrency,
  suggestion,
  onCancel,
  date,
}: BidPeriodStepProps) {
  const { t } = useMyOffersTexts();
  return (
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
      <BidHistory history={info.history} date={date} />
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
  );
}

/** The offer's last bids with their status. */
function BidHistory({ history, date }: { history: BidInfo["history"]; date: (value: string) => string }) {
  const { t } = useMyOffersTexts();
  if (history.length === 0) return null;
  return (
    <Stack gap={4} data-testid="bid-history">
      <Text size="sm" fw={500}>
        {t("bid.historyTitle")}
      </Text>
      {history.slice(0, HISTORY_SHOWN).map((item) => (
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
  );
}
