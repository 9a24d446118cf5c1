import { Alert, Button, Checkbox, Group, Modal, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import type { Offer } from "@souk/contracts";
import { convertFiatToCrypto, parseDecimal } from "@souk/money";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatCryptoAmount, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useStartTrade } from "../api/offer-view-api.ts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import { type StartTradeProblem, startTradeProblem } from "../start-trade-errors.ts";

export interface ReviewTermsModalProps {
  offer: Offer;
  opened: boolean;
  onClose: () => void;
  /** The checked fiat amount, canonical. */
  fiatAmount: string;
  /** Made when the modal opens: confirming again after a failure does not start a second trade. */
  idempotencyKey: string;
}

/**
 * The reviewOfferTerms modal: the visitor reads the terms and the amounts once more, confirms, and
 * the trade starts (POST /rest/v1/trade); they land on the trade page. A refusal says why.
 */
export function ReviewTermsModal({ offer, opened, onClose, fiatAmount, idempotencyKey }: ReviewTermsModalProps) {
  const { t, i18n } = useOfferViewTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const navigate = useNavigate();
  const start = useStartTrade();
  const isStarting = useRef(false);
  const [hasRead, setHasRead] = useState(false);
  const [problem, setProblem] = useState<StartTradeProblem | null>(null);
  const visitorSide = offer.type === "sell" ? "buy" : "sell";
  const fiat = offer.fiatCurrency.code;
  const crypto = offer.altCoin.code;
  const cryptoMinor = convertFiatToCrypto(
    parseDecimal(fiatAmount),
    parseDecimal(offer.fiatPricePerCrypto),
    offer.altCoin.precision,
  );
  const fiatText = `${formatFiatAmount(fiatAmount, locale, offer.fiatCurrency.decimals)} ${fiat}`;
  const cryptoText = `${formatCryptoAmount(cryptoMinor, offer.altCoin.precision, locale)} ${crypto}`;

  function close() {
    if (start.isPending) return;
    setProblem(null);
    setHasRead(false);
    onClose();
  }

  async function confirm() {
    // One trade per confirmation: a second click before the answer is ignored, not sent again
    // (the button shows as busy only after the next render).
    if (isStarting.current) return;
    isStarting.current = true;
    setProblem(null);
    try {
      const trade = await start.mutateAsync({ offerId: offer.idHashed, fiatAmount, idempotencyKey });
      navigate(to("viewTrade", { id: trade.id }));
    } catch (error) {
      setProblem(startTradeProblem(error));
    } finally {
      isStarting.current = false;
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("start.title")}
      radius="lg"
      size="lg"
      centered
      data-testid="review-terms"
    >
      <Stack gap="md">
        <Paper radius="md" p="md" bg="var(--souk-surface-muted)">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {visitorSide === "buy" ? t("start.youPay") : t("start.youReceive")}
            </Text>
            <Text fw={650}>{fiatText}</Text>
          </Group>
          <Group justify="space-between" gap="xs" mt={6}>
            <Text size="sm" c="dimmed">
              {visitorSide === "buy" ? t("amount.youGet") : t("amount.youSend")}
            </Text>
            <Text fw={650}>{cryptoText}</Text>
          </Group>
          <Text size="xs" c="dimmed" mt={8}>
            {t("start.window", { count: offer.paymentWindowMinutes })}
          </Text>
        </Paper>
        <Stack gap={6}>
          <Text fw={650} size="sm">
            {t("terms.title")}
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {offer.offerTerms.trim() === "" ? t("terms.none") : offer.offerTerms}
            </Text>
          </ScrollArea.Autosize>
        </Stack>
        <Checkbox
          label={t("start.hasRead")}
          checked={hasRead}
          onChange={(event) => setHasRead(event.currentTarget.checked)}
        />
        {problem ? (
          <Alert color="red" variant="light" radius="md" data-testid="start-trade-error">
            <Text size="sm">{t(problem.key, { ...problem.values, fiat })}</Text>
            {problem.requirements && problem.requirements.length > 0 ? (
              <Stack component="ul" gap={2} m={0} mt={6} pl="md">
                {problem.requirements.map((key) => (
                  <Text component="li" size="sm" key={key}>
                    {t(`requirements.${key}`, { count: offer.requireMinPastTrades, defaultValue: key })}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={start.isPending}>
            {t("start.cancel")}
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={!hasRead || start.isPending}
            loading={start.isPending}
            data-testid="confirm-start-trade"
          >
            {t("amount.start")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
