import { Anchor, Badge, Paper, SimpleGrid, Table, Text, Title } from "@mantine/core";
import type { AdminUserDetails } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TradeStatusBadge } from "../../../ui/trade-status-badge.tsx";
import { adminUserDetailsQueryOptions } from "../api/admin-api.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";

/** One titled table of a user's page, or a line saying it is empty; `footer` goes under the table. */
export function Section({
  title,
  testId,
  isEmpty,
  children,
  footer,
}: {
  title: string;
  testId: string;
  isEmpty: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useAdminTexts();
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {isEmpty ? (
        <Text size="sm" c="dimmed">
          {t("details.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} fz="sm" striped>
            {children}
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Paper>
  );
}

function Balances({ details }: { details: AdminUserDetails }) {
  const { t } = useAdminTexts();
  const rows = details.balances.filter((row) =>
    [row.balance, row.escrowAmount, row.bondAmount].some((amount) => Number(amount) !== 0),
  );
  return (
    <Section title={t("details.balances")} testId="admin-user-balances" isEmpty={rows.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("details.currency")}</Table.Th>
          <Table.Th>{t("details.available")}</Table.Th>
          <Table.Th>{t("details.escrow")}</Table.Th>
          <Table.Th>{t("details.bond")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.cryptoCurrencyCode}>
            <Table.Td>{row.cryptoCurrencyCode}</Table.Td>
            <Table.Td>{row.balance}</Table.Td>
            <Table.Td>{row.escrowAmount}</Table.Td>
            <Table.Td>{row.bondAmount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

function Trades({ details }: { details: AdminUserDetails }) {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const { items, total } = details.trades;
  return (
    <Section title={t("details.trades", { count: total })} testId="admin-user-trades" isEmpty={items.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("details.trade")}</Table.Th>
          <Table.Th>{t("details.partner")}</Table.Th>
          <Table.Th>{t("details.amount")}</Table.Th>
          <Table.Th>{t("details.started")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((trade) => (
          <Table.Tr key={trade.id}>
            <Table.Td>
              <Anchor component={Link} to={to("viewTrade", { id: trade.id })} size="sm" ff="monospace">
                {trade.id}
              </Anchor>{" "}
              <TradeStatusBadge size="xs" status={trade.status} />
            </Table.Td>
            <Table.Td>{trade.partner.username}</Table.Td>
            <Table.Td>
              {trade.cryptoAmount} {trade.cryptoCurrencyCode} · {trade.fiatAmount} {trade.fiatCurrencyCode}
            </Table.Td>
            <Table.Td>{formatDate(trade.startedAt, locale, { dateStyle: "medium" })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

function Offers({ details }: { details: AdminUserDetails }) {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const { items, total } = details.offers;
  return (
    <Section title={t("details.offers", { count: total })} testId="admin-user-offers" isEmpty={items.length === 0}>
      <Table.Tbody>
        {items.map((offer) => (
          <Table.Tr key={offer.idHashed}>
            <Table.Td>
              <Anchor
                component={Link}
                to={to("adminOffers", {}, { status: "all", q: offer.idHashed })}
                size="sm"
                ff="monospace"
              >
                {offer.idHashed}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {t(`details.offerSide.${offer.type}`)} {offer.cryptoCurrencyCode} · {offer.fiatCurrencyCode} ·{" "}
              {offer.paymentMethodName}
            </Table.Td>
            <Table.Td>
              <Badge size="xs" variant="light" color={offer.moderation.status === 1 ? "teal" : "red"}>
                {t(`offers.status.${offer.moderation.statusName}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

function Sessions({ details }: { details: AdminUserDetails }) {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Section title={t("details.sessions")} testId="admin-user-sessions" isEmpty={details.sessions.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("details.ip")}</Table.Th>
          <Table.Th>{t("details.device")}</Table.Th>
          <Table.Th>{t("details.lastActive")}</Table.Th>
          <Table.Th>{t("details.ended")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {details.sessions.map((session) => (
          <Table.Tr key={session.id}>
            <Table.Td>
              {session.ip ? (
                <Anchor component={Link} to={to("adminUsers", {}, { q: session.ip })} size="sm" ff="monospace">
                  {session.ip}
                </Anchor>
              ) : (
                "—"
              )}
            </Table.Td>
            <Table.Td>{session.device ?? "—"}</Table.Td>
            <Table.Td>{date(session.lastActiveAt)}</Table.Td>
            <Table.Td>{session.endedAt ? date(session.endedAt) : t("details.live")}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

/** The sections of a user's page: balances, latest trades, offers, sessions and where they came from. */
export function UserDetails({ username }: { username: string }) {
  const { t } = useAdminTexts();
  const details = useQuery(adminUserDetailsQueryOptions(username));
  if (details.isPending) return null;
  if (details.isError) {
    return <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void details.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Balances details={details.data} />
      <Offers details={details.data} />
      <Trades details={details.data} />
      <Sessions details={details.data} />
    </SimpleGrid>
  );
}
