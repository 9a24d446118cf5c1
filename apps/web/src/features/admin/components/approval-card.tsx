import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { Approval, CurrentUser } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { type ApprovalDecision, useApprovalMutation } from "../api/approvals-api.ts";
import { useApprovalsTexts } from "../i18n/approvals-texts.ts";
import { ReasonTextarea, SubmitRow } from "./reason-form.tsx";

const STATE_COLORS: Record<Approval["state"], string> = {
  pending: "yellow",
  approved: "souk",
  rejected: "red",
  expired: "gray",
};

/** Sends one decision or proposal, with a toast for its outcome. */
export function useApprovalAction() {
  const { t } = useApprovalsTexts();
  const mutation = useApprovalMutation();
  const run = (decision: ApprovalDecision, done: (answer: Approval) => string, onDone?: () => void) =>
    mutation.mutate(decision, {
      onSuccess: (answer) => {
        onDone?.();
        showToast({ type: "success", message: done(answer) });
      },
      onError: (error) =>
        showToast({
          type: "error",
          message: t(`errors.${isApiError(error) ? error.code : "generic"}`, { defaultValue: t("errors.generic") }),
        }),
    });
  return { run, isPending: mutation.isPending };
}

function Summary({ approval }: { approval: Approval }) {
  const { t } = useApprovalsTexts();
  const payload = approval.payload as Record<string, string>;
  const texts = {
    withdrawal: () =>
      t("withdrawalSummary", {
        username: payload.username,
        amount: payload.amount,
        code: payload.cryptoCurrencyCode,
        fee: payload.networkFee,
        address: payload.address,
      }),
    ledger_reversal: () => t("reversalSummary", { id: approval.subjectId, transferKind: payload.transferKind }),
    two_factor_reset: () => t("resetSummary", { username: approval.subjectId }),
  };
  const text = texts[approval.kind]();
  return (
    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
      {text}
    </Text>
  );
}

/** Why this admin sees no Approve button on a pending request, or null when they may approve. */
function approveBlock(approval: Approval, viewer: CurrentUser, now: number): "own" | "given" | "expired" | null {
  if (approval.requestedBy === viewer.username || approval.subjectUsername === viewer.username) return "own";
  if (approval.approvedBy.includes(viewer.username)) return "given";
  return new Date(approval.expiresAt).getTime() <= now ? "expired" : null;
}

function Decisions({ approval, viewer }: { approval: Approval; viewer: CurrentUser }) {
  const { t } = useApprovalsTexts();
  const { run, isPending } = useApprovalAction();
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const block = approveBlock(approval, viewer, Date.now());
  const approve = () =>
    run({ type: "approve", id: approval.id, reason: "" }, (answer) =>
      answer.state === "approved" ? t("approved") : t("approvalRecorded"),
    );
  const reject = (event: FormEvent) => {
    event.preventDefault();
    run(
      { type: "reject", id: approval.id, reason: reason.trim() },
      () => t("rejected"),
      () => setRejecting(false),
    );
  };
  if (isRejecting) {
    return (
      <form onSubmit={reject}>
        <Stack gap="xs">
          <ReasonTextarea
            label={t("rejectReason")}
            value={reason}
            onChange={setReason}
            isRequired
            testId="approval-reject-reason"
          />
          <SubmitRow label={t("confirmReject")} color="red" isPending={isPending} testId="approval-reject-confirm">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
          </SubmitRow>
        </Stack>
      </form>
    );
  }
  return (
    <Group gap="xs">
      {block === null ? (
        <Button onClick={approve} loading={isPending} data-testid="approval-approve">
          {t("approve")}
        </Button>
      ) : block !== "expired" ? (
        <Text size="sm" c="dimmed" data-testid="approval-own">
          {t(block === "own" ? "ownRequest" : "alreadyApproved")}
        </Text>
      ) : null}
      <Button variant="light" color="red" onClick={() => setRejecting(true)} data-testid="approval-reject">
        {t("reject")}
      </Button>
    </Group>
  );
}

function Facts({ approval }: { approval: Approval }) {
  const { t } = useApprovalsTexts();
  const locale = useLocale();
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" });
  const isPast = new Date(approval.expiresAt).getTime() <= Date.now();
  const lines = [
    t("requestedBy", { name: approval.requestedBy ?? "CLI", date: date(approval.createdAt) }),
    approval.reason ? t("reason", { reason: approval.reason }) : null,
    t("approvals", { given: approval.approvedBy.length, required: approval.approvalsRequired }),
    approval.approvedBy.length > 0 ? t("approvedBy", { names: approval.approvedBy.join(", ") }) : null,
    approval.state === "pending" ? t(isPast ? "expiredAt" : "expiresAt", { date: date(approval.expiresAt) }) : null,
    approval.decidedAt
      ? approval.decidedBy
        ? t("decided", { name: approval.decidedBy, date: date(approval.decidedAt) })
        : t("decidedNoName", { date: date(approval.decidedAt) })
      : null,
    approval.decisionReason ? t("decisionReason", { reason: approval.decisionReason }) : null,
  ];
  return (
    <Stack gap={2}>
      {lines
        .filter((line): line is string => line !== null)
        .map((line) => (
          <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {line}
          </Text>
        ))}
    </Stack>
  );
}

/** One request: what it does, who asked, its approvals so far, and the decisions this admin may take. */
export function ApprovalCard({ approval, viewer }: { approval: Approval; viewer: CurrentUser }) {
  const { t } = useApprovalsTexts();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="approval-card" data-approval-id={approval.id}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{t(`kindBadge.${approval.kind}`)}</Badge>
          <Badge color={STATE_COLORS[approval.state]} data-testid="approval-state">
            {t(`states.${approval.state}`)}
          </Badge>
        </Group>
        <Summary approval={approval} />
        <Facts approval={approval} />
        {approval.state === "pending" ? <Decisions approval={approval} viewer={viewer} /> : null}
      </Stack>
    </Paper>
  );
}
