import { Badge, Group, Switch, Text, Tooltip } from "@mantine/core";
import type { MyOffer } from "@souk/contracts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import classes from "./my-offers.module.css";
import type { MyOffersController } from "./use-my-offers.ts";

const moderationColors: Record<MyOffer["moderation"]["statusName"], string> = {
  approved: "teal",
  rejected: "red",
  no_appeal: "red",
  appealed: "orange",
};

/** Whether the offer is on, held, listed or not, as one badge. */
function StatusBadge({ offer }: { offer: MyOffer }) {
  const { t } = useMyOffersTexts();
  const isHeldBySystem = offer.isActive && !offer.isEnabled;
  return !offer.isActive ? (
    <Badge color="gray" variant="light" radius="sm">
      {t("status.paused")}
    </Badge>
  ) : isHeldBySystem ? (
    <Badge color="orange" variant="light" radius="sm">
      {t("status.held")}
    </Badge>
  ) : offer.isListed ? (
    <Badge color="souk" variant="light" radius="sm">
      {t("status.active")}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" radius="sm">
      {t("status.notListed")}
    </Badge>
  );
}

/** The card's head: the payment method, label and id, the badges, and the on/off switch. */
export function MyOfferCardHeader({ offer, controller }: { offer: MyOffer; controller: MyOffersController }) {
  const { t } = useMyOffersTexts();
  const locale = useLocale();
  const hash = offer.idHashed;
  const isToggling = controller.toggle.isPending && controller.toggle.variables?.offerHash === hash;
  const isFeatured = offer.isFeatured && offer.featuredUntil !== null;
  return (
    <div className={classes.cardMain}>
      <div className={classes.cardTitle}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} size="lg" className={classes.methodName}>
            {offer.paymentMethod.name}
          </Text>
          {offer.label ? (
            <Badge variant="outline" color="gray" radius="sm" tt="none">
              {offer.label}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed" ff="monospace" data-testid="offer-hash">
            #{hash}
          </Text>
        </Group>
        <Group gap={6} mt={6} wrap="wrap">
          <StatusBadge offer={offer} />
          <Badge variant="default" radius="sm">
            {offer.cryptoCurrencyCode} / {offer.fiatCurrencyCode}
          </Badge>
          {offer.flowType !== "default" ? (
            <Badge variant="light" color="violet" radius="sm">
              {t(`flowTypes.${offer.flowType}`)}
            </Badge>
          ) : null}
          {offer.moderation.status !== 1 ? (
            <Badge variant="light" color={moderationColors[offer.moderation.statusName]} radius="sm">
              {t(`moderation.${offer.moderation.statusName}`)}
            </Badge>
          ) : null}
          {isFeatured ? (
            <Tooltip
              label={t("card.featuredUntil", {
                date: formatDate(offer.featuredUntil as string, locale, { dateStyle: "medium", timeStyle: "short" }),
              })}
            >
              <Badge variant="light" color="grape" radius="sm">
                {t("card.featured")}
              </Badge>
            </Tooltip>
          ) : null}
          {offer.bid?.current ? (
            <Badge variant="light" color="blue" radius="sm">
              {t(`bidStatus.${offer.bid.status}`)}
            </Badge>
          ) : null}
          {offer.isReachedCap ? (
            <Badge variant="light" color="red" radius="sm">
              {t("card.capReached")}
            </Badge>
          ) : null}
        </Group>
      </div>
      <Switch
        size="lg"
        className={classes.toggle}
        checked={offer.isActive}
        disabled={isToggling}
        onChange={(event) => controller.toggle.mutate({ offerHash: hash, isActive: event.currentTarget.checked })}
        label={offer.isActive ? t("card.on") : t("card.off")}
        labelPosition="left"
        aria-label={t("card.toggleLabel", { id: hash })}
        data-testid={`offer-toggle-${hash}`}
      />
    </div>
  );
}
