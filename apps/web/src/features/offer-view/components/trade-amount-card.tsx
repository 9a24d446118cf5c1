import { Anchor, Button, Chip, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { OfferView } from "@souk/contracts";
import { formatDecimal } from "@souk/money";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { formatCryptoAmount, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import { formatServerDecimal } from "../offer-view-format.ts";
import { canonicalAmount, checkTradeAmount, isDecimalInput, type TradeAmountCheck } from "../trade-amount.ts";

export interface TradeAmountCardProps {
  view: OfferView;
  isLoggedIn: boolean;
  /** The amount the page was opened with (fiat-min, when the server accepted it). */
  initialAmount: string | null;
  onAmountChange: (amount: string | null) => void;
  onCompareRate: () => void;
  /** Opens the terms review with the checked amount; the trade starts from there. */
  onStart: (fiatAmount: string) => void;
}

/**
 * The trade amount form: a fiat amount within the viewer's limits (or one of the predefined
 * amounts) and the crypto it comes to at the offer's price, in exact decimals, then "Start trade".
 */
export function TradeAmountCard({
  view,
  isLoggedIn,
  initialAmount,
  onAmountChange,
  onCompareRate,
  onStart,
}: TradeAmountCardProps) {
  const { t, i18n } = useOfferViewTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const location = useLocation();
  const { offer } = view;
  const [text, setText] = useState(initialAmount ?? "");
  const fiat = offer.fiatCurrency.code;
  const crypto = offer.altCoin.code;
  const visitorSide = offer.type === "sell" ? "buy" : "sell";
  const predefined =
    offer.rangeType === "predefined" && offer.predefinedAmounts.length > 0 ? offer.predefinedAmounts : null;
  const check: TradeAmountCheck = checkTradeAmount(text, {
    min: view.tradeLimits.min,
    max: view.tradeLimits.max,
    predefinedAmounts: predefined,
    fiatDecimals: offer.fiatCurrency.decimals,
    fiatPricePerCrypto: offer.fiatPricePerCrypto,
    cryptoDecimals: offer.altCoin.precision,
  });
  const limitText = t("amount.limits", {
    min: formatServerDecimal(view.tradeLimits.min, locale),
    max: formatServerDecimal(view.tradeLimits.max, locale),
    fiat,
  });
  const error =
    check.status === "invalid" || check.status === "not_predefined"
      ? t(`amount.errors.${check.status}`)
      : check.status === "too_precise"
        ? t("amount.errors.too_precise", { decimals: check.decimals })
        : check.status === "below_min"
          ? t("amount.errors.below_min", { min: formatServerDecimal(check.min, locale), fiat })
          : check.status === "above_max"
            ? t("amount.errors.above_max", { max: formatServerDecimal(check.max, locale), fiat })
            : null;

  function update(next: string) {
    setText(next);
    const clean = next.trim() === "" ? null : canonicalAmount(next.trim());
    onAmountChange(clean);
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="trade-amount">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t(`amount.title.${visitorSide}`)}
        </Title>
        {predefined ? (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="predefined-label">
              {t("amount.predefined")}
            </Text>
            <Chip.Group value={text} onChange={(value) => update(value)}>
              <Group gap="xs" role="radiogroup" aria-labelledby="predefined-label">
                {predefined.map((amount) => (
                  <Chip key={amount} value={amount} radius="md">
                    {formatServerDecimal(amount, locale)} {fiat}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ) : (
          <TextInput
            label={t("amount.label", { fiat })}
            description={limitText}
            size="lg"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              const next = event.currentTarget.value.replace(",", ".").replace(/\s/g, "");
              if (isDecimalInput(next) && next.length <= 20) update(next);
            }}
            rightSection={
              <Text fw={600} c="dimmed" size="sm">
                {fiat}
              </Text>
            }
            rightSectionWidth={56}
            error={error}
            data-testid="trade-fiat-amount"
          />
        )}
        {predefined && error ? (
          <Text size="sm" c="red">
            {error}
          </Text>
        ) : null}
        {view.isNewBuyer && offer.newBuyerMaxFiatLimit !== null ? (
          <Text size="xs" c="dimmed">
            {t("amount.newBuyerLimit", { max: formatServerDecimal(view.tradeLimits.max, locale), fiat })}
          </Text>
        ) : null}

        <Paper radius="md" p="md" bg="var(--souk-surface-muted)">
          <Text size="xs" c="dimmed" tt="uppercase" fw={650}>
            {visitorSide === "buy" ? t("amount.youGet") : t("amount.youSend")}
          </Text>
          <Text fz={26} fw={700} style={{ fontVariantNumeric: "tabular-nums" }} data-testid="trade-crypto-amount">
            {check.status === "ok" ? formatCryptoAmount(check.cryptoMinor, offer.altCoin.precision, locale) : "—"}{" "}
            <Text span fz="lg" fw={600} c="dimmed">
              {crypto}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {check.status === "ok"
              ? `${formatFiatAmount(formatDecimal(check.fiat), locale, offer.fiatCurrency.decimals)} ${fiat} · ${t("amount.cryptoHint")}`
              : t("amount.cryptoHint")}
          </Text>
        </Paper>

        <Anchor component="button" type="button" size="sm" onClick={onCompareRate} ta="left">
          {t("amount.compareRate")}
        </Anchor>

        {view.isOwner ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t("amount.own")}
            </Text>
            <Button component={Link} to={to("offerEdit", { id: offer.idHashed })} variant="default">
              {t("amount.edit")}
            </Button>
          </Group>
        ) : isLoggedIn ? (
          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              disabled={check.status !== "ok" || view.unmetRequirements.length > 0}
              onClick={() => check.status === "ok" && onStart(formatDecimal(check.fiat))}
              data-testid="start-trade"
            >
              {t("amount.start")}
            </Button>
            {view.unmetRequirements.length > 0 ? (
              <Text size="xs" c="dimmed" ta="center">
                {t("amount.blocked")}
              </Text>
            ) : check.status !== "ok" ? (
              <Text size="xs" c="dimmed" ta="center">
                {t("amount.typeFirst")}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Button
            size="lg"
            fullWidth
            component={Link}
            to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })}
          >
            {t("amount.loginToTrade")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
