import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { OfferTab } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { currentUserQueryOptions } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { InfoIcon, SlidersIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import type { OfferSide } from "../api/my-offers-api.ts";
import { BidModal } from "../components/bid-modal.tsx";
import { BondNotice } from "../components/bond-notice.tsx";
import { MyOfferCard } from "../components/my-offer-card.tsx";
import classes from "../components/my-offers.module.css";
import { PromoteModal, PromoteOptionModal } from "../components/promote-modals.tsx";
import { useMyOffers } from "../components/use-my-offers.ts";
import { useOfferModals } from "../components/use-offer-modals.ts";
import { useMyOffersMessages, useMyOffersTexts } from "../i18n/my-offers-texts.ts";

/** /dashboard/my-offers: the vendor's offers by side (tabs with counts) and tab type (p2p, shop). */
export function MyOffersPage() {
  const user = useQuery(currentUserQueryOptions());
  const location = useLocation();
  const { to } = useLocalizedPaths();
  if (user.isPending) return <ListSkeleton />;
  if (!user.data)
    return <Navigate to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })} replace />;
  return <MyOffers />;
}

function readSide(value: string | null): OfferSide {
  return value === "buy" ? "buy" : "sell";
}

function readTab(value: string | null): OfferTab {
  return value === "shop" ? "shop" : "p2p";
}

function MyOffers() {
  const { t } = useMyOffersTexts();
  const { keyText, failureTexts } = useMyOffersMessages();
  const { to } = useLocalizedPaths();
  const [searchParams, setSearchParams] = useSearchParams();
  const type = readSide(searchParams.get("type"));
  const tabType = readTab(searchParams.get("tab"));
  const controller = useMyOffers(type, tabType);
  const modals = useOfferModals(controller);
  const { list, offers, meta, page } = controller;

  function setQuery(next: { type?: OfferSide; tab?: OfferTab }) {
    const params = new URLSearchParams(searchParams);
    if (next.type) params.set("type", next.type);
    if (next.tab) params.set("tab", next.tab);
    setSearchParams(params, { replace: true });
  }

  const hasActive = type === "sell" ? meta?.isNotSellActiveOffers === false : meta?.isNotBuyActiveOffers === false;
  const bondOptions = page?.depositData?.options ?? [];
  const isBondShort = offers.some((offer) => offer.depositInfo.isBondInsufficient === true);
  const perkFee = (paymentMethodId: number) =>
    page?.userPerks.find((perk) => perk.paymentMethodId === paymentMethodId)?.discountedEscrowFee ?? null;

  return (
    <Container size="lg" w="100%" py={{ base: "lg", sm: "xl" }}>
      <title>{`${t("meta.title")} · Souk`}</title>
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("page.title")}
          </Title>
          <Text c="dimmed">{t("page.subtitle")}</Text>
        </Stack>
        <Group gap="sm">
          {meta ? (
            <Text size="sm" fw={650} className={classes.pill} data-testid="promote-available">
              {t("page.promotions", { available: meta.promoteAvailable, total: meta.promoteTotal })}
            </Text>
          ) : null}
          <Button component={Link} to={to("offerCreate", {}, { type })} data-testid="create-offer">
            {t("page.create")}
          </Button>
        </Group>
      </Group>

      <div className={classes.tabsRow}>
        <Tabs value={type} onChange={(value) => setQuery({ type: readSide(value) })} variant="pills" radius="md">
          <Tabs.List>
            {(["sell", "buy"] as const).map((side) => (
              <Tabs.Tab
                key={side}
                value={side}
                rightSection={
                  meta ? (
                    <Badge size="sm" variant={side === type ? "white" : "light"} radius="sm" circle={false}>
                      {meta.counts[side]}
                    </Badge>
                  ) : null
                }
                data-testid={`tab-${side}`}
              >
                {side === "sell" ? t("tabs.sell") : t("tabs.buy")}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <SegmentedControl
          aria-label={t("tabs.tabType")}
          value={tabType}
          onChange={(value) => setQuery({ tab: readTab(value) })}
          data={[
            { value: "p2p", label: t("tabs.p2p") },
            { value: "shop", label: t("tabs.shop") },
          ]}
          radius="md"
        />
      </div>

      <Stack gap="md" mt="md">
        {(page?.messages ?? [])
          .filter((message) => message !== "bond_insufficient")
          .map((message) => (
            <Alert key={message} variant="light" color="blue" radius="md" icon={<InfoIcon />}>
              {keyText(message)}
            </Alert>
          ))}
        {isBondShort || page?.messages.includes("bond_insufficient") ? <BondNotice options={bondOptions} /> : null}

        {list.isPending ? <ListSkeleton /> : null}
        {list.isError ? (
          <LoadError
            message={failureTexts(list.error).join(" ")}
            retryLabel={t("page.retry")}
            onRetry={() => void list.refetch()}
            data-testid="my-offers-error"
          />
        ) : null}

        {list.isSuccess && offers.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" className={classes.empty} data-testid="my-offers-empty">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={56} radius="xl" variant="light">
                <SlidersIcon size={26} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {type === "sell" ? t("empty.sellTitle") : t("empty.buyTitle")}
              </Title>
              <Text c="dimmed" maw={420}>
                {tabType === "shop" ? t("empty.shopBody") : t("empty.body")}
              </Text>
              <Button component={Link} to={to("offerCreate", {}, { type })} mt="xs">
                {t("page.create")}
              </Button>
            </Stack>
          </Paper>
        ) : null}

        {offers.length > 0 ? (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" data-testid="my-offers-count">
                {t("page.shown", { count: offers.length, total: meta?.total ?? offers.length })}
              </Text>
              <Button
                variant="light"
                color={hasActive ? "gray" : "souk"}
                size="sm"
                className={classes.wrapButton}
                loading={controller.toggleAll.isPending}
                onClick={() => controller.toggleAll.mutate(!hasActive)}
                data-testid="toggle-all"
              >
                {hasActive ? t(`page.allOff.${type}`) : t(`page.allOn.${type}`)}
              </Button>
            </Group>
            {controller.toggleAll.isError ? (
              <Alert color="red" variant="light" radius="md" role="alert">
                {failureTexts(controller.toggleAll.error).join(" ")}
              </Alert>
            ) : null}
            <Stack gap="sm" data-testid="my-offers-list">
              {offers.map((offer) => (
                <MyOfferCard
                  key={offer.idHashed}
                  offer={offer}
                  controller={controller}
                  discountedEscrowFee={perkFee(offer.paymentMethod.id)}
                  onPromote={modals.openOptions}
                />
              ))}
            </Stack>
            {list.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                  data-testid="load-more"
                >
                  {t("page.loadMore")}
                </Button>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>

      <PromoteOptionModal
        state={modals.promote}
        promoteAvailable={meta?.promoteAvailable ?? 0}
        promoteTotal={meta?.promoteTotal ?? 0}
        onChooseHighlight={modals.openPromote}
        onChooseBid={modals.openBid}
        onClose={modals.closeOptions}
      />
      <PromoteModal
        state={modals.promote}
        promoteAvailable={meta?.promoteAvailable ?? 0}
        promoteTotal={meta?.promoteTotal ?? 0}
        onConfirm={modals.confirmPromote}
        onClose={modals.closePromote}
      />
      <BidModal
        state={modals.bid}
        dispatch={modals.dispatchBid}
        onSelectPeriod={modals.selectPeriod}
        onChangeCurrency={modals.changeCurrency}
        suggestion={modals.suggestion}
        onWithdraw={modals.withdrawBid}
        isInfoLoading={modals.bidInfo.isFetching}
        infoError={modals.bidInfo.isError ? failureTexts(modals.bidInfo.error).join(" ") : null}
        onRetryInfo={() => void modals.bidInfo.refetch()}
        onConfirm={modals.confirmBid}
        onClose={modals.closeBid}
        onCancel={modals.cancelBid}
      />
    </Container>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" data-testid="my-offers-loading" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={148} radius="lg" />
      ))}
    </Stack>
  );
}
