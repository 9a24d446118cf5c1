import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { FavoriteOffer, OfferType } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { StarIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { type FavoriteSort, favoritesQueryOptions } from "../api/favorites-api.ts";
import { useFavoritesTexts } from "../i18n/favorites-texts.ts";

/** contracts' FAVORITE_SORTS, in the order the select lists them. */
const sorts: readonly FavoriteSort[] = ["newest", "oldest", "price_asc", "price_desc"];

function readType(value: string | null): OfferType {
  return value === "sell" ? "sell" : "buy";
}

function readPage(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface FavoritesSectionProps {
  /** Draws the offers (the page composes the marketplace's list); `note` marks paused offers. */
  renderOffers: (offers: FavoriteOffer[], note: (offer: FavoriteOffer) => ReactNode) => ReactNode;
}

/**
 * Favourite offers, a dashboard section (docs/product.md#favourites): buy and sell tabs with their
 * counts, a sort order and pages of ten, all kept in the address.
 */
export function FavoritesSection({ renderOffers }: FavoritesSectionProps) {
  const { t, i18n } = useFavoritesTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const location = useLocation();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const type = readType(searchParams.get("type"));
  const page = readPage(searchParams.get("page"));
  const sortParam = searchParams.get("sort");
  const sort: FavoriteSort = sorts.includes(sortParam as FavoriteSort) ? (sortParam as FavoriteSort) : "newest";
  const favorites = useQuery({ ...favoritesQueryOptions({ type, page, sort }), enabled: user !== null });

  if (!user) {
    return <Navigate to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })} replace />;
  }

  function update(change: { type?: OfferType; page?: number; sort?: FavoriteSort }) {
    const next = new URLSearchParams();
    const nextType = change.type ?? type;
    const nextSort = change.sort ?? sort;
    const nextPage = change.page ?? 1;
    if (nextType !== "buy") next.set("type", nextType);
    if (nextSort !== "newest") next.set("sort", nextSort);
    if (nextPage > 1) next.set("page", String(nextPage));
    setSearchParams(next);
  }

  const data = favorites.data;
  const note = (offer: FavoriteOffer) =>
    offer.isAvailable ? (
      <Text size="xs" c="dimmed">
        {t("page.savedOn", { date: formatDate(offer.favoritedAt, locale) })}
      </Text>
    ) : (
      <Badge color="gray" variant="light" radius="sm" tt="none" data-testid="favorite-unavailable">
        {t("page.unavailable")}
      </Badge>
    );

  let content: ReactNode;
  if (favorites.isError && !data) {
    content = (
      <LoadError
        title={t("page.errorTitle")}
        message={t("page.errorBody")}
        retryLabel={t("page.retry")}
        onRetry={() => void favorites.refetch()}
      />
    );
  } else if (!data) {
    content = (
      <Text c="dimmed" py="xl" ta="center">
        {t("page.loading")}
      </Text>
    );
  } else if (data.offers.length === 0) {
    content = (
      <Stack
        align="center"
        ta="center"
        gap="sm"
        py="xl"
        data-testid="favorites-empty"
        style={{ border: "1px dashed var(--souk-border)", borderRadius: "var(--mantine-radius-lg)" }}
      >
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
          <StarIcon size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t("page.emptyTitle")}
        </Title>
        <Text c="dimmed" maw={420}>
          {t(`page.emptyBody.${type}`)}
        </Text>
        <Button component={Link} to={to(type === "buy" ? "marketplaceBuy" : "marketplaceSell")}>
          {t(`page.emptyAction.${type}`)}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md" style={{ opacity: favorites.isPlaceholderData ? 0.6 : 1 }}>
        {renderOffers(data.offers, note)}
        {data.lastPage > 1 ? (
          <Group justify="center">
            <Pagination
              total={data.lastPage}
              value={data.currentPage}
              onChange={(next) => update({ page: next })}
              getControlProps={(control) => ({
                "aria-label": control === "previous" ? t("page.previous") : t("page.next"),
              })}
              aria-label={t("page.pager")}
            />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="favorites-page">
      <title>{`${t("page.metaTitle")} · Souk`}</title>
      <Anchor component={Link} to={to("dashboard")} size="sm" c="dimmed">
        {t("page.dashboard")}
      </Anchor>
      <Title order={1} mt={4}>
        {t("page.title")}
      </Title>
      <Text c="dimmed" mt={6} mb="lg">
        {t("page.subtitle")}
      </Text>
      <Tabs value={type} onChange={(value) => update({ type: readType(value) })} keepMounted={false}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Tabs.List aria-label={t("page.tabs.label")}>
            {(["buy", "sell"] as const).map((side) => (
              <Tabs.Tab
                key={side}
                value={side}
                rightSection={
                  data ? (
                    <Badge size="sm" variant="light" circle={false} data-testid={`favorites-count-${side}`}>
                      {side === "buy" ? data.buyCount : data.sellCount}
                    </Badge>
                  ) : null
                }
              >
                {t(`page.tabs.${side}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <NativeSelect
            size="sm"
            label={t("page.sort")}
            value={sort}
            onChange={(event) => update({ sort: event.currentTarget.value as FavoriteSort })}
            data={sorts.map((value) => ({ value, label: t(`page.sorts.${value}`) }))}
          />
        </Group>
        <Tabs.Panel value={type} pt="lg">
          {content}
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
