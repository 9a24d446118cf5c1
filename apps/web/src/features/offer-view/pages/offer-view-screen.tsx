import { Alert, Anchor, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { OfferListingItem, OfferView } from "@souk/contracts";
import { formatDecimal } from "@souk/money";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useReducer, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { newIdempotencyKey } from "../../../lib/idempotency.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { StatusPage } from "../../../ui/status-page.tsx";
import { type OfferPageQuery, offerViewQueryOptions } from "../api/offer-view-api.ts";
import { CustomRateModal } from "../components/custom-rate-modal.tsx";
import { OfferDetails, VendorCard } from "../components/offer-sidebar.tsx";
import { ReportOfferModal } from "../components/report-offer.tsx";
import { ReviewTermsModal } from "../components/review-terms-modal.tsx";
import { RiskWarningModal } from "../components/risk-warning-modal.tsx";
import { TradeAmountCard } from "../components/trade-amount-card.tsx";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import { formatPercent, formatServerDecimal } from "../offer-view-format.ts";
import { marketPrice } from "../trade-amount.ts";
import {
  initialViewOfferModals,
  nextStartModal,
  RISK_WARNING_MODALS,
  type RiskWarningModal as RiskWarningKind,
  viewOfferModalsReducer,
} from "../view-offer-state.ts";
import classes from "./offer-view-screen.module.css";

/** The offer page's query (docs/product.md#offer-page); the server answers which parts it accepted. */
function readOfferQuery(search: URLSearchParams): OfferPageQuery {
  return {
    fiatMin: search.get("fiat-min"),
    sourceType: search.get("sourceType"),
    targetType: search.get("targetType"),
    sourceCurrencyCode: search.get("sourceCurrencyCode"),
    targetCurrencyCode: search.get("targetCurrencyCode"),
  };
}

const flashColors = { info: "blue", warning: "orange", error: "red" } as const;

export interface OfferViewScreenProps {
  id: string;
  /** The favourite star, composed by the page for a logged-in visitor. */
  renderFavorite?: ((view: OfferView) => ReactNode) | undefined;
  /** The recommended offers, drawn by the page with the marketplace's list. */
  renderRecommended?: ((offers: OfferListingItem[]) => ReactNode) | undefined;
  /** The owner's received feedback (filter and "Show more"), drawn by the page. */
  renderFeedback?: ((ownerUsername: string) => ReactNode) | undefined;
}

export function OfferViewScreen({ id, renderFavorite, renderRecommended, renderFeedback }: OfferViewScreenProps) {
  const { t, i18n } = useOfferViewTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { to } = useLocalizedPaths();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const query = readOfferQuery(searchParams);
  const viewQuery = useQuery(offerViewQueryOptions(id, query));
  const [modals, dispatch] = useReducer(viewOfferModalsReducer, initialViewOfferModals);
  const [isReportOpen, setIsReportOpen] = useState(false);
  const [amount, setAmount] = useState<string | null | undefined>(undefined);
  const [startAttempt, setStartAttempt] = useState<{ fiatAmount: string; idempotencyKey: string } | null>(null);

  if (viewQuery.isPending) {
    return (
      <Container w="100%" size="lg" py="xl" aria-busy="true" aria-label={t("loading")} data-testid="offer-loading">
        <Skeleton height={28} width="50%" mb="md" />
        <div className={classes.layout}>
          <Stack gap="lg">
            <Skeleton height={160} radius="lg" />
            <Skeleton height={260} radius="lg" />
          </Stack>
          <Skeleton height={320} radius="lg" />
        </div>
      </Container>
    );
  }

  if (viewQuery.isError) {
    const isMissing = isApiError(viewQuery.error) && viewQuery.error.status === 404;
    return (
      <StatusPage
        icon={isMissing ? "404" : "!"}
        color={isMissing ? "gray" : "red"}
        title={isMissing ? t("notFound.title") : t("error.title")}
        body={isMissing ? t("notFound.body") : t("error.body")}
        testId={isMissing ? "offer-not-found" : "offer-error"}
        actions={
          isMissing ? (
            <Button component={Link} to={to("marketplaceBuy")}>
              {t("notFound.action")}
            </Button>
          ) : (
            <Button onClick={() => void viewQuery.refetch()}>{t("error.retry")}</Button>
          )
        }
      />
    );
  }

  const view = viewQuery.data;
  const { offer } = view;
  const visitorSide = offer.type === "sell" ? "buy" : "sell";
  const crypto = offer.altCoin.code;
  const fiat = offer.fiatCurrency.code;
  const method = offer.paymentMethod.nameLocalized;
  const market =
    offer.altCoin.rate && offer.fiatCurrency.rate.usd
      ? formatDecimal(marketPrice(offer.altCoin.rate, offer.fiatCurrency.rate.usd, offer.fiatCurrency.decimals))
      : null;
  const title = t(`title.${visitorSide}`, { crypto, method });
  const marginIsNegative = offer.margin.startsWith("-") && /[1-9]/.test(offer.margin);

  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="offer-page">
      <title>{`${title} · Souk`}</title>
      <Anchor
        component={Link}
        to={to(visitorSide === "buy" ? "marketplaceBuy" : "marketplaceSell", {}, { crypto })}
        size="sm"
        c="dimmed"
      >
        ← {t("back")}
      </Anchor>

      <Group justify="space-between" align="flex-end" mt="sm" mb="lg" gap="md">
        <div>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Group gap={6} mt={8}>
            {/* The label is the owner's note to themselves: the server sends it to the owner only. */}
            {view.isOwner && offer.label ? (
              <Badge variant="light" radius="sm" tt="none" title={t("ownerLabel")} data-testid="offer-owner-label">
                {offer.label}
              </Badge>
            ) : null}
            {offer.tags.map((tag) => (
              <Badge key={tag.slug} variant="default" radius="sm" tt="none" fw={500}>
                {t(`tags.${tag.slug}`, { defaultValue: tag.name })}
              </Badge>
            ))}
          </Group>
        </div>
      </Group>

      <Stack gap="sm" mb="lg">
        {view.flashMessages.map((message) => (
          <Alert
            key={message.key}
            color={flashColors[message.type]}
            variant="light"
            radius="md"
            data-testid="offer-flash"
          >
            {t(`flash.${message.key}`, { defaultValue: message.key })}
          </Alert>
        ))}
        {view.unmetRequirements.length > 0 ? (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            title={t("requirements.title")}
            data-testid="unmet-requirements"
          >
            <Stack gap={4} component="ul" m={0} pl="md">
              {view.unmetRequirements.map((key) => (
                <Text component="li" size="sm" key={key}>
                  {t(`requirements.${key}`, { count: offer.requireMinPastTrades, defaultValue: key })}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>

      <div className={classes.layout}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="offer-price-card">
            <Text size="sm" c="dimmed">
              {t("price.label", { crypto })}
            </Text>
            <Text className={classes.price} data-testid="offer-price">
              {formatServerDecimal(offer.fiatPricePerCrypto, locale)} {fiat}
            </Text>
            <Group gap="xs" mt={6}>
              <Badge
                variant="light"
                radius="sm"
                tt="none"
                color={marginIsNegative ? "teal" : /[1-9]/.test(offer.margin) ? "orange" : "gray"}
              >
                {t("price.margin", { margin: formatPercent(offer.margin, locale) })}
              </Badge>
              {offer.priceType === "fixed" ? (
                <Badge variant="default" radius="sm">
                  {t("price.fixed")}
                </Badge>
              ) : null}
              {market ? (
                <Text size="sm" c="dimmed">
                  {t("price.market", { price: formatServerDecimal(market, locale), fiat })}
                </Text>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {`${t(`ownerLine.${visitorSide}`)} ${offer.owner.username} · ${method}`}
            </Text>
          </Paper>

          <TradeAmountCard
            view={view}
            isLoggedIn={user !== null}
            initialAmount={view.query.fiatMin}
            onAmountChange={setAmount}
            onCompareRate={() => dispatch({ type: "open", modal: "customExchangeRate" })}
            onStart={(fiatAmount) => {
              setStartAttempt({ fiatAmount, idempotencyKey: newIdempotencyKey() });
              dispatch({ type: "open", modal: nextStartModal(null, view.riskWarnings) });
            }}
          />

          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="offer-terms">
            <Title order={2} size="h5" mb="sm">
              {t("terms.title")}
            </Title>
            <Text className={classes.terms} size="sm">
              {offer.offerTerms.trim() === "" ? t("terms.none") : offer.offerTerms}
            </Text>
          </Paper>

          {renderFeedback?.(offer.owner.username)}
        </Stack>

        <div className={classes.side}>
          <VendorCard offer={offer} actions={renderFavorite?.(view)} />
          <OfferDetails view={view} />
          {view.isOwner ? null : user ? (
            <Button variant="subtle" color="red" onClick={() => setIsReportOpen(true)} data-testid="report-offer">
              {t("report.open")}
            </Button>
          ) : (
            <Button
              variant="subtle"
              color="gray"
              component={Link}
              to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })}
            >
              {t("report.loginToReport")}
            </Button>
          )}
        </div>
      </div>

      {view.recommendedOffers.length > 0 && renderRecommended ? (
        <Stack gap="sm" mt={48} component="section" aria-labelledby="recommended-title">
          <Title order={2} size="h4" id="recommended-title">
            {t("recommended.title")}
          </Title>
          {renderRecommended(view.recommendedOffers)}
        </Stack>
      ) : null}

      <CustomRateModal
        offer={offer}
        opened={modals.customExchangeRate}
        onClose={() => dispatch({ type: "close" })}
        fiatAmount={amount === undefined ? view.query.fiatMin : amount}
      />
      <RiskWarningModal
        kind={RISK_WARNING_MODALS.find((kind) => modals[kind]) ?? null}
        offer={offer}
        onClose={() => dispatch({ type: "close" })}
        onContinue={(kind: RiskWarningKind) =>
          dispatch({ type: "open", modal: nextStartModal(kind, view.riskWarnings) })
        }
      />
      {startAttempt ? (
        <ReviewTermsModal
          offer={offer}
          opened={modals.reviewOfferTerms}
          onClose={() => dispatch({ type: "close" })}
          fiatAmount={startAttempt.fiatAmount}
          idempotencyKey={startAttempt.idempotencyKey}
        />
      ) : null}
      {user ? (
        <ReportOfferModal offerId={offer.idHashed} opened={isReportOpen} onClose={() => setIsReportOpen(false)} />
      ) : null}
    </Container>
  );
}
