import { Button, Container, Group, Text, Title } from "@mantine/core";
import type { ErrorCode, OfferListingItem, OfferSortType, OfferTab } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import type { PathName } from "../../../lib/paths.ts";
import {
  cryptoCurrenciesQueryOptions,
  fiatCurrenciesQueryOptions,
  paymentMethodGroupsQueryOptions,
  paymentMethodsQueryOptions,
} from "../../../lib/reference-queries.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, ChevronDownIcon, InboxIcon } from "../../../ui/icons.tsx";
import { type ListingPage, listingQueryOptions } from "../api/listing-api.ts";
import { ChoiceGroup, TabList } from "../components/choice-group.tsx";
import field from "../components/field.module.css";
import { FiltersBar } from "../components/filters-bar.tsx";
import { ListingMessage } from "../components/listing-message.tsx";
import { ListingPager } from "../components/listing-pager.tsx";
import { OfferList, OfferListSkeleton } from "../components/offer-list.tsx";
import { useMarketplaceTexts } from "../i18n/marketplace-texts.ts";
import { SORT_TYPES } from "../listing-constants.ts";
import {
  applyFilterChange,
  clearedFilters,
  countMoreFilters,
  type FilterChange,
  hasNarrowingFilters,
  type ListingFilters,
  type ListingRoute,
  type ListingSide,
  listingPath,
  normalizeTabQuery,
  readPathSelection,
  readQueryFilters,
} from "../listing-filters.ts";
import { resolveSelection } from "../resolve-selection.ts";
import classes from "./marketplace-view.module.css";

// A literal the type checker holds to the contracts' code: their whole list is not first-load code.
const INPUT_VALIDATION: (typeof ErrorCode)["INPUT_VALIDATION"] = "ERROR_INPUT_VALIDATION";

/** The route a marketplace screen was reached by. */
function listingRouteOf(screen: PathName, params: Record<string, string | undefined>): ListingRoute | null {
  switch (screen) {
    case "marketplaceBuy":
      return { kind: "marketplace", side: "buy" };
    case "marketplaceSell":
      return { kind: "marketplace", side: "sell" };
    case "tradingListing":
      return { kind: "trading", tradeSide: params.tradeSide ?? "", paymentMethod: params.paymentMethod ?? "" };
    case "giftCardListing":
      return { kind: "giftCard", giftCardSide: params.giftCardSide ?? "", paymentMethod: params.paymentMethod ?? "" };
    case "buyBitcoinLanding":
      return { kind: "buyBitcoin", slug: params.slug ?? "" };
    default:
      return null;
  }
}

/**
 * The last page shown, kept across screens: going from `/buy` to `/trading/...` mounts the page
 * anew, and the previous results stay on screen (dimmed) until the new ones arrive.
 */
let lastShownPage: ListingPage | undefined;

export interface MarketplaceViewProps {
  screen: PathName;
  /** The favourite star of each offer, for a logged-in visitor. */
  renderFavorite?: ((offer: OfferListingItem) => ReactNode) | undefined;
}

export function MarketplaceView({ screen, renderFavorite }: MarketplaceViewProps) {
  const { t } = useMarketplaceTexts();
  const { locale, localize, to } = useLocalizedPaths();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useCurrentUser();
  const route = listingRouteOf(screen, params);
  const selection = route ? readPathSelection(route) : null;
  const queryFilters = useMemo(() => readQueryFilters(searchParams), [searchParams]);

  // docs/product.md#listing-filters: a valid tab is written back lowercased; an unknown one falls back to P2P.
  useEffect(() => {
    const normalized = normalizeTabQuery(searchParams);
    if (normalized) setSearchParams(normalized, { replace: true });
  }, [searchParams, setSearchParams]);

  // Reference lists are fetched when the filters are reached for (FiltersBar's onNeedReferences),
  // or at once when the address names a currency or method to show.
  const [wantsReferences, setWantsReferences] = useState(false);
  const needsMethodLists =
    wantsReferences ||
    selection?.methodToken != null ||
    queryFilters.paymentMethod !== null ||
    queryFilters.group !== null;
  const cryptos = useQuery(cryptoCurrenciesQueryOptions());
  const currencies = useQuery({
    ...fiatCurrenciesQueryOptions(locale),
    enabled: wantsReferences || queryFilters.currencyCode !== null,
  });
  const methods = useQuery({ ...paymentMethodsQueryOptions(locale), enabled: needsMethodLists });
  const groups = useQuery({ ...paymentMethodGroupsQueryOptions(locale), enabled: needsMethodLists });

  const resolution = selection
    ? resolveSelection(selection, queryFilters, { cryptos: cryptos.data, methods: methods.data, groups: groups.data })
    : null;
  const filters = resolution?.status === "ready" ? resolution.filters : null;

  const listing = useQuery({
    ...listingQueryOptions(filters ?? { ...queryFilters, side: "buy" }),
    enabled: filters !== null,
    placeholderData: (previous) => previous ?? lastShownPage,
  });
  useEffect(() => {
    if (listing.data && !listing.isPlaceholderData) lastShownPage = listing.data;
  }, [listing.data, listing.isPlaceholderData]);

  const urlParamOf = useCallback(
    (code: string) => cryptos.data?.find((crypto) => crypto.code === code)?.urlParam ?? null,
    [cryptos.data],
  );
  const go = useCallback(
    (next: ListingFilters) => navigate(localize(listingPath(next, urlParamOf))),
    [navigate, localize, urlParamOf],
  );
  const change = useCallback((delta: FilterChange) => filters && go(applyFilterChange(filters, delta)), [filters, go]);

  if (!selection || resolution === null) return null;
  const side: ListingSide = selection.side;
  const cryptoView = filters?.crypto ? cryptos.data?.find((crypto) => crypto.code === filters.crypto) : undefined;
  const tab = filters?.tab ?? queryFilters.tab;
  const title = cryptoView ? t(`title.${side}Named`, { crypto: cryptoView.fullName }) : t(`title.${side}`);

  let content: ReactNode;
  if (resolution.status === "unknown") {
    content = (
      <ListingMessage
        icon={<AlertTriangleIcon size={28} />}
        color="orange"
        title={t(resolution.what === "crypto" ? "unknown.crypto" : "unknown.method", { token: resolution.token })}
        body={t("unknown.body")}
        testId="listing-unknown"
        actions={
          <Button component={Link} to={to(side === "buy" ? "marketplaceBuy" : "marketplaceSell")}>
            {t("unknown.action")}
          </Button>
        }
      />
    );
  } else if (listing.isError && !listing.data) {
    const isBadFilter = isApiError(listing.error) && listing.error.code === INPUT_VALIDATION;
    content = (
      <ListingMessage
        icon={<AlertTriangleIcon size={28} />}
        color="red"
        title={isBadFilter ? t("error.badFilterTitle") : t("error.title")}
        body={isBadFilter ? t("error.badFilterBody") : t("error.body")}
        testId="listing-error"
        actions={
          isBadFilter && filters ? (
            <Button variant="default" onClick={() => go(clearedFilters(filters))}>
              {t("empty.clear")}
            </Button>
          ) : (
            <Button variant="default" onClick={() => void listing.refetch()}>
              {t("error.retry")}
            </Button>
          )
        }
      />
    );
  } else if (!listing.data) {
    content = <OfferListSkeleton />;
  } else if (listing.data.offers.length === 0 && !listing.isPlaceholderData) {
    content = (
      <ListingMessage
        icon={<InboxIcon size={28} />}
        title={filters?.tab === "shop" ? t("empty.shopTitle") : t("empty.title")}
        body={filters && hasNarrowingFilters(filters) ? t("empty.bodyFiltered") : t(`empty.body.${side}`)}
        testId="listing-empty"
        actions={
          filters && hasNarrowingFilters(filters) ? (
            <Button variant="default" onClick={() => go(clearedFilters(filters))}>
              {t("empty.clear")}
            </Button>
          ) : null
        }
      />
    );
  } else {
    content = (
      <>
        <OfferList
          offers={listing.data.offers}
          renderFavorite={renderFavorite}
          fiatAmount={filters && !filters.convertFromUSD ? filters.fiatMin : null}
          isStale={listing.isPlaceholderData || listing.isFetching}
        />
        {filters ? (
          <ListingPager page={filters.page} hasMore={listing.data.hasMore} onPage={(page) => change({ page })} />
        ) : null}
      </>
    );
  }

  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="marketplace-page">
      <title>{`${title} · Souk`}</title>
      <header className={classes.hero}>
        <div>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text c="dimmed" mt={6} maw={620}>
            {t(`subtitle.${side}`)}
          </Text>
        </div>
        <ChoiceGroup
          className={classes.sideSwitch}
          size="lg"
          label={t("side.label")}
          data={[
            { value: "buy", label: t("side.buy") },
            { value: "sell", label: t("side.sell") },
          ]}
          value={side}
          onChange={(value: ListingSide) => filters && go({ ...filters, side: value, page: 1 })}
          disabled={!filters}
          testId="side-switch"
        />
      </header>

      <TabList
        label={t("tabs.label")}
        idPrefix="listing-tab"
        panelId="listing-panel"
        data={[
          { value: "p2p", label: t("tabs.p2p") },
          { value: "shop", label: t("tabs.shop") },
        ]}
        value={tab}
        onChange={(value: OfferTab) => change({ tab: value })}
      />
      <div role="tabpanel" id="listing-panel" aria-labelledby={`listing-tab-${tab}`} className={classes.panel}>
        {filters ? (
          <FiltersBar
            filters={filters}
            onChange={change}
            references={{
              cryptos: cryptos.data ?? [],
              currencies: currencies.data?.currencies,
              popularCurrencies: currencies.data?.popular ?? [],
              methods: methods.data,
              groups: groups.data,
            }}
            onNeedReferences={() => setWantsReferences(true)}
            isLoggedIn={user !== null}
            moreCount={countMoreFilters(filters)}
          />
        ) : null}

        <div className={classes.resultsHead}>
          <Text fw={650} component="h2" size="lg">
            {t("results.heading")}
            {filters && filters.page > 1 ? (
              <Text span c="dimmed" fw={400} size="sm" ml={8}>
                {t("pager.page", { page: filters.page })}
              </Text>
            ) : null}
          </Text>
          {filters ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" component="label" htmlFor="listing-sort">
                {t("sort.label")}
              </Text>
              <span className={field.selectWrap}>
                <select
                  id="listing-sort"
                  className={`${field.control} ${field.small} ${field.select}`}
                  value={filters.sortType}
                  onChange={(event) => change({ sortType: event.currentTarget.value as OfferSortType })}
                >
                  {SORT_TYPES.map((sortType) => (
                    <option key={sortType} value={sortType}>
                      {t(`sort.${sortType}`)}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon size={14} className={field.chevron} />
              </span>
            </Group>
          ) : null}
        </div>
        {content}
      </div>
    </Container>
  );
}
