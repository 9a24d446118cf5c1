import { Anchor, Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { REVIEW_QUEUE_MAX } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { auditQueryOptions, disputeCountQueryOptions } from "../api/admin-api.ts";
import { approvalsQueryOptions } from "../api/approvals-api.ts";
import { pendingChargebackCountQueryOptions } from "../api/chargebacks-api.ts";
import { companyQueueQueryOptions } from "../api/company-queue-api.ts";
import { reviewQueueQueryOptions } from "../api/verification-queue-api.ts";
import { AdminSectionPage, mayRunUsers } from "../components/admin-layout.tsx";
import { AuditTable } from "../components/audit-table.tsx";
import { HealthCards } from "../components/health-cards.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

interface CountCardProps {
  label: string;
  count: { isPending: boolean; isError: boolean; data?: number | string };
  href: string;
  testId: string;
}

function CountCard({ label, count, href, testId }: CountCardProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {count.isPending ? (
        <Skeleton height={34} width={60} mt={4} />
      ) : (
        <Anchor component={Link} to={href} fz={28} fw={700} underline="never">
          {count.isError ? "—" : count.data}
        </Anchor>
      )}
    </Paper>
  );
}

function DisputeCount({ label, status, testId }: { label: string; status: "open" | "appealed"; testId: string }) {
  const { to } = useLocalizedPaths();
  const count = useQuery(disputeCountQueryOptions(status));
  return <CountCard label={label} count={count} href={to("moderationDisputes", {}, { status })} testId={testId} />;
}

/**
 * The identity and address submissions waiting for review and the open company applications. The
 * submissions' queue answers at most REVIEW_QUEUE_MAX: past it the count reads "100+".
 */
function PendingVerificationsCount() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const submissions = useQuery(reviewQueueQueryOptions("uploaded"));
  const companies = useQuery(companyQueueQueryOptions());
  const count = (submissions.data?.length ?? 0) + (companies.data?.length ?? 0);
  const isFull = (submissions.data?.length ?? 0) >= REVIEW_QUEUE_MAX;
  return (
    <CountCard
      label={t("overview.pendingVerifications")}
      count={{
        isPending: submissions.isPending || companies.isPending,
        isError: submissions.isError || companies.isError,
        data: isFull ? `${count}+` : count,
      }}
      href={to("adminVerifications")}
      testId="overview-pending-verifications"
    />
  );
}

/** Withdrawals waiting for an admin's approval (admins only: they decide them). */
function HeldWithdrawalsCount() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const held = useQuery(approvalsQueryOptions("pending", "withdrawal"));
  return (
    <CountCard
      label={t("overview.heldWithdrawals")}
      count={{ isPending: held.isPending, isError: held.isError, data: held.data?.meta.total }}
      href={to("adminApprovals", {}, { kind: "withdrawal" })}
      testId="overview-held-withdrawals"
    />
  );
}

/** The sellers' chargeback reports still Pending. */
function PendingChargebacksCount() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const count = useQuery(pendingChargebackCountQueryOptions());
  return (
    <CountCard
      label={t("overview.pendingChargebacks")}
      count={count}
      href={to("adminChargebacks")}
      testId="overview-pending-chargebacks"
    />
  );
}

function LatestActions() {
  const { t } = useAdminTexts();
  const { to } = useLocalizedPaths();
  const audit = useQuery(auditQueryOptions("", 1, 5));
  return (
    <ListPanel
      title={t("overview.latestActions")}
      query={audit}
      isEmpty={audit.data?.data.length === 0}
      texts={{ loading: t("loading"), empty: t("overview.none"), error: t("loadError"), retry: t("retry") }}
    >
      <AuditTable entries={audit.data?.data ?? []} />
      <Group justify="flex-end" mt="xs">
        <Anchor component={Link} to={to("adminAudit")} size="sm">
          {t("overview.seeAll")}
        </Anchor>
      </Group>
    </ListPanel>
  );
}

function Overview() {
  const { t } = useAdminTexts();
  const user = useCurrentUser();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DisputeCount label={t("overview.openDisputes")} status="open" testId="overview-open-disputes" />
        <DisputeCount label={t("overview.appealedDisputes")} status="appealed" testId="overview-appealed-disputes" />
        <PendingVerificationsCount />
        {user?.roles.includes("admin") ? <HeldWithdrawalsCount /> : null}
        <PendingChargebacksCount />
      </SimpleGrid>
      <HealthCards />
      {user && mayRunUsers(user) ? <LatestActions /> : null}
    </>
  );
}

/** /admin: the console's overview, for every staff role. */
export function AdminOverviewPage() {
  return (
    <AdminSectionPage section="overview" audience="staff">
      <Overview />
    </AdminSectionPage>
  );
}
