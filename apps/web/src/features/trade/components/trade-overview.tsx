import { Alert, Anchor, Badge, Group, Paper, Stack, Stepper, Text, Title } from "@mantine/core";
import type { Trade, TradeParty } from "@souk/contracts";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { TradeStatusBadge } from "../../../ui/trade-status-badge.tsx";
import { useTradeStatusLabel, useTradeTexts } from "../i18n/trade-texts.ts";
import classes from "./trade.module.css";
import { TradeBankAccounts } from "./trade-bank-accounts.tsx";

function StatusBadge({ status }: { status: string }) {
  const statusLabel = useTradeStatusLabel();
  return <TradeStatusBadge status={status} label={statusLabel(status)} size="lg" data-testid="trade-status" />;
}

function Countdown({ expiresAtSeconds }: { expiresAtSeconds: number }) {
  const { t } = useTradeTexts();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor(expiresAtSeconds - now / 1000));
  if (left === 0) return <Alert color="red">{t("timer.over")}</Alert>;
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, "0");
  return (
    <Alert color={left < 300 ? "red" : "blue"} variant="light" role="timer">
      {t("timer.left", { time: `${minutes}:${seconds}` })}
    </Alert>
  );
}

function stepIndex(trade: Trade): number {
  if (trade.tradeCompleted) return 3;
  if (trade.status === "paid" || trade.status === "dispute_open") return 2;
  if (trade.flow.state.beforeMarkAsPaid.isReached) return 1;
  return 0;
}

function Party({ label, party }: { label: string; party: TradeParty }) {
  const { t } = useTradeTexts();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6}>
        <Text fw={600}>{party.username}</Text>
        {party.isIdVerified ? (
          <Badge size="xs" color="green" variant="light">
            {t("summary.verified")}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t("summary.trades", { count: party.completedTrades })}
      </Text>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** The trade's status, id and what it is ("Selling 0.0015 BTC to bob"), at the top of the page. */
export function TradeHeading({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const { to, locale } = useLocalizedPaths();
  const crypto = formatCryptoDecimal(trade.cryptoAmount.amount, locale);
  const heading =
    trade.viewerRole === "buyer"
      ? t("headingBuy", { amount: crypto, crypto: trade.cryptoCurrencyCode, user: trade.seller.username })
      : trade.viewerRole === "seller"
        ? t("headingSell", { amount: crypto, crypto: trade.cryptoCurrencyCode, user: trade.buyer.username })
        : t("headingStaff", {
            amount: crypto,
            crypto: trade.cryptoCurrencyCode,
            buyer: trade.buyer.username,
            seller: trade.seller.username,
          });
  return (
    <div>
      <Group gap="sm" mb={4}>
        <StatusBadge status={trade.status} />
        <Text size="sm" c="dimmed">
          {t("tradeId", { id: trade.id })}
        </Text>
        {trade.status === "released" ? (
          <Anchor component={Link} to={to("publicReceipt", { id: trade.id })} size="sm">
            {t("receiptLink")}
          </Anchor>
        ) : null}
      </Group>
      <Title order={1} size="h2">
        {heading}
      </Title>
    </div>
  );
}

/** Steps, timer, amounts, parties (with what the viewer may do about the partner) and payment details. */
export function TradeOverview({ trade, partnerActions }: { trade: Trade; partnerActions?: ReactNode }) {
  const { t } = useTradeTexts();
  const { locale } = useLocalizedPaths();
  const fiat = `${formatFiatAmount(trade.fiatAmount, locale)} ${trade.currency.code}`;
  const crypto = formatCryptoDecimal(trade.cryptoAmount.amount, locale);
  const isCancelled = trade.status.startsWith("cancelled") || trade.status === "expired";

  return (
    <Stack gap="lg">
      {!isCancelled ? (
        <Stepper active={stepIndex(trade)} size="sm" aria-label={t("steps.title")}>
          <Stepper.Step label={t("steps.reveal")} />
          <Stepper.Step label={t("steps.pay")} />
          <Stepper.Step label={t("steps.release")} />
          <Stepper.Completed>{null}</Stepper.Completed>
        </Stepper>
      ) : null}

      {trade.status === "active_funded" ? <Countdown expiresAtSeconds={trade.expiresAt.timestamp} /> : null}
      {trade.isOpponentsSameIp ? <Alert color="yellow">{t("summary.sameIp")}</Alert> : null}

      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("summary.title")}
        </Title>
        <div className={classes.statGrid}>
          <Figure label={t("summary.amount")} value={`${crypto} ${trade.cryptoCurrencyCode}`} />
          <Figure label={t("summary.fiat")} value={fiat} />
          <Figure
            label={t("summary.price")}
            value={`${formatFiatAmount(trade.fiatPricePerCrypto, locale)} ${trade.currency.code}`}
          />
          <Figure label={t("summary.method")} value={trade.paymentMethod.name.localized} />
          {trade.viewerRole !== "buyer" ? (
            <Figure
              label={t("summary.fee")}
              value={`${formatCryptoDecimal(trade.feeAmount, locale)} ${trade.cryptoCurrencyCode}`}
            />
          ) : null}
          <Figure
            label={t("summary.started")}
            value={formatDate(trade.startedAt, locale, { dateStyle: "medium", timeStyle: "short" })}
          />
          <Party label={t("summary.buyer")} party={trade.buyer} />
          <Party label={t("summary.seller")} party={trade.seller} />
        </div>
        {partnerActions ? (
          <Group justify="flex-end" mt="sm">
            {partnerActions}
          </Group>
        ) : null}
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("details.title")}
        </Title>
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t("details.terms")}
            </Text>
            <Text size="sm" className={classes.preWrap}>
              {trade.paymentDetails.offerTerms || t("details.noTerms")}
            </Text>
          </div>
          {trade.paymentDetails.payerName ? (
            <Text size="sm">{t("details.payerName", { name: trade.paymentDetails.payerName })}</Text>
          ) : null}
          {trade.paymentDetails.instructions ? (
            <div>
              <Text size="xs" c="dimmed">
                {t("details.instructions")}
              </Text>
              <Text size="sm" className={classes.preWrap} data-testid="payment-instructions">
                {trade.paymentDetails.instructions}
              </Text>
            </div>
          ) : null}
          <TradeBankAccounts accounts={trade.paymentDetails.bankAccounts} />
          {!trade.paymentDetails.isRevealed && trade.viewerRole === "buyer" && !trade.isFinished ? (
            <Text size="sm" c="dimmed">
              {t("details.hidden")}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
