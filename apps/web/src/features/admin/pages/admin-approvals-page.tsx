import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { APPROVAL_KINDS, APPROVAL_STATES, type ApprovalKind, type ApprovalState } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { approvalsQueryOptions } from "../api/approvals-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { ApprovalCard, useApprovalAction } from "../components/approval-card.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { useApprovalsTexts } from "../i18n/approvals-texts.ts";

const kindOf = (value: string | null): ApprovalKind | null => APPROVAL_KINDS.find((kind) => kind === value) ?? null;
const stateOf = (value: string | null): ApprovalState => APPROVAL_STATES.find((state) => state === value) ?? "pending";

type ProposalKind = "proposal" | "resetProposal";

/**
 * Proposes an action another admin approves: the reversal of a transfer (a ledger correction) by
 * its number, or a second-factor reset by the account's username.
 */
function ProposalCard({ kind }: { kind: ProposalKind }) {
  const { t } = useApprovalsTexts();
  const { run, isPending } = useApprovalAction();
  const [subject, setSubject] = useState("");
  const [reason, setReason] = useState("");
  const isReversal = kind === "proposal";
  const testId = isReversal ? "reversal" : "reset";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const decision = isReversal
      ? { type: "reversal" as const, transferId: Number(subject), reason: reason.trim() }
      : { type: "reset" as const, username: subject.trim(), reason: reason.trim() };
    run(
      decision,
      () => t(`${kind}.done`),
      () => {
        setSubject("");
        setReason("");
      },
    );
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`${testId}-proposal`}>
      <Title order={2} size="h4">
        {t(`${kind}.title`)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(`${kind}.hint`)}
      </Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t(isReversal ? "proposal.transferId" : "resetProposal.username")}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            inputMode={isReversal ? "numeric" : "text"}
            pattern={isReversal ? "[0-9]+" : undefined}
            maxLength={64}
            required
            data-testid={`${testId}-subject`}
          />
          <Textarea
            label={t(`${kind}.reason`)}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            required
            data-testid={`${testId}-reason`}
          />
          <Group>
            <Button type="submit" loading={isPending} data-testid={`${testId}-submit`}>
              {t(`${kind}.submit`)}
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
    setSearchParams({
      ...(next.kind ? { kind: next.kind } : {}),
      ...(next.state !== "pending" ? { state: next.state } : {}),
    });
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
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ProposalCard kind="proposal" />
        <ProposalCard kind="resetProposal" />
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/approvals: held withdrawals, ledger corrections and second-factor resets waiting for a second admin (admins only). */
export function AdminApprovalsPage() {
  const { t } = useApprovalsTexts();
  return (
    <AdminPage audience="admin" metaTitle={t("title")} title={t("title")} subtitle={t("subtitle")}>
      <ApprovalsScreen />
    </AdminPage>
  );
}
