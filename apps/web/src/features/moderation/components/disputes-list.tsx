import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import type { DisputeSummary } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { type DisputeListStatus, disputesQueryOptions } from "../api/moderation-api.ts";
import { useModerationTexts } from "../i18n/moderation-texts.ts";

const APPEAL_COLORS: Record<DisputeSummary["appealStatus"], string> = {
  available: "blue",
  appealed: "orange",
  expired: "gray",
  not_available: "gray",
};

function DisputeRow({ dispute }: { dispute: DisputeSummary }) {
  const { t } = useModerationTexts();
  const { to, locale } = useLocalizedPaths();
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`dispute-${dispute.tradeId}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {t("parties", { buyer: dispute.buyerUsername, seller: dispute.sellerUsername })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatCryptoDecimal(dispute.cryptoAmount, locale)} {dispute.cryptoCurrencyCode} ·{" "}
            {formatFiatAmount(dispute.fiatAmount, locale)} {dispute.fiatCurrencyCode} ·{" "}
            {t("openedBy", { role: t(`roles.${dispute.openedBy}`), date: date(dispute.openedAt) })}
          </Text>
          <Group gap={6} mt={4}>
            <Badge variant="outline" color="gray" size="sm">
              {t(`reasons.${dispute.reasonKey}`, { defaultValue: dispute.reasonKey })}
            </Badge>
            {dispute.outcome ? (
              <Badge variant="light" size="sm">
                {t("outcome", { role: t(`roles.${dispute.outcome}`) })}
              </Badge>
            ) : null}
            {dispute.outcome && dispute.appealStatus !== "not_available" ? (
              <Badge variant="light" size="sm" color={APPEAL_COLORS[dispute.appealStatus]}>
                {t(`appeal.${dispute.appealStatus}`)}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" mt={4}>
            {dispute.reasonText}
          </Text>
          {dispute.resolvedAt ? (
            <Text size="xs" c="dimmed">
              {t("resolvedOn", { date: date(dispute.resolvedAt) })}
            </Text>
          ) : null}
        </div>
        <Button component={Link} to={to("viewTrade", { id: dispute.tradeId })} size="xs">
          {t("open")}
        </Button>
      </Group>
    </Paper>
  );
}

export interface DisputesViewProps {
  status: DisputeListStatus;
  page: number;
  perPage?: number;
  onChange: (next: { status: DisputeListStatus; page: number }) => void;
  /** Shown beside the title: the section's link to the full screen. */
  aside?: ReactNode;
  /** The screen has its own h1; the dashboard section titles itself. */
  headingOrder?: 2 | 3;
}

/** The moderator's dispute queue; each opens the trade, where the dispute is resolved with a note. */
export function DisputesView({ status, page, perPage, onChange, aside, headingOrder = 2 }: DisputesViewProps) {
  const { t } = useModerationTexts();
  const disputes = useQuery(disputesQueryOptions(status, page, perPage));
  const rows = disputes.data?.data ?? [];
  const meta = disputes.data?.meta;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="disputes">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={headingOrder} size="h4">
            {t("title")}
          </Title>
          {aside}
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t("title")}
          value={status}
          onChange={(value) => onChange({ status: value as DisputeListStatus, page: 1 })}
          data={(["open", "appealed", "resolved"] as const).map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
      </Group>
      {disputes.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : disputes.isError ? (
        <LoadError
          message={
            <>
              {t("error")}
              {isApiError(disputes.error) && disputes.error.message ? (
                <Text size="xs">{disputes.error.message}</Text>
              ) : null}
            </>
          }
          retryLabel={t("retry")}
          onRetry={() => void disputes.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("empty")}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((dispute) => (
            <DisputeRow key={dispute.tradeId} dispute={dispute} />
          ))}
          {meta ? (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t("total", { count: meta.total })}
                {meta.lastPage > 1 ? ` · ${t("page", { page: meta.currentPage, last: meta.lastPage })}` : ""}
              </Text>
              {meta.lastPage > 1 ? (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={page <= 1}
                    onClick={() => onChange({ status, page: page - 1 })}
                  >
                    {t("previous")}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={page >= meta.lastPage}
                    onClick={() => onChange({ status, page: page + 1 })}
                  >
                    {t("next")}
                  </Button>
                </Group>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

/** The dashboard's short dispute queue for staff, with a link to the full screen. */
export function DisputesList() {
  const { t } = useModerationTexts();
  const { to } = useLocalizedPaths();
  const [state, setState] = useState<{ status: DisputeListStatus; page: number }>({ status: "open", page: 1 });
  return (
    <DisputesView
      status={state.status}
      page={state.page}
      perPage={5}
      onChange={setState}
      aside={
        <Anchor component={Link} to={to("moderationDisputes", {}, { status: state.status })} size="sm">
          {t("seeAll")}
        </Anchor>
      }
    />
  );
}
