import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { type DisputeListStatus, disputesQueryOptions } from "../api/moderation-api.ts";

const en = {
  title: "Disputes",
  statuses: { open: "Open", appealed: "Appealed", resolved: "Resolved" },
  empty: "No disputes here.",
  loading: "Loading…",
  error: "The disputes could not be loaded.",
  retry: "Try again",
  open: "Open trade",
  parties: "{{buyer}} (buyer) ↔ {{seller}} (seller)",
  openedBy: "Opened by the {{role}} on {{date}}",
  roles: { buyer: "buyer", seller: "seller" },
  outcome: "Awarded to the {{role}}",
  previous: "Previous",
  next: "Next",
};
type Texts = typeof en;
const fr: Texts = {
  title: "Litiges",
  statuses: { open: "Ouverts", appealed: "En appel", resolved: "Résolus" },
  empty: "Aucun litige ici.",
  loading: "Chargement…",
  error: "Les litiges n’ont pas pu être chargés.",
  retry: "Réessayer",
  open: "Ouvrir l’échange",
  parties: "{{buyer}} (acheteur) ↔ {{seller}} (vendeur)",
  openedBy: "Ouvert par le {{role}} le {{date}}",
  roles: { buyer: "acheteur", seller: "vendeur" },
  outcome: "Attribué au {{role}}",
  previous: "Précédent",
  next: "Suivant",
};
const texts: FeatureTexts<Texts> = { en, fr };

/** The moderator's dispute queue; each opens the trade, where the dispute is resolved with a note. */
export function DisputesList() {
  const { t } = useFeatureTexts("moderation", texts);
  const { to, locale } = useLocalizedPaths();
  const [status, setStatus] = useState<DisputeListStatus>("open");
  const [page, setPage] = useState(1);
  const disputes = useQuery(disputesQueryOptions(status, page));
  const rows = disputes.data?.data ?? [];
  const meta = disputes.data?.meta;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="disputes">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t("title")}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t("title")}
          value={status}
          onChange={(value) => {
            setStatus(value as DisputeListStatus);
            setPage(1);
          }}
          data={(["open", "appealed", "resolved"] as const).map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
      </Group>
      {disputes.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : disputes.isError ? (
        <Alert color="red">
          <Group justify="space-between">
            <Text size="sm">{t("error")}</Text>
            <Button size="xs" variant="default" onClick={() => void disputes.refetch()}>
              {t("retry")}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("empty")}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((dispute) => (
            <Paper key={dispute.tradeId} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600} size="sm">
                    {t("parties", { buyer: dispute.buyerUsername, seller: dispute.sellerUsername })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dispute.cryptoAmount} {dispute.cryptoCurrencyCode} · {formatFiatAmount(dispute.fiatAmount, locale)}{" "}
                    {dispute.fiatCurrencyCode} ·{" "}
                    {t("openedBy", {
                      role: t(`roles.${dispute.openedBy}`),
                      date: formatDate(dispute.openedAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                    })}
                  </Text>
                  <Text size="sm">{dispute.reasonText}</Text>
                  {dispute.outcome ? (
                    <Badge variant="light" mt={4}>
                      {t("outcome", { role: t(`roles.${dispute.outcome}`) })}
                    </Badge>
                  ) : null}
                </div>
                <Button component={Link} to={to("viewTrade", { id: dispute.tradeId })} size="xs">
                  {t("open")}
                </Button>
              </Group>
            </Paper>
          ))}
          {meta && meta.lastPage > 1 ? (
            <Group justify="space-between">
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t("previous")}
              </Button>
              <Button size="xs" variant="default" disabled={page >= meta.lastPage} onClick={() => setPage(page + 1)}>
                {t("next")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
