import { Badge, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { OfferListingItem } from "@souk/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ClockIcon, ShieldCheckIcon, ThumbDownIcon, ThumbUpIcon } from "../../../ui/icons.tsx";
import { useMarketplaceTexts } from "../i18n/marketplace-texts.ts";
import { formatMargin, formatServerDecimal, isNegativeDecimal } from "../listing-format.ts";
import { InitialsAvatar } from "./initials-avatar.tsx";
import classes from "./offer-list.module.css";

export interface OfferListProps {
  offers: readonly OfferListingItem[];
  /** The favourite star of a row, for a logged-in visitor (composed by the page). */
  renderFavorite?: (offer: OfferListingItem) => ReactNode;
  /** Something a host adds under a row's price (for example "paused" in favourites). */
  renderNote?: (offer: OfferListingItem) => ReactNode;
  /** The amount the visitor typed: the offer page opens with it. */
  fiatAmount?: string | null;
  /** The owner column is left out where every offer has the same owner (a profile). */
  showOwner?: boolean;
  /** Shown while the next results load. */
  isStale?: boolean;
  testId?: string;
}

/** The side the visitor takes on an offer: an owner who sells is bought from. */
function visitorSideOf(offer: Pick<OfferListingItem, "type">): "buy" | "sell" {
  return offer.type === "sell" ? "buy" : "sell";
}

function OwnerSummary({ owner }: { owner: OfferListingItem["owner"] }) {
  const { t } = useMarketplaceTexts();
  const { to } = useLocalizedPaths();
  const statusLabel = t(`owner.status.${owner.status.type}`);
  return (
    <Group gap="sm" wrap="nowrap" className={classes.owner}>
      <span className={classes.avatarWrap}>
        <InitialsAvatar name={owner.username} src={owner.avatarUrl} />
        <span className={classes.statusDot} data-status={owner.status.type} role="img" aria-label={statusLabel} />
      </span>
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Link to={to("userAccount", { username: owner.username })} className={classes.username}>
            {owner.username}
          </Link>
          {owner.isIdVerified ? (
            <Text
              component="span"
              c="teal.7"
              lh={0}
              title={t("owner.idVerified")}
              aria-label={t("owner.idVerified")}
              role="img"
            >
              <ShieldCheckIcon size={15} />
            </Text>
          ) : null}
        </Group>
        <Group gap={8} wrap="nowrap">
          {owner.badge.id !== "no_badge" ? (
            <Badge size="xs" variant="light" radius="sm">
              {t(`badges.${owner.badge.id}`, { defaultValue: owner.badge.name })}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed" className={classes.feedback}>
            <VisuallyHidden>
              {t("owner.feedback", {
                positive: owner.feedbackPositiveCount,
                negative: owner.feedbackNegativeCount,
              })}
            </VisuallyHidden>
            <ThumbUpIcon size={13} />
            <span className={classes.numbers} aria-hidden="true">
              {owner.feedbackPositiveCount}
            </span>
            <ThumbDownIcon size={13} style={{ marginLeft: 6 }} />
            <span className={classes.numbers} aria-hidden="true">
              {owner.feedbackNegativeCount}
            </span>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {statusLabel} · {t("owner.trades", { count: owner.monthlyTradeStats.completedTrades })}
        </Text>
      </Stack>
    </Group>
  );
}

function OfferRow({
  offer,
  renderFavorite,
  renderNote,
  fiatAmount,
  showOwner,
}: { offer: OfferListingItem } & Pick<OfferListProps, "renderFavorite" | "renderNote" | "fiatAmount" | "showOwner">) {
  const { t, i18n } = useMarketplaceTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const side = visitorSideOf(offer);
  const crypto = offer.cryptoCurrencyCode;
  const fiat = offer.fiatCurrencyCode;
  const link = to("viewOffer", { id: offer.idHashed }, fiatAmount ? { "fiat-min": fiatAmount } : undefined);
  const limits =
    offer.rangeType === "predefined" && offer.predefinedAmount.length > 0
      ? offer.predefinedAmount.map((amount) => formatServerDecimal(amount, locale)).join(" · ")
      : `${formatServerDecimal(offer.fiatAmountRangeMin, locale)} – ${formatServerDecimal(offer.fiatAmountRangeMax, locale)}`;
  const visibleTags = offer.tags.slice(0, 3);
  const hiddenTagCount = offer.tags.length - visibleTags.length;
  return (
    <article
      className={`${classes.grid} ${classes.row} ${showOwner ? "" : classes.withoutOwner}`}
      aria-label={t("list.rowLabel", { owner: offer.owner.username, method: offer.localizedPaymentMethodName })}
      data-testid="offer-row"
      data-offer-id={offer.idHashed}
    >
      {showOwner ? <OwnerSummary owner={offer.owner} /> : null}
      <Stack gap={6} className={classes.method}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" lh={1.3}>
            {offer.localizedPaymentMethodName}
          </Text>
          {offer.isStickied ? (
            <Badge
              size="xs"
              variant="light"
              color="grape"
              radius="sm"
              title={t("list.pinnedTitle")}
              data-testid="offer-pinned"
            >
              {t("list.pinned")}
            </Badge>
          ) : null}
          {offer.isFeaturedByModerator ? (
            <Badge size="xs" variant="light" color="teal" radius="sm" title={t("list.featuredTitle")}>
              {t("list.featured")}
            </Badge>
          ) : null}
        </Group>
        {visibleTags.length > 0 ? (
          <Group gap={4}>
            {visibleTags.map((tag) => (
              <Badge key={tag.slug} size="xs" variant="default" radius="sm" fw={500} tt="none">
                {t(`tags.${tag.slug}`, { defaultValue: tag.name })}
              </Badge>
            ))}
            {hiddenTagCount > 0 ? (
              <Badge size="xs" variant="default" radius="sm" fw={500}>
                +{hiddenTagCount}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <Stack gap={4} className={classes.limits}>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {t("list.head.limits")}
        </Text>
        <Text size="sm" fw={500} className={classes.numbers}>
          {limits} {fiat}
        </Text>
        <Text size="xs" c="dimmed" className={classes.feedback}>
          <ClockIcon size={13} />
          {t("list.paymentWindow", { count: offer.paymentWindowMinutes })}
        </Text>
      </Stack>
      <Stack gap={4} className={classes.price}>
        <Text className={classes.priceValue} data-testid="offer-price">
          {formatServerDecimal(offer.fiatPricePerCrypto, locale)} {fiat}
        </Text>
        <Group gap={6} wrap="nowrap" justify="inherit">
          <Text size="xs" c="dimmed">
            {t("list.perCrypto", { crypto })}
          </Text>
          <Badge
            size="sm"
            radius="sm"
            variant="light"
            color={isNegativeDecimal(offer.margin) ? "teal" : /[1-9]/.test(offer.margin) ? "orange" : "gray"}
            title={t("list.marginTitle")}
            className={classes.numbers}
          >
            {formatMargin(offer.margin, locale)}
          </Badge>
        </Group>
        {renderNote?.(offer)}
      </Stack>
      <div className={classes.action}>
        <Button
          component={Link}
          to={link}
          className={classes.cta}
          aria-label={t(`list.ctaLabel.${side}`, { crypto, owner: offer.owner.username })}
        >
          {t(`list.cta.${side}`, { crypto })}
        </Button>
        {renderFavorite?.(offer)}
      </div>
    </article>
  );
}

/** The offers of a listing, as rows on wide screens and cards on narrow ones. */
export function OfferList({
  offers,
  renderFavorite,
  renderNote,
  fiatAmount = null,
  showOwner = true,
  isStale = false,
  testId = "offer-list",
}: OfferListProps) {
  const { t } = useMarketplaceTexts();
  return (
    <section className={`${classes.list} ${isStale ? classes.dimmed : ""}`} data-testid={testId} aria-busy={isStale}>
      <div className={`${classes.grid} ${classes.head} ${showOwner ? "" : classes.withoutOwner}`} aria-hidden="true">
        {showOwner ? <span>{t("list.head.vendor")}</span> : null}
        <span>{t("list.head.method")}</span>
        <span>{t("list.head.limits")}</span>
        <span>{t("list.head.price")}</span>
        <span />
      </div>
      {offers.map((offer) => (
        <OfferRow
          key={offer.idHashed}
          offer={offer}
          renderFavorite={renderFavorite}
          renderNote={renderNote}
          fiatAmount={fiatAmount}
          showOwner={showOwner}
        />
      ))}
    </section>
  );
}

/** Placeholder rows with the list's shape while the first results load. */
export function OfferListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useMarketplaceTexts();
  return (
    <section className={classes.list} aria-busy="true" aria-label={t("list.loading")} data-testid="offer-list-loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className={`${classes.grid} ${classes.row}`}>
          <Group gap="sm" wrap="nowrap" className={classes.owner}>
            <Skeleton circle height={40} />
            <Stack gap={6} flex={1}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="40%" />
            </Stack>
          </Group>
          <Skeleton height={12} width="70%" className={classes.method} />
          <Skeleton height={12} width="80%" className={classes.limits} />
          <Skeleton height={18} width="75%" className={classes.price} />
          <Skeleton height={36} radius="md" className={classes.action} />
        </div>
      ))}
    </section>
  );
}
