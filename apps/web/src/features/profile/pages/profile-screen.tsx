import {
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { OfferListingItem, OfferSortType, OfferType, PublicProfile } from "@souk/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { cryptoCurrenciesQueryOptions } from "../../../lib/reference-queries.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { StatusPage } from "../../../ui/status-page.tsx";
import { profileQueryOptions, userOffersQueryOptions } from "../api/profile-api.ts";
import { useProfileTexts } from "../i18n/profile-texts.ts";
import { type LastSeenColor, lastSeenColor, lastSeenText } from "../last-seen.ts";
import classes from "./profile-screen.module.css";

/** contracts' OFFER_SORT_TYPES, in the order the select lists them. */
const sortTypes: readonly OfferSortType[] = [
  "default",
  "price_asc",
  "price_desc",
  "release_time_asc",
  "release_time_desc",
];
const lastSeenColors: Record<LastSeenColor, string> = { success: "teal", warning: "orange", default: "dimmed" };

/** Epoch seconds, refreshed every minute so "Seen N minutes ago" stays true on an open page. */
function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function LastSeen({ lastSeen }: { lastSeen: number | null }) {
  const { t } = useProfileTexts();
  const now = useNowSeconds();
  const text = lastSeenText(lastSeen, now);
  const color = lastSeenColor(lastSeen, now);
  return (
    <Group gap={6} wrap="nowrap" data-testid="profile-last-seen" data-color={color}>
      <span
        aria-hidden="true"
        style={{
          width: 9,
          height: 9,
          borderRadius: "50%",
          background:
            color === "success"
              ? "var(--mantine-color-teal-6)"
              : color === "warning"
                ? "var(--mantine-color-orange-6)"
                : "var(--mantine-color-gray-5)",
        }}
      />
      <Text size="sm" c={lastSeenColors[color]} fw={color === "default" ? 400 : 600}>
        {"count" in text ? t(`lastSeen.${text.key}`, { count: text.count }) : t(`lastSeen.${text.key}`)}
      </Text>
    </Group>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={650}>
        {label}
      </Text>
      <Text className={classes.statValue}>{value}</Text>
    </div>
  );
}

function ProfileSummary({
  profile,
  actions,
  medals,
}: {
  profile: PublicProfile;
  actions?: ReactNode;
  medals?: ReactNode;
}) {
  const { t, i18n } = useProfileTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const checks = [
    { key: "id", ok: profile.verification.id },
    { key: "email", ok: profile.verification.email },
    { key: "phone", ok: profile.phone },
  ] as const;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <div className={classes.header}>
          <Avatar src={profile.avatarUrl} name={profile.username} color="initials" size={84} radius={999} alt="" />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="sm" align="center">
              <Title order={1} className={classes.name}>
                {profile.username}
              </Title>
              {profile.badge !== "no_badge" ? (
                <Badge variant="light" radius="sm">
                  {t(`badges.${profile.badge}`, { defaultValue: profile.badge })}
                </Badge>
              ) : null}
            </Group>
            {profile.fullName ? <Text fw={500}>{profile.fullName}</Text> : null}
            <LastSeen lastSeen={profile.lastSeen} />
            <Text size="sm" c="dimmed">
              {t("joined", { date: formatDate(profile.registered * 1000, locale) })}
              {profile.ipLocation ? ` · ${t("location", { location: profile.ipLocation })}` : ""}
            </Text>
          </Stack>
          {actions}
        </div>
        <Group gap="xs" mt="lg">
          {checks.map((check) => (
            <Badge
              key={check.key}
              variant="light"
              color={check.ok ? "teal" : "gray"}
              radius="sm"
              tt="none"
              size="lg"
              fw={500}
            >
              {t(`verification.${check.key}`)} {check.ok ? t("verification.verified") : t("verification.notVerified")}
            </Badge>
          ))}
        </Group>
      </Paper>

      <section className={classes.stats} aria-label={t("stats.title")}>
        <Stat label={t("stats.trades")} value={profile.totalTrades} />
        <Stat label={t("stats.partners")} value={profile.totalPartners} />
        <Stat
          label={t("stats.feedback")}
          value={
            <Text span inherit>
              <Text span inherit c="teal">
                +{profile.feedback.positive}
              </Text>{" "}
              <Text span inherit c="red">
                −{profile.feedback.negative}
              </Text>
            </Text>
          }
        />
        <Stat label={t("stats.btcTraded")} value={profile.btcTraded} />
        <Stat label={t("stats.trustedBy")} value={t("stats.people", { count: profile.trustedCount })} />
        <Stat label={t("stats.blockedBy")} value={t("stats.people", { count: profile.blockedCount })} />
        <Stat label={t("stats.chargebacks")} value={profile.confirmedChargebacks} />
      </section>

      {profile.tradeVolume.length > 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h5" mb="sm">
            {t("volume.title")}
          </Title>
          <Stack gap={6} component="dl" m={0}>
            {profile.tradeVolume.map((item) => (
              <Group key={item.name} justify="space-between">
                <Text component="dt" size="sm" c="dimmed">
                  {item.name}
                </Text>
                <Text component="dd" size="sm" fw={600} m={0}>
                  {item.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
      {medals}
    </Stack>
  );
}

export interface ProfileScreenProps {
  username: string;
  /** Draws a user's offers (the page composes the marketplace's list, without the owner column). */
  renderOffers: (offers: OfferListingItem[]) => ReactNode;
  /** What the viewer can do about this user (trust, block), drawn in the profile's header. */
  actions?: ReactNode;
  /** The user's medals, drawn under the trading figures. */
  medals?: ReactNode;
  /** The feedback the user received, drawn under the offers. */
  feedback?: ReactNode;
}

/** Profile `/user/{username}`: public fields, last seen, and the user's offers by side, coin and sort. */
export function ProfileScreen({ username, renderOffers, actions, medals, feedback }: ProfileScreenProps) {
  const { t } = useProfileTexts();
  const { to } = useLocalizedPaths();
  const [searchParams, setSearchParams] = useSearchParams();
  const type: OfferType = searchParams.get("type") === "sell" ? "sell" : "buy";
  const crypto = searchParams.get("crypto")?.toUpperCase() ?? null;
  const sortParam = searchParams.get("sort");
  const sort: OfferSortType = sortTypes.includes(sortParam as OfferSortType) ? (sortParam as OfferSortType) : "default";
  const profile = useQuery(profileQueryOptions(username));
  const cryptos = useQuery(cryptoCurrenciesQueryOptions());
  const offers = useInfiniteQuery({
    ...userOffersQueryOptions(username, { type, cryptoCurrencyCode: crypto, sort }),
    enabled: profile.isSuccess,
  });

  function update(change: { type?: OfferType; crypto?: string | null; sort?: OfferSortType }) {
    const next = new URLSearchParams();
    const nextType = change.type ?? type;
    const nextCrypto = change.crypto === undefined ? crypto : change.crypto;
    const nextSort = change.sort ?? sort;
    if (nextType !== "buy") next.set("type", nextType);
    if (nextCrypto) next.set("crypto", nextCrypto);
    if (nextSort !== "default") next.set("sort", nextSort);
    setSearchParams(next, { preventScrollReset: true });
  }

  if (profile.isPending) {
    return (
      <Container w="100%" size="lg" py="xl" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={170} radius="lg" mb="lg" />
        <Skeleton height={90} radius="lg" />
      </Container>
    );
  }
  if (profile.isError) {
    const isMissing = isApiError(profile.error) && profile.error.status === 404;
    return (
      <StatusPage
        icon={isMissing ? "404" : "!"}
        color={isMissing ? "gray" : "red"}
        title={isMissing ? t("notFound.title") : t("error.title")}
        body={isMissing ? t("notFound.body", { username }) : t("error.body")}
        testId={isMissing ? "profile-not-found" : "profile-error"}
        actions={
          isMissing ? (
            <Button component={Link} to={to("marketplaceBuy")}>
              {t("notFound.action")}
            </Button>
          ) : (
            <Button onClick={() => void profile.refetch()}>{t("error.retry")}</Button>
          )
        }
      />
    );
  }

  const list = offers.data?.pages.flatMap((page) => page.offers) ?? [];
  const cryptoData = [
    { value: "all", label: t("offers.allCrypto") },
    ...(cryptos.data ?? []).filter((item) => !item.isBlocked).map((item) => ({ value: item.code, label: item.code })),
  ];

  return (
    <Container w="100%" size="lg" py={{ base: "lg", sm: "xl" }} data-testid="profile-page">
      <title>{`${t("metaTitle", { username: profile.data.username })}`}</title>
      <ProfileSummary profile={profile.data} actions={actions} medals={medals} />

      <Stack gap="md" mt={40} component="section" aria-labelledby="profile-offers-title">
        <Title order={2} size="h3" id="profile-offers-title">
          {t("offers.title")}
        </Title>
        <div className={classes.toolbar}>
          <SegmentedControl
            aria-label={t("offers.sideLabel")}
            value={type}
            onChange={(value) => update({ type: value === "sell" ? "sell" : "buy" })}
            data={[
              { value: "buy", label: t("offers.buy", { username: profile.data.username }) },
              { value: "sell", label: t("offers.sell", { username: profile.data.username }) },
            ]}
            radius="md"
            data-testid="profile-side"
          />
          <Group gap="sm" align="flex-end">
            <SegmentedControl
              aria-label={t("offers.crypto")}
              value={crypto ?? "all"}
              onChange={(value) => update({ crypto: value === "all" ? null : value })}
              data={cryptoData}
              radius="md"
              data-testid="profile-crypto"
            />
            <NativeSelect
              size="sm"
              label={t("offers.sort")}
              value={sort}
              onChange={(event) => update({ sort: event.currentTarget.value as OfferSortType })}
              data={sortTypes.map((value) => ({ value, label: t(`offers.sorts.${value}`) }))}
            />
          </Group>
        </div>
        {offers.isError && list.length === 0 ? (
          <LoadError message={t("offers.error")} retryLabel={t("offers.retry")} onRetry={() => void offers.refetch()} />
        ) : offers.isPending ? (
          <Skeleton height={120} radius="lg" />
        ) : list.length === 0 ? (
          <Text
            c="dimmed"
            ta="center"
            py="xl"
            data-testid="profile-offers-empty"
            style={{ border: "1px dashed var(--souk-border)", borderRadius: "var(--mantine-radius-lg)" }}
          >
            {t(`offers.empty.${type}`, { username: profile.data.username })}
          </Text>
        ) : (
          <>
            {renderOffers(list)}
            {offers.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  onClick={() => void offers.fetchNextPage()}
                  loading={offers.isFetchingNextPage}
                >
                  {t("offers.more")}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      {feedback ? <div className={classes.feedback}>{feedback}</div> : null}
    </Container>
  );
}
