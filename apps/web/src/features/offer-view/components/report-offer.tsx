import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { ErrorCode, OfferErrorCode } from "@souk/contracts";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { type OfferReportReason, useOfferReport } from "../api/offer-view-api.ts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import type { OfferReportState } from "../view-offer-state.ts";

/** The reasons of contracts' OFFER_REPORT_REASONS, in the order the form lists them. */
const reasons: readonly OfferReportReason[] = [
  "outside_escrow",
  "bad_offer_terms",
  "obvious_scam",
  "negotiation",
  "other",
];
const MESSAGE_MAX_LENGTH = 2000;

function failureText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.code === OfferErrorCode.OFFER_ALREADY_REPORTED) return t("report.errors.already");
  if (isApiError(error) && error.code === ErrorCode.INPUT_VALIDATION && error.details && "offer" in error.details) {
    return t("report.errors.own");
  }
  return t("report.errors.generic");
}

export interface ReportOfferModalProps {
  offerId: string;
  opened: boolean;
  onClose: () => void;
}

/** Offer report (docs/product.md#offers): reasons, then sending, then reported or a failure that says why. */
export function ReportOfferModal({ offerId, opened, onClose }: ReportOfferModalProps) {
  const { t } = useOfferViewTexts();
  const report = useOfferReport(offerId);
  const [reason, setReason] = useState<OfferReportReason | null>(null);
  const [message, setMessage] = useState("");
  const [state, setState] = useState<OfferReportState>({ status: "idle" });

  function close() {
    onClose();
    if (state.status !== "sending") {
      setState({ status: "idle" });
      setReason(null);
      setMessage("");
    }
  }

  async function send() {
    if (!reason) return;
    setState({ status: "sending" });
    try {
      await report.mutateAsync({ reason, message: message.trim() });
      setState({ status: "reported" });
    } catch (error) {
      setState({ status: "failure", error });
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t("report.title")} radius="lg" size="md" centered>
      {state.status === "reported" ? (
        <Stack gap="md" data-testid="report-done">
          <Alert color="teal" variant="light" radius="md">
            {t("report.reported")}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t("report.close")}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("report.intro")}
          </Text>
          <Radio.Group
            label={t("report.reason")}
            value={reason}
            onChange={(value) => setReason(value as OfferReportReason)}
            withAsterisk
          >
            <Stack gap={8} mt={6}>
              {reasons.map((item) => (
                <Radio key={item} value={item} label={t(`report.reasons.${item}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t("report.message")}
            description={t("report.messageHint")}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          {state.status === "failure" ? (
            <Alert color="red" variant="light" radius="md" data-testid="report-failure">
              {failureText(state.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={state.status === "sending"}>
              {t("report.cancel")}
            </Button>
            <Button color="red" onClick={() => void send()} disabled={!reason} loading={state.status === "sending"}>
              {state.status === "sending" ? t("report.sending") : t("report.send")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
