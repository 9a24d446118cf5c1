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
import { formatDate, formatFiatAmount } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { disputeReasonsQueryOptions, type TradeCommand, useTradeCommand } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/use-trade-texts.ts";
import { DisputeAppeal } from "./dispute-appeal.tsx";
import { errorText } from "./error-text.ts";

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
  const [checked, setChecked] = useState(false);
  const [code, setCode] = useState("");
  const fiat = `${formatFiatAmount(trade.fiatAmount, locale)} ${trade.currency.code}`;
  const texts = {
    paid: {
      title: t("actions.markPaidConfirmTitle"),
      body: t("actions.markPaidConfirmBody", { amount: fiat, method: trade.paymentMethod.name.localized }),
      command: { kind: "paid" } as TradeCommand,
      done: t("actions.paidDone"),
      color: "souk",
    },
    release: {
      title: t("actions.releaseConfirmTitle", { amount: trade.cryptoAmount.amount, crypto: trade.cryptoCurrencyCode }),
      body: t("actions.releaseConfirmBody"),
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
          <TextInput
            label={t("actions.codeLabel")}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="one-time-code"
          />
        </>
      ) : null}
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("actions.back")}
        </Button>
        <Button
          color={texts.color}
          loading={command.isPending}
          disabled={dialog === "release" && !checked}
          onClick={() =>
            command.mutate(texts.command, {
              onSuccess: () => {
                showToast({ type: "success", message: texts.done });
                onClose();
              },
            })
          }
        >
          {t("actions.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}

function ResolvePanel({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const command = useTradeCommand(trade.id);
  const [note, setNote] = useState("");
  const resolve = (outcome: "buyer" | "seller") =>
    command.mutate(
      { kind: "resolve", outcome, note: note.trim() },
      { onSuccess: () => showToast({ type: "success", message: t("actions.resolvedDone") }) },
    );
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
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group grow>
        <Button disabled={!note.trim()} loading={command.isPending} onClick={() => resolve("buyer")}>
          {t("dispute.forBuyer")}
        </Button>
        <Button disabled={!note.trim()} loading={command.isPending} variant="outline" onClick={() => resolve("seller")}>
          {t("dispute.forSeller")}
        </Button>
      </Group>
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
  const waiting =
    trade.status === "active_funded" && trade.viewerRole === "seller"
      ? t("actions.waitingBuyer")
      : trade.status === "paid" && trade.viewerRole === "buyer"
        ? t("actions.waitingSeller")
        : null;
  const hasAny = actions.canMarkPaid || actions.canRelease || actions.canCancel || actions.canDispute;
  const title =
    dialog === "dispute"
      ? t("dispute.title")
      : dialog === "paid"
        ? t("actions.markPaidConfirmTitle")
        : dialog === "release"
          ? t("actions.releaseConfirmTitle", { amount: trade.cryptoAmount.amount, crypto: trade.cryptoCurrencyCode })
          : dialog === "cancel"
            ? t("actions.cancelConfirmTitle")
            : "";

  if (!hasAny && !waiting && !actions.canResolveDispute && !dispute.openedAt) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {waiting ? <Text c="dimmed">{waiting}</Text> : null}
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
