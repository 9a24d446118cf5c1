import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea } from "@mantine/core";
import type { AdminOffer } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import type { OfferModerationAction, useOfferModerationMutation } from "../api/admin-api.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { useErrorToast } from "./use-error-toast.ts";

type Mutation = ReturnType<typeof useOfferModerationMutation>;

const STATUS_COLORS: Record<AdminOffer["moderation"]["statusName"], string> = {
  approved: "teal",
  rejected: "red",
  no_appeal: "red",
  appealed: "orange",
};

/** The steps the offer's status allows (docs/decisions/130-offer-moderation.md). */
function actionsOf(offer: AdminOffer): OfferModerationAction[] {
  const status = offer.moderation.statusName;
  const steps: OfferModerationAction[] = [];
  if (status === "approved" || status === "appealed") steps.push("reject");
  if (status !== "approved") steps.push("approve");
  steps.push(offer.isFeaturedByModerator ? "unfeature" : "feature");
  steps.push(offer.isStickiedByModerator ? "unsticky" : "sticky");
  return steps;
}

/** The reason asked before a step: the vendor reads a rejection's, the audit log every one. */
function ReasonModal({
  offer,
  action,
  mutation,
  onClose,
}: {
  offer: AdminOffer;
  action: OfferModerationAction;
  mutation: Mutation;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const onError = useErrorToast();
  const [reason, setReason] = useState("");
  const label =
    action === "reject" && offer.moderation.statusName === "appealed"
      ? t("offers.rejectAppeal")
      : t(`offers.${action}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { idHashed: offer.idHashed, action, reason: reason.trim() },
      {
        onSuccess: () => {
          showToast({ type: "success", message: t(`offers.done.${action}`) });
          onClose();
        },
        onError,
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={label} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Textarea
            label={t("offers.reason")}
            description={action === "reject" ? t("offers.rejectHint") : t("offers.logHint")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            minLength={3}
            maxLength={500}
            rows={3}
            required
            data-autofocus
            data-testid="offer-moderation-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("offers.cancel")}
            </Button>
            <Button
              type="submit"
              color={action === "reject" ? "red" : undefined}
              loading={mutation.isPending}
              disabled={reason.trim().length < 3}
              data-testid="offer-moderation-confirm"
            >
              {t("offers.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One offer in the moderators' list: who offers what, its terms, its status and the steps it allows. */
export function OfferModerationCard({ offer, mutation }: { offer: AdminOffer; mutation: Mutation }) {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const locale = useLocale();
  const [action, setAction] = useState<OfferModerationAction | null>(null);
  const { moderation } = offer;
  const what = t(`offers.${offer.type}`, {
    owner: offer.ownerUsername,
    crypto: offer.cryptoCurrencyCode,
    fiat: offer.fiatCurrencyCode,
  });
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`admin-offer-${offer.idHashed}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={700}>
              {what} · {offer.paymentMethodName}
            </Text>
            <Group gap={6} mt={4}>
              <Anchor component={Link} to={to("viewOffer", { id: offer.idHashed })} size="xs" ff="monospace">
                #{offer.idHashed}
              </Anchor>
              <Anchor component={Link} to={to("adminUser", { username: offer.ownerUsername })} size="xs">
                {offer.ownerUsername}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDate(offer.createdAt, locale, { dateStyle: "medium" })}
              </Text>
            </Group>
          </div>
          <Group gap={6}>
            <Badge color={STATUS_COLORS[moderation.statusName]} variant="light" data-testid="admin-offer-status">
              {t(`offers.status.${moderation.statusName}`)}
            </Badge>
            {offer.isFeaturedByModerator ? (
              <Badge color="grape" variant="light">
                {t("offers.featured")}
              </Badge>
            ) : null}
            {offer.isStickiedByModerator ? (
              <Badge color="blue" variant="light">
                {t("offers.stickied")}
              </Badge>
            ) : null}
            {offer.isActive ? null : (
              <Badge color="gray" variant="light">
                {t("offers.paused")}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }} lineClamp={4}>
          {offer.offerTerms}
        </Text>
        {moderation.message ? (
          <Text size="sm">
            <Text span fw={600}>
              {t("offers.reasonGiven")}:
            </Text>{" "}
            {moderation.message}
          </Text>
        ) : null}
        {moderation.appeal ? (
          <Text size="sm" data-testid="admin-offer-appeal">
            <Text span fw={600}>
              {t("offers.appeal")}:
            </Text>{" "}
            {moderation.appeal}
          </Text>
        ) : null}
        <Group gap="xs">
          {actionsOf(offer).map((step) => (
            <Button
              key={step}
              size="xs"
              variant={step === "reject" ? "light" : "default"}
              color={step === "reject" ? "red" : undefined}
              onClick={() => setAction(step)}
              data-testid={`offer-${step}`}
            >
              {step === "reject" && moderation.statusName === "appealed"
                ? t("offers.rejectAppeal")
                : t(`offers.${step}`)}
            </Button>
          ))}
        </Group>
      </Stack>
      {action ? (
        <ReasonModal offer={offer} action={action} mutation={mutation} onClose={() => setAction(null)} />
      ) : null}
    </Paper>
  );
}
