import { Alert, Button, Group, Modal, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { MY_OFFERS_CONSTANTS, type MyOffer } from "@souk/contracts";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, CheckIcon } from "../../../ui/icons.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import { type PromoteModalState, promoteBlocker } from "../model/promote-modal-state.ts";
import classes from "./my-offers.module.css";

export interface PromoteOptionModalProps {
  state: PromoteModalState;
  promoteAvailable: number;
  promoteTotal: number;
  onChooseHighlight: (offer: MyOffer) => void;
  onChooseBid: (offer: MyOffer) => void;
  onClose: () => void;
}

/** How to promote an offer: a highlight from the monthly allowance, or a bid for a pinned spot. */
export function PromoteOptionModal({
  state,
  promoteAvailable,
  promoteTotal,
  onChooseHighlight,
  onChooseBid,
  onClose,
}: PromoteOptionModalProps) {
  const { t } = useMyOffersTexts();
  const isCompact = useMediaQuery("(max-width: 35.5em)");
  const offer = state.promoteOfferData;
  return (
    <Modal
      opened={state.showOptionModal}
      onClose={onClose}
      title={t("promote.optionsTitle")}
      centered
      fullScreen={isCompact}
      radius="lg"
    >
      {offer ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("promote.optionsSubtitle", { method: offer.paymentMethod.name })}
          </Text>
          <UnstyledButton
            className={classes.option}
            onClick={() => onChooseHighlight(offer)}
            data-testid="promote-option-highlight"
          >
            <Text fw={650}>{t("promote.highlightTitle", { hours: MY_OFFERS_CONSTANTS.promoteHours })}</Text>
            <Text size="sm" c="dimmed">
              {t("promote.highlightBody", { available: promoteAvailable, total: promoteTotal })}
            </Text>
          </UnstyledButton>
          {isFeatureEnabled("offerBid") ? (
            <UnstyledButton
              className={classes.option}
              onClick={() => onChooseBid(offer)}
              data-testid="promote-option-bid"
            >
              <Text fw={650}>{t("promote.bidTitle")}</Text>
              <Text size="sm" c="dimmed">
                {t("promote.bidBody", { slots: MY_OFFERS_CONSTANTS.pinnedSlots })}
              </Text>
            </UnstyledButton>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

export interface PromoteModalProps {
  state: PromoteModalState;
  promoteAvailable: number;
  promoteTotal: number;
  onConfirm: () => void;
  onClose: () => void;
}

/** The highlight: fill data (what it does and what is left), finish, or cancel when not possible. */
export function PromoteModal({ state, promoteAvailable, promoteTotal, onConfirm, onClose }: PromoteModalProps) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  const isCompact = useMediaQuery("(max-width: 35.5em)");
  const offer = state.promoteOfferData;
  const blocker = offer ? promoteBlocker(offer, promoteAvailable) : null;
  return (
    <Modal
      opened={state.showModal}
      onClose={onClose}
      title={t("promote.title")}
      centered
      fullScreen={isCompact}
      radius="lg"
      data-testid="promote-modal"
    >
      {offer ? (
        <Stack gap="md" data-step={state.currentStepId}>
          {state.currentStepId === "fill_data" ? (
            <>
              <Text size="sm">{t("promote.fillBody", { hours: MY_OFFERS_CONSTANTS.promoteHours })}</Text>
              <div className={classes.promoteSummary}>
                <Text size="sm" c="dimmed">
                  {t("promote.offer")}
                </Text>
                <Text fw={600}>
                  {offer.paymentMethod.name} · {offer.cryptoCurrencyCode}/{offer.fiatCurrencyCode}
                </Text>
                <Text size="sm" c="dimmed" mt="xs">
                  {t("promote.allowance")}
                </Text>
                <Text fw={600} data-testid="promote-allowance">
                  {t("promote.allowanceValue", { available: promoteAvailable, total: promoteTotal })}
                </Text>
              </div>
              {blocker ? (
                <Alert color="orange" variant="light" radius="md" icon={<AlertTriangleIcon />}>
                  {t(`promote.blocked.${blocker}`, {
                    date: offer.featuredUntil
                      ? formatDate(offer.featuredUntil, locale, { dateStyle: "medium", timeStyle: "short" })
                      : "",
                  })}
                </Alert>
              ) : null}
              {state.isError && state.error ? (
                <Alert color="red" variant="light" radius="md" role="alert">
                  {state.error}
                </Alert>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="gray" onClick={onClose}>
                  {t("promote.cancel")}
                </Button>
                <Button onClick={onConfirm} disabled={state.isConfirmDisabled} loading={state.isLoading}>
                  {t("promote.confirm")}
                </Button>
              </Group>
            </>
          ) : null}
          {state.currentStepId === "finish" ? (
            <Stack align="center" ta="center" gap="sm" py="md">
              <ThemeIcon size={56} radius="xl" variant="light">
                <CheckIcon size={28} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {t("promote.finishTitle")}
              </Text>
              <Text size="sm" c="dimmed">
                {offer.featuredUntil
                  ? t("promote.finishBody", {
                      date: formatDate(offer.featuredUntil, locale, { dateStyle: "medium", timeStyle: "short" }),
                    })
                  : t("promote.finishBodyNoDate")}
              </Text>
              <Button onClick={onClose} mt="sm">
                {t("promote.done")}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
