import { Anchor, Avatar, Badge, Group, Indicator, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { Offer, OfferView } from "@souk/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import { formatPercent, weekdayName } from "../offer-view-format.ts";

const statusColors = { online: "teal", recently_active: "yellow", offline: "gray" } as const;

/** The vendor: who they are, how they trade, and the actions a visitor has on the offer. */
export function VendorCard({ offer, actions }: { offer: Offer; actions?: ReactNode }) {
  const { t } = useOfferViewTexts();
  const { to } = useLocalizedPaths();
  const { owner } = offer;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="vendor-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Indicator color={statusColors[owner.status.type]} position="bottom-end" size={12} offset={5} withBorder>
              <Avatar src={owner.avatarUrl} name={owner.username} color="initials" radius="xl" size={52} alt="" />
            </Indicator>
            <Stack gap={2} miw={0}>
              <Anchor
                component={Link}
                to={to("userAccount", { username: owner.username })}
                fw={700}
                size="lg"
                c="inherit"
              >
                {owner.username}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`vendor.status.${owner.status.type}`)}
              </Text>
            </Stack>
          </Group>
          {actions}
        </Group>
        <Group gap={6}>
          {owner.badge.id !== "no_badge" ? (
            <Badge variant="light" radius="sm">
              {t(`badges.${owner.badge.id}`, { defaultValue: owner.badge.name })}
            </Badge>
          ) : null}
          <Badge variant="light" radius="sm" tt="none" color={owner.isIdVerified ? "teal" : "gray"}>
            {owner.isIdVerified ? t("vendor.idVerified") : t("vendor.notVerified")}
          </Badge>
          {owner.userCountryIso ? (
            <Badge variant="default" radius="sm" title={t("vendor.country")}>
              {owner.userCountryIso}
            </Badge>
          ) : null}
        </Group>
        <Stack gap={4}>
          <Text size="sm">
            {t("vendor.feedback", { positive: owner.feedbackPositiveCount, negative: owner.feedbackNegativeCount })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("vendor.trades", { count: owner.monthlyTradeStats.completedTrades })}
          </Text>
        </Stack>
        <Anchor component={Link} to={to("userAccount", { username: owner.username })} size="sm">
          {t("vendor.viewProfile")}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** Payment window, fees, location, the offer's requirements and its trading hours. */
export function OfferDetails({ view }: { view: OfferView }) {
  const { t, i18n } = useOfferViewTexts();
  const locale = i18n.language === "fr" ? "fr" : "en";
  const { offer } = view;
  const fee = formatPercent(offer.fees.escrowFeePercent, locale).replace(/^\+/, "");
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="offer-details">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t("details.title")}
        </Title>
        <DetailRow label={t("details.paymentWindow")}>
          {t("details.minutes", { count: offer.paymentWindowMinutes })}
        </DetailRow>
        <DetailRow label={t("details.escrowFee")}>
          {view.discountedEscrowFee
            ? t("details.discounted", {
                fee: formatPercent(view.discountedEscrowFee, locale).replace(/^\+/, ""),
                base: fee,
              })
            : fee}
        </DetailRow>
        {offer.location?.text ? <DetailRow label={t("details.location")}>{offer.location.text}</DetailRow> : null}
        <DetailRow label={t("details.availableIn")}>
          {offer.availableIn.length > 0 ? offer.availableIn.join(", ") : t("details.everywhere")}
        </DetailRow>
        {offer.requireMinPastTrades > 0 ? (
          <DetailRow label={t("details.minTrades")}>{offer.requireMinPastTrades}</DetailRow>
        ) : null}
        {offer.requireVerifiedId ? <DetailRow label={t("details.verifiedId")}>{t("details.yes")}</DetailRow> : null}
        {offer.requireFullNameVisibility ? (
          <DetailRow label={t("details.fullName")}>{t("details.yes")}</DetailRow>
        ) : null}
        {offer.showOnlyTrustedUser ? <DetailRow label={t("details.trustedOnly")}>{t("details.yes")}</DetailRow> : null}
      </Stack>
      <Stack gap="xs" mt="lg">
        <Group justify="space-between">
          <Title order={3} size="h6">
            {t("duty.title")}
          </Title>
          <Badge variant="dot" color={offer.isOnDuty ? "teal" : "gray"}>
            {offer.isOnDuty ? t("duty.onDuty") : t("duty.offDuty")}
          </Badge>
        </Group>
        {view.dutyHours.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("duty.always")}
          </Text>
        ) : (
          <>
            <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} fz="sm" data-testid="duty-hours">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("days.title")}</Table.Th>
                  <Table.Th ta="right">{t("days.hours")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[1, 2, 3, 4, 5, 6, 7].map((day) => {
                  const hours = view.dutyHours.filter((item) => item.day === day && item.active);
                  return (
                    <Table.Tr key={day}>
                      <Table.Td tt="capitalize">{weekdayName(day, locale)}</Table.Td>
                      <Table.Td ta="right" c={hours.length === 0 ? "dimmed" : undefined}>
                        {hours.length === 0
                          ? t("duty.closed")
                          : hours.map((item) => `${item.startTime}–${item.endTime}`).join(", ")}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              {t("duty.timezone", { timezone: view.dutyHoursTimezone })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
