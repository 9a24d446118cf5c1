import { Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { APPROVAL_KINDS, APPROVAL_STATES, type ApprovalKind, type ApprovalState } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { approvalsQueryOptions } from "../api/approvals-api.ts";
import { ApprovalCard, useApprovalAction } from "../components/approval-card.tsx";
import { AdminPage } from "../components/admin-layout.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { useApprovalsTexts } from "../i18n/approvals-texts.ts";

const kindOf = (value: string | null): ApprovalKind | null =>
  APPROVAL_KINDS.find((kind) => kind === value) ?? null;
const stateOf = (value: string | null): ApprovalState =>
  APPROVAL_STATES.find((state) => state === value) ?? "pending";

/** Proposes the reversal of a transfer (a ledger correction), which another admin approves. */
function ReversalProposal() {
  const { t } = useApprovalsTexts();
  const { run, isPending } = useApprovalAction();
  const [transferId, setTransferId] = useState<string | number>("");
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ type: "reversal", transferId: Number(transferId), reason: reason.trim() }, () => t("proposal.done"), () => {
      setTransferId("");
      setReason("");
    });
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="reversal-proposal">
      <Title order={2} size="h4">
        {t("proposal.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("proposal.hint")}
      </Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <NumberInput
            label={t("proposal.transferId")}
            value={transferId}
            onChange={setTransferId}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            required
            data-testid="reversal-transfer-id"
          />
          <Textarea
            label={t("proposal.reason")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            required
            data-testid="reversal-reason"
          />
          <Group>
            <Button type="submit" loading={isPending} data-testid="reversal-submit">
              {t("proposal.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ApprovalsScreen() {
  const { t } = useApprovalsTexts();
  const admin = useAdminTexts();
  const viewer = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = kindOf(searchParams.get("kind"));
  const state = stateOf(searchParams.get("state"));
  const approvals = useQuery(approvalsQueryOptions(state, kind));
  const setFilter = (next: { kind: ApprovalKind | null; state: ApprovalState }) =>
    setSearchParams({ ...(next.kind ? { kind: next.kind } : {}), ...(next.state !== "pending" ? { state: next.state } : {}) });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <SegmentedControl
          aria-label={t("kindFilter")}
          value={kind ?? "all"}
          onChange={(value) => setFilter({ kind: kindOf(value), state })}
          data={[
            { value: "all", label: t("kinds.all") },
            ...APPROVAL_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
          data-testid="approvals-kind"
        />
        <Select
          label={t("stateFilter")}
          value={state}
          onChange={(value) => setFilter({ kind, state: stateOf(value) })}
          data={APPROVAL_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
          allowDeselect={false}
          w={180}
          data-testid="approvals-state"
        />
      </Group>
      <ListPanel
        title={t("total", { count: approvals.data?.meta.total ?? 0 })}
        query={approvals}
        isEmpty={approvals.data?.data.length === 0}
        texts={{ loading: admin.t("loading"), empty: t("empty"), error: admin.t("loadError"), retry: admin.t("retry") }}
        data-testid="admin-approvals"
      >
        <Stack gap="sm">
          {viewer
            ? approvals.data?.data.map((approval) => (
                <ApprovalCard key={approval.id} approval={approval} viewer={viewer} />
              ))
            : null}
        </Stack>
      </ListPanel>
      <ReversalProposal />
    </Stack>
  );
}

/** /admin/approvals: held withdrawals and ledger corrections waiting for a second admin (admins only). */
export function AdminApprovalsPage() {
  const { t } = useApprovalsTexts();
  return (
    <AdminPage audience="admin" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <ApprovalsScreen />
    </AdminPage>
  );
}
