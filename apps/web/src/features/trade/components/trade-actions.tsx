import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { Trade } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatCryptoDecimal, formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { useMoneyAction } from "../../../lib/idempotency.ts";
import { useMailedSecondFactorCode } from "../../../lib/second-factor.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { MailedCodeLink } from "../../../ui/mailed-code-link.tsx";
import { disputeReasonsQueryOptions, type TradeCommand, useTradeCommand } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { nextStepOf } from "../model/next-step.ts";
import { DisputeAppeal } from "./dispute-appeal.tsx";
import { errorText, secondFactorRefusal } from "./error-text.ts";
import classes from "./trade.module.css";

type Dialog = "paid" | "release" | "cancel" | "dispute" | null;

function DisputeForm({ trade, onDone }: { trade: Trade; onDone: () => void }) {
  const { t } = useTradeTexts();
  const reasons = useQuery(disputeReasonsQueryOptions());
  const command = useTradeCommand(trade.id);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [text, setText] = useState("");
  const side = trade.viewerRole === "seller" ? "seller" : "buyer";
  const options = (reasons.data ?? [])
    .filter((reason) => reason.sides.includes(side))
    .map((reason) => ({
      value: String(reason.id),
      label: t(`dispute.reasons.${reason.key}`, { defaultValue: reason.key }),
    }));
  return (
    <Stack>
      {reasons.isError ? <Alert color="red">{errorText(reasons.error, t("errors.generic"))}</Alert> : null}
      <Select
        label={t("dispute.reason")}
        data={options}
        value={reasonId}
        onChange={setReasonId}
        disabled={reasons.isPending}
        required
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t("dispute.text")}
        description={t("dispute.textHint")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        minRows={3}
        autosize
        required
      />
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button
          color="red"
          loading={command.isPending}
          disabled={!reasonId || text.trim().length < 10}
          onClick={() =>
            command.mutate(
              { kind: "dispute", disputeReasonId: Number(reasonId), disputeReasonText: text.trim() },
              {
                onSuccess: () => {
                  showToast({ type: "success", message: t("actions.disputeDone") });
                  onDone();
                },
              },
            )
          }
        >
          {t("dispute.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

function ConfirmDialog({
  trade,
  dialog,
  onClose,
}: {
  trade: Trade;
  dialog: Exclude<Dialog, "dispute" | null>;
  onClose: () => void;
}) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const command = useTradeCommand(trade.id);
  const action = useMoneyAction();
  const [checked, setChecked] = useState(false);
  const [code, setCode] = useState("");
  // The code is asked when the seller's settings guard releases (or when the server says so).
  const codeRefusal = secondFactorRefusal(command.error);
  const asksCode = Boolean(useCurrentUser()?.twoFactor.release) || codeRefusal !== null;
  const mailedCode = useMailedSecondFactorCode(dialog === "release" && asksCode);
  const fiat = `${formatFiatAmount(trade.fiatAmount, locale)} ${trade.currency.code}`;
  const crypto = formatCryptoDecimal(trade.cryptoAmount.amount, locale);
  const texts = {
    paid: {
      title: t("actions.markPaidConfirmTitle"),
      body: t("actions.markPaidConfirmBody", { amount: fiat, method: trade.paymentMethod.name.localized }),
      command: { kind: "paid" } as TradeCommand,
      done: t("actions.paidDone"),
      color: "souk",
    },
    release: {
      title: t("actions.releaseConfirmTitle", { amount: crypto, crypto: trade.cryptoCurrencyCode }),
      body: trade.status === "dispute_open" ? t("actions.releaseInDisputeBody") : t("actions.releaseConfirmBody"),
      command: { kind: "release", ...(code.trim() ? { code: code.trim() } : {}) } as TradeCommand,
      done: t("actions.releasedDone"),
      color: "green",
    },
    cancel: {
      title: t("actions.cancelConfirmTitle"),
      body: t("actions.cancelConfirmBody"),
      command: { kind: "cancel" } as TradeCommand,
      done: t("actions.cancelledDone"),
      color: "red",
    },
  }[dialog];
  return (
    <Stack>
      <Text>{texts.body}</Text>
      {dialog === "release" ? (
        <>
          <Checkbox
            label={t("actions.releaseConfirmCheck")}
            checked={checked}
            onChange={(event) => setChecked(event.currentTarget.checked)}
          />
          {asksCode ? (
            <TextInput
              label={t("actions.codeLabel")}
              description={t("actions.codeHint")}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="one-time-code"
              error={codeRefusal ? t(`actions.codeErrors.${codeRefusal}`) : undefined}
              data-testid="release-code"
            />
          ) : null}
          {mailedCode.isMailed ? (
            <MailedCodeLink
              state={mailedCode.state}
              channel={mailedCode.channel}
              onSend={() => void mailedCode.send()}
            />
          ) : null}
        </>
      ) : null}
      {command.isError && !codeRefusal ? (
        <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("actions.back")}
        </Button>
        <Button
          color={texts.color}
          loading={command.isPending}
          disabled={(dialog === "release" && (!checked || (asksCode && code.trim() === ""))) || command.isPending}
          data-testid="confirm-trade-command"
          onClick={() => {
            // The first click sends; a second one before the answer is ignored (useMoneyAction).
            const idempotencyKey = action.begin(texts.command);
            if (idempotencyKey === null) return;
            command.mutate(
              { ...texts.command, idempotencyKey },
              {
                onSuccess: () => {
                  showToast({ type: "success", message: texts.done });
                  onClose();
                },
                onSettled: (_trade, error) => action.end(error ?? undefined),
              },
            );
          }}
        >
          {t("actions.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}

function ResolvePanel({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const command = useTradeCommand(trade.id);
  const action = useMoneyAction();
  const [note, setNote] = useState("");
  const [outcome, setOutcome] = useState<"buyer" | "seller" | null>(null);
  const crypto = `${formatCryptoDecimal(trade.cryptoAmount.amount, locale)} ${trade.cryptoCurrencyCode}`;
  const fee = `${formatCryptoDecimal(trade.feeAmount, locale)} ${trade.cryptoCurrencyCode}`;
  const fiat = `${formatFiatAmount(trade.fiatAmount, locale)} ${trade.currency.code}`;
  const parties = { buyer: trade.buyer.username, seller: trade.seller.username, crypto, fee, fiat };
  function award(chosen: "buyer" | "seller") {
    const resolution = { kind: "resolve" as const, outcome: chosen, note: note.trim() };
    const idempotencyKey = action.begin(resolution);
    if (idempotencyKey === null) return;
    command.mutate(
      { ...resolution, idempotencyKey },
      {
        onSuccess: () => {
          showToast({ type: "success", message: t("actions.resolvedDone") });
          setOutcome(null);
        },
        onSettled: (_trade, error) => action.end(error ?? undefined),
      },
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t("dispute.resolveTitle")}
      </Title>
      <Textarea
        label={t("dispute.note")}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group grow>
        <Button disabled={!note.trim()} onClick={() => setOutcome("buyer")}>
          {t("dispute.forBuyer")}
        </Button>
        <Button disabled={!note.trim()} variant="outline" onClick={() => setOutcome("seller")}>
          {t("dispute.forSeller")}
        </Button>
      </Group>
      <Modal
        opened={outcome !== null}
        onClose={() => (command.isPending ? undefined : setOutcome(null))}
        title={outcome === "seller" ? t("dispute.awardSellerTitle") : t("dispute.awardBuyerTitle")}
        centered
      >
        <Stack data-testid="award-confirm">
          <Text>
            {outcome === "seller" ? t("dispute.awardSellerBody", parties) : t("dispute.awardBuyerBody", parties)}
          </Text>
          <Text size="sm" c="dimmed">
            {t("dispute.awardNote", { note: note.trim() })}
          </Text>
          {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOutcome(null)} disabled={command.isPending}>
              {t("actions.back")}
            </Button>
            <Button
              loading={command.isPending}
              disabled={command.isPending}
              data-testid="confirm-award"
              onClick={() => (outcome ? award(outcome) : undefined)}
            >
              {t("dispute.awardConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** What the viewer may do now, each step behind a confirmation. */
export function TradeActions({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { actions, dispute } = trade;
  const close = () => setDialog(null);
  const step = nextStepOf(trade);
  const stepValues = {
    amount: `${formatFiatAmount(trade.fiatAmount, locale)} ${trade.currency.code}`,
    crypto: `${formatCryptoDecimal(trade.cryptoAmount.amount, locale)} ${trade.cryptoCurrencyCode}`,
    buyer: trade.buyer.username,
    seller: trade.seller.username,
    method: trade.paymentMethod.name.localized,
  };
  const hasAny = actions.canMarkPaid || actions.canRelease || actions.canCancel || actions.canDispute;
  const title =
    dialog === "dispute"
      ? t("dispute.title")
      : dialog === "paid"
        ? t("actions.markPaidConfirmTitle")
        : dialog === "release"
          ? t("actions.releaseConfirmTitle", {
              amount: formatCryptoDecimal(trade.cryptoAmount.amount, locale),
              crypto: trade.cryptoCurrencyCode,
            })
          : dialog === "cancel"
            ? t("actions.cancelConfirmTitle")
            : "";

  if (!hasAny && !step && !actions.canResolveDispute && !dispute.openedAt) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={classes.nextStep}
      data-tone={step?.tone}
      data-testid="trade-next-step"
    >
      <Stack gap="sm">
        {step ? (
          <div>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t("nextStep.title")}
            </Text>
            <Text fw={600} data-testid="trade-next-step-text">
              {t(`nextStep.${step.key}`, stepValues)}
            </Text>
          </div>
        ) : null}
        {dispute.openedAt ? (
          <Alert color={dispute.resolvedAt ? "gray" : "orange"} variant="light">
            <Text size="sm">
              {t("dispute.openedBy", {
                role: t(`roles.${dispute.openedBy ?? "buyer"}`),
                text: dispute.reasonText ?? "",
              })}
            </Text>
            {dispute.resolvedAt && dispute.outcome ? (
              <Text size="sm" mt={4}>
                {t("dispute.resolved", { role: t(`roles.${dispute.outcome}`), note: dispute.note ?? "" })}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {dispute.resolvedAt ? <DisputeAppeal trade={trade} /> : null}
        {hasAny ? (
          <Group gap="sm">
            {actions.canMarkPaid ? (
              <Button size="md" onClick={() => setDialog("paid")}>
                {t("actions.markPaid")}
              </Button>
            ) : null}
            {actions.canRelease ? (
              <Button size="md" color="green" onClick={() => setDialog("release")}>
                {t("actions.release")}
              </Button>
            ) : null}
            {actions.canCancel ? (
              <Button variant="default" onClick={() => setDialog("cancel")}>
                {t("actions.cancel")}
              </Button>
            ) : null}
            {actions.canDispute ? (
              <Button variant="light" color="red" onClick={() => setDialog("dispute")}>
                {t("actions.dispute")}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {!actions.canDispute && !dispute.openedAt && dispute.availableAt && !trade.isFinished ? (
          <Text size="xs" c="dimmed">
            {t("actions.disputeAvailableAt", {
              time: formatDate(dispute.availableAt, locale, { timeStyle: "short", dateStyle: "short" }),
            })}
          </Text>
        ) : null}
        {actions.canResolveDispute ? <ResolvePanel trade={trade} /> : null}
      </Stack>
      <Modal opened={dialog !== null} onClose={close} title={title} centered>
        {dialog === "dispute" ? <DisputeForm trade={trade} onDone={close} /> : null}
        {dialog && dialog !== "dispute" ? <ConfirmDialog trade={trade} dialog={dialog} onClose={close} /> : null}
      </Modal>
    </Paper>
  );
}
