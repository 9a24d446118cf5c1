import { Alert, Anchor, Button, Group, Modal, Paper, Radio, Stack, Text, Textarea } from "@mantine/core";
import {
  CHARGEBACK_TIMINGS,
  type ChargebackReportRequest,
  TRADE_REPORT_REASONS,
  TRADE_SUCCESSFUL_STATUSES,
  type Trade,
  TradeErrorCode,
} from "@souk/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { type TradeReportReason, useReportChargeback, useReportTrade } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { errorText } from "./error-text.ts";

const MESSAGE_MAX_LENGTH = 2000;

type ChargebackTiming = ChargebackReportRequest["timing"];
type ChargebackReport = { id: number; state: "Pending" | "Dismissed" | "Confirmed" };

/**
 * docs/product.md#trade-reports-and-chargebacks: with incorrect verification the user is sent to
 * support and nothing is sent.
 */
function ContactSupport() {
  const { t } = useTradeTexts();
  const { to } = useLocalizedPaths();
  return (
    <Alert color="orange" role="alert" data-testid="chargeback-contact-support">
      <Text size="sm">{t("reports.verificationIncorrect")}</Text>
      <Anchor component={Link} to={to("support")} size="sm" fw={600}>
        {t("reports.contactSupport")}
      </Anchor>
    </Alert>
  );
}

function isVerificationRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === TradeErrorCode.CHARGEBACK_VERIFICATION_INCORRECT || error.details?.contactSupport === true)
  );
}

interface RequiredChoiceProps<T extends string> {
  label: string;
  values: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}

/** One required pick among the contract's fixed words, each shown in the viewer's language. */
function RequiredChoice<T extends string>({ label, values, value, onChange, labelOf }: RequiredChoiceProps<T>) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)} required>
      <Stack gap="xs" mt="xs">
        {values.map((option) => (
          <Radio key={option} value={option} label={labelOf(option)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function ReportProblemForm({ trade, onDone }: { trade: Trade; onDone: () => void }) {
  const { t } = useTradeTexts();
  const report = useReportTrade(trade.id);
  const [reason, setReason] = useState<TradeReportReason | null>(null);
  const [message, setMessage] = useState("");
  return (
    <Stack>
      <RequiredChoice
        label={t("reports.reason")}
        values={TRADE_REPORT_REASONS}
        value={reason}
        onChange={setReason}
        labelOf={(value) => t(`reports.reasons.${value}`)}
      />
      <Textarea
        label={t("reports.message")}
        description={t("reports.messageHint")}
        value={message}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(event) => setMessage(event.currentTarget.value)}
        rows={3}
      />
      {report.isError ? <Alert color="red">{errorText(report.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button
          color="red"
          disabled={!reason}
          loading={report.isPending}
          onClick={() => {
            if (!reason) return;
            report.mutate(
              { reason, message: message.trim() },
              {
                onSuccess: () => {
                  showToast({ type: "success", message: t("reports.done") });
                  onDone();
                },
              },
            );
          }}
        >
          {t("reports.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

function ChargebackForm({ trade, onDone }: { trade: Trade; onDone: (report: ChargebackReport) => void }) {
  const { t } = useTradeTexts();
  const report = useReportChargeback();
  const [timing, setTiming] = useState<ChargebackTiming | null>(null);
  const [description, setDescription] = useState("");
  // The seller is the viewer here, so the seller's verification is the reporter's.
  if (!trade.seller.isIdVerified || isVerificationRefusal(report.error)) return <ContactSupport />;
  return (
    <Stack>
      <Text size="sm">{t("reports.chargebackBody")}</Text>
      <RequiredChoice
        label={t("reports.timing")}
        values={CHARGEBACK_TIMINGS}
        value={timing}
        onChange={setTiming}
        labelOf={(value) => t(`reports.timings.${value}`)}
      />
      <Textarea
        label={t("reports.description")}
        value={description}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(event) => setDescription(event.currentTarget.value)}
        rows={3}
      />
      {report.isError ? <Alert color="red">{errorText(report.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button
          color="red"
          disabled={!timing}
          loading={report.isPending}
          onClick={() => {
            if (!timing) return;
            report.mutate(
              { tradeId: trade.id, timing, description: description.trim() },
              {
                onSuccess: (answer) => {
                  showToast({ type: "success", message: t("reports.chargebackDone") });
                  onDone(answer);
                },
              },
            );
          }}
        >
          {t("reports.chargebackSubmit")}
        </Button>
      </Group>
    </Stack>
  );
}

type Dialog = "problem" | "chargeback" | null;

/**
 * Reports a party may send from the trade page: a problem with the trade (either party, any time)
 * and, for the seller of a trade that delivered the crypto, a chargeback.
 */
export function TradeReports({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isReported, setIsReported] = useState(false);
  const [chargeback, setChargeback] = useState<ChargebackReport | null>(null);
  if (trade.viewerRole === "moderator") return null;
  const canReportChargeback =
    trade.viewerRole === "seller" && (TRADE_SUCCESSFUL_STATUSES as readonly string[]).includes(trade.status);
  const close = () => setDialog(null);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="trade-reports">
      <Stack gap="xs">
        {chargeback ? (
          <Text size="sm" data-testid="chargeback-state">
            {t("reports.chargebackState", { id: chargeback.id, state: t(`reports.states.${chargeback.state}`) })}
          </Text>
        ) : null}
        {isReported ? <Text size="sm">{t("reports.done")}</Text> : null}
        <Group gap="sm">
          {!isReported ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("problem")}>
              {t("reports.open")}
            </Button>
          ) : null}
          {canReportChargeback && !chargeback ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("chargeback")}>
              {t("reports.chargebackOpen")}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog === "chargeback" ? t("reports.chargebackTitle") : t("reports.title")}
        centered
      >
        {dialog === "problem" ? (
          <ReportProblemForm
            trade={trade}
            onDone={() => {
              setIsReported(true);
              close();
            }}
          />
        ) : null}
        {dialog === "chargeback" ? (
          <ChargebackForm
            trade={trade}
            onDone={(report) => {
              setChargeback(report);
              close();
            }}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}
