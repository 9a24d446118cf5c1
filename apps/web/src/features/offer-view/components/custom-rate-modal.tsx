import { Button, Divider, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import type { Offer } from "@souk/contracts";
import { convertFiatToCrypto, formatDecimal, parseDecimal, tryParseDecimal } from "@souk/money";
import { useState } from "react";
import { formatCryptoAmount, formatFiatAmount } from "../../../lib/format.ts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import { formatPercent, formatServerDecimal } from "../offer-view-format.ts";
import { canonicalAmount, isDecimalInput, percentFromRate } from "../trade-amount.ts";

export interface CustomRateModalProps {
  offer: Offer;
  opened: boolean;
  onClose: () => void;
  /** The amount typed in the trade form, if it is a valid one. */
  fiatAmount: string | null;
}

/**
 * The custom exchange-rate modal: the visitor types the price per coin they had in mind and sees
 * how far the offer is from it and what their amount comes to at each rate, in exact decimals.
 */
export function CustomRateModal({ offer, opened, onClose, fiatAmount }: CustomRateModalProps) {
  const { t, i18n } = useOfferViewTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const [text, setText] = useState("");
  const fiat = offer.fiatCurrency.code;
  const crypto = offer.altCoin.code;
  const rate = text.trim() === "" ? null : tryParseDecimal(canonicalAmount(text.trim()));
  const isUsable = rate !== null && rate.units > 0n;
  const percent = isUsable ? formatDecimal(percentFromRate(offer.fiatPricePerCrypto, rate)) : null;
  const amount = fiatAmount ? tryParseDecimal(fiatAmount) : null;
  const decimals = offer.altCoin.precision;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("rate.title")}
      radius="lg"
      centered
      data-testid="custom-rate-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("rate.intro", { fiat, crypto })}
        </Text>
        <TextInput
          label={t("rate.label", { fiat, crypto })}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value.replace(",", ".").replace(/\s/g, "");
            if (isDecimalInput(next) && next.length <= 20) setText(next);
          }}
          data-autofocus
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("rate.offerRate")}
          </Text>
          <Text fw={600}>
            {formatServerDecimal(offer.fiatPricePerCrypto, locale)} {fiat}
          </Text>
        </Group>
        {percent !== null ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t("rate.difference")}
            </Text>
            <Text
              fw={600}
              c={percent.startsWith("-") ? "teal" : /[1-9]/.test(percent) ? "orange" : undefined}
              data-testid="rate-difference"
            >
              {!/[1-9]/.test(percent)
                ? t("rate.same")
                : percent.startsWith("-")
                  ? t("rate.below", { percent: formatPercent(percent.slice(1), locale) })
                  : t("rate.above", { percent: formatPercent(percent, locale) })}
            </Text>
          </Group>
        ) : null}
        {isUsable && amount && amount.units > 0n ? (
          <>
            <Divider label={t("rate.forAmount", { amount: formatFiatAmount(fiatAmount ?? "0", locale), fiat })} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t("rate.atOffer")}
              </Text>
              <Text fw={600}>
                {formatCryptoAmount(
                  convertFiatToCrypto(amount, parseDecimal(offer.fiatPricePerCrypto), decimals),
                  decimals,
                  locale,
                )}{" "}
                {crypto}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t("rate.atYours")}
              </Text>
              <Text fw={600}>
                {formatCryptoAmount(convertFiatToCrypto(amount, rate, decimals), decimals, locale)} {crypto}
              </Text>
            </Group>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("rate.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
