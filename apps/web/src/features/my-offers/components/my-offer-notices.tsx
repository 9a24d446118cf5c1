import { Alert, Button, Stack, Text } from "@mantine/core";
import { type MyOffer, OFFER_PENALTY_MESSAGE } from "@souk/contracts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { useMyOffersMessages, useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import classes from "./my-offers.module.css";
import type { MyOffersController } from "./use-my-offers.ts";

/** What the server says about the offer: a penalty to reset, notes, and why the switch was refused. */
export function MyOfferNotices({ offer, controller }: { offer: MyOffer; controller: MyOffersController }) {
  const { t } = useMyOffersTexts();
  const { keyText } = useMyOffersMessages();
  const hash = offer.idHashed;
  const toggleErrors = controller.errors.offerErrors[hash] ?? [];
  const penaltyErrors = controller.penaltyErrors[hash] ?? [];
  const isResetting = controller.penalty.isPending && controller.penalty.variables === hash;
  // The penalty and the moderation have their own notices and a reached cap its badge; the rest are notes.
  const otherMessages = offer.messages.filter(
    (message) =>
      message !== OFFER_PENALTY_MESSAGE &&
      message !== "offer_reached_cap" &&
      !message.startsWith("offer_moderation_") &&
      message !== offer.moderation.message,
  );
  const isHeldBySystem = offer.isActive && !offer.isEnabled;
  return (
    <>
      {offer.penaltyMessage ? (
        <Alert color="red" variant="light" radius="md" icon={<AlertTriangleIcon />} data-testid={`penalty-${hash}`}>
          <Stack gap="xs">
            <Text size="sm">{keyText(offer.penaltyMessage)}</Text>
            {penaltyErrors.map((message) => (
              <Text key={message} size="sm" c="red" fw={600} role="alert">
                {message}
              </Text>
            ))}
            <Button
              size="xs"
              color="red"
              variant="white"
              w="fit-content"
              loading={isResetting}
              onClick={() => controller.penalty.mutate(hash)}
            >
              {t("card.resetPenalty")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {otherMessages.length > 0 ||
      offer.termUntilOnlineMessage ||
      (isHeldBySystem && !offer.depositInfo.isBondInsufficient) ? (
        <Stack gap={4}>
          {otherMessages.map((message) => (
            <Text key={message} size="sm" c="dimmed" className={classes.note}>
              {keyText(message)}
            </Text>
          ))}
          {offer.termUntilOnlineMessage ? (
            <Text size="sm" c="dimmed" className={classes.note}>
              {keyText(offer.termUntilOnlineMessage)}
            </Text>
          ) : null}
          {isHeldBySystem && !offer.depositInfo.isBondInsufficient ? (
            <Text size="sm" c="orange" className={classes.note}>
              {t("card.heldSystem")}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {toggleErrors.length > 0 ? (
        <Alert color="red" variant="light" radius="md" role="alert" data-testid={`offer-errors-${hash}`}>
          {toggleErrors.join(" ")}
        </Alert>
      ) : null}
    </>
  );
}
