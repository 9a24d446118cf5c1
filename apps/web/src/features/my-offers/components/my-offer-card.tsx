import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  Tooltip,
} from "@mantine/core";
import { type MyOffer, OFFER_PENALTY_MESSAGE } from "@souk/contracts";
import { Link } from "react-router";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, ChevronDownIcon } from "../../../ui/icons.tsx";
import { useMyOffersMessages, useMyOffersTexts } from "../i18n/use-my-offers-texts.ts";
import type { QuickEditType } from "../model/my-offers-state.ts";
import classes from "./my-offers.module.css";
import { formatLimit, formatPercent, formatPrice } from "./offer-format.ts";
import { QuickEditPanel } from "./quick-edit-panel.tsx";
import type { MyOffersController } from "./use-my-offers.ts";

export interface MyOfferCardProps {
  offer: MyOffer;
  controller: MyOffersController;
  /** The vendor's discounted escrow fee for this payment method, if any. */
  discountedEscrowFee: string | null;
  /** Opens the promotion choices (a highlight, or a bid for a pinned position). */
  onPromote: (offer: MyOffer) => void;
}

const moderationColors: Record<MyOffer["moderation"]["statusName"], string> = {
  approved: "teal",
  rejected: "red",
  no_appeal: "red",
  appealed: "orange",
};

/** One of the vendor's offers: state, price, limits, messages, the switch and the tools. */
export function MyOfferCard({ offer, controller, discountedEscrowFee, onPromote }: MyOfferCardProps) {
  const { t } = useMyOffersTexts();
  const { keyText } = useMyOffersMessages();
  const { to, locale } = useLocalizedPaths();
  const hash = offer.idHashed;
  const selected = controller.quickEdit?.offerHash === hash ? controller.quickEdit.type : null;
  const isToggling = controller.toggle.isPending && controller.toggle.variables?.offerHash === hash;
  const toggleErrors = controller.errors.offerErrors[hash] ?? [];
  const penaltyErrors = controller.penaltyErrors[hash] ?? [];
  const isResetting = controller.penalty.isPending && controller.penalty.variables === hash;
  // The penalty has its own notice and a reached cap its badge; the rest are shown as notes.
  const otherMessages = offer.messages.filter(
    (message) => message !== OFFER_PENALTY_MESSAGE && message !== "offer_reached_cap",
  );
  const isHeldBySystem = offer.isActive && !offer.isEnabled;
  const isFeatured = offer.isFeatured && offer.featuredUntil !== null;

  const quickEditChoices: { type: QuickEditType; label: string }[] = [
    offer.priceType === "margin"
      ? { type: "margin", label: t("quickEdit.margin") }
      : { type: "fixedPrice", label: t("quickEdit.fixedPrice") },
    { type: "limits", label: t("quickEdit.limits") },
    ...(isFeatureEnabled("manualEscrowFee")
      ? [{ type: "manualEscrowFee" as const, label: t("quickEdit.manualEscrowFee") }]
      : []),
    ...(isFeatureEnabled("offerCap") ? [{ type: "offerCap" as const, label: t("quickEdit.offerCap") }] : []),
  ];

  function openQuickEdit(type: QuickEditType) {
    controller.setQuickEdit(selected === type ? null : { offerHash: hash, type });
  }

  const statusBadge = !offer.isActive ? (
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

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      className={classes.card}
      data-testid={`my-offer-${hash}`}
      data-active={offer.isActive || undefined}
      aria-label={t("card.ariaLabel", { method: offer.paymentMethod.name, id: hash })}
    >
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
            {statusBadge}
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

      <dl className={classes.stats}>
        <div>
          <dt>{t("card.price")}</dt>
          <dd>
            <span className={classes.figure}>
              {formatPrice(offer.fiatPricePerCrypto, locale)} {offer.fiatCurrencyCode}
            </span>
            <Text span size="xs" c="dimmed" display="block">
              {offer.priceType === "fixed"
                ? t("card.fixedValue")
                : offer.margin.startsWith("-")
                  ? t("card.marginBelow", { value: formatPercent(offer.margin.slice(1), locale) })
                  : /[1-9]/.test(offer.margin)
                    ? t("card.marginValue", { value: formatPercent(offer.margin, locale) })
                    : t("card.marginAt")}
            </Text>
          </dd>
        </div>
        <div>
          <dt>{t("card.limits")}</dt>
          <dd>
            <span className={classes.figure}>
              {offer.rangeType === "predefined" && offer.predefinedAmounts.length > 0
                ? offer.predefinedAmounts.map((amount) => formatLimit(amount, locale)).join(" · ")
                : `${formatLimit(offer.fiatLimitMin, locale)} – ${formatLimit(offer.fiatLimitMax, locale)}`}
            </span>
            <Text span size="xs" c="dimmed" display="block">
              {offer.fiatCurrencyCode}
            </Text>
          </dd>
        </div>
        <div>
          <dt>{t("card.fee")}</dt>
          <dd>
            <span className={classes.figure}>{formatPercent(discountedEscrowFee ?? offer.offerFee, locale)} %</span>
            <Text span size="xs" c="dimmed" display="block">
              {discountedEscrowFee !== null
                ? t("card.feeDiscounted", { fee: formatPercent(offer.offerFee, locale) })
                : offer.manualEscrowFee !== null
                  ? t("card.feeManual")
                  : t("card.feeDefault")}
            </Text>
          </dd>
        </div>
        {offer.offerCap?.amount ? (
          <div>
            <dt>{t("card.cap")}</dt>
            <dd>
              <span className={classes.figure}>
                {formatLimit(offer.offerCap.used, locale)} / {formatLimit(offer.offerCap.amount, locale)}
              </span>
              <Text span size="xs" c="dimmed" display="block">
                {offer.offerCap.active ? t("card.capActive") : t("card.capInactive")}
              </Text>
            </dd>
          </div>
        ) : null}
      </dl>

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

      <div className={classes.cardActions}>
        <Menu position="bottom-start" withinPortal shadow="md">
          <Menu.Target>
            <Button
              variant={selected ? "light" : "default"}
              size="sm"
              rightSection={<ChevronDownIcon size={14} />}
              data-testid={`quick-edit-${hash}`}
            >
              {t("card.quickEdit")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quickEditChoices.map((choice) => (
              <Menu.Item key={choice.type} onClick={() => openQuickEdit(choice.type)}>
                {choice.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button component={Link} to={to("offerEdit", { id: hash })} variant="default" size="sm">
          {t("card.edit")}
        </Button>
        <Button variant="default" size="sm" onClick={() => onPromote(offer)} data-testid={`promote-${hash}`}>
          {t("card.promote")}
        </Button>
        <Anchor component={Link} to={to("viewOffer", { id: hash })} size="sm" className={classes.viewLink}>
          {t("card.view")}
        </Anchor>
      </div>

      <Collapse expanded={selected !== null}>
        {selected ? (
          <QuickEditPanel
            offer={offer}
            type={selected}
            controller={controller}
            onClose={() => controller.setQuickEdit(null)}
          />
        ) : null}
      </Collapse>
    </Paper>
  );
}
