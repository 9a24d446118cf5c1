import { Anchor, Badge, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AdminHealth } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocale, useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { adminHealthQueryOptions } from "../api/health-api.ts";
import { useHealthTexts } from "../i18n/health-texts.ts";

function HealthCard({
  title,
  value,
  children,
  testId,
}: {
  title: string;
  value: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <div>{value}</div>
        {children}
      </Stack>
    </Paper>
  );
}

const bigNumber = (value: number) => (
  <Text fz={28} fw={700} lh={1.2}>
    {value}
  </Text>
);

function LedgerCard({ lastRun }: { lastRun: AdminHealth["ledger"]["lastRun"] }) {
  const { t } = useHealthTexts();
  const locale = useLocale();
  if (!lastRun) {
    return (
      <HealthCard
        title={t("ledger.title")}
        value={<Badge color="gray">{t("ledger.never")}</Badge>}
        testId="health-ledger"
      >
        <Text size="xs" c="dimmed">
          {t("ledger.neverHint")}
        </Text>
      </HealthCard>
    );
  }
  const date = formatDate(lastRun.checkedAt, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <HealthCard
      title={t("ledger.title")}
      value={<Badge color={lastRun.isOk ? "green" : "red"}>{t(lastRun.isOk ? "ledger.ok" : "ledger.drift")}</Badge>}
      testId="health-ledger"
    >
      <Text size="xs" c="dimmed">
        {t("ledger.lastRun", { date, source: t(`sources.${lastRun.source}`) })}
      </Text>
      {lastRun.failedChecks.length > 0 ? (
        <Text size="xs" c="red">
          {t("ledger.failed", { checks: lastRun.failedChecks.join(", ") })}
        </Text>
      ) : null}
    </HealthCard>
  );
}

/** Whole minutes since `since` at `now`, never below zero. */
export function minutesSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

function JobsCard({ jobs }: { jobs: AdminHealth["jobs"] }) {
  const { t } = useHealthTexts();
  return (
    <HealthCard title={t("jobs.title")} value={bigNumber(jobs.waiting)} testId="health-jobs">
      <Text size="xs" c="dimmed">
        {jobs.oldestWaitingSince
          ? t("jobs.oldest", { minutes: minutesSince(jobs.oldestWaitingSince, Date.now()) })
          : t("jobs.none")}
        {" · "}
        {t("jobs.active", { count: jobs.active })}
      </Text>
    </HealthCard>
  );
}

function FailuresCard({ kind, count }: { kind: "mail" | "webhooks"; count: number }) {
  const { t } = useHealthTexts();
  return (
    <HealthCard
      title={t(`${kind}.title`)}
      value={
        <Text fz={28} fw={700} lh={1.2} c={count > 0 ? "red" : undefined}>
          {count}
        </Text>
      }
      testId={`health-${kind}`}
    >
      <Text size="xs" c="dimmed">
        {t(`${kind}.hint`)}
      </Text>
    </HealthCard>
  );
}

function MaintenanceCard({ maintenance }: { maintenance: AdminHealth["maintenance"] }) {
  const { t } = useHealthTexts();
  const { to } = useLocalizedPaths();
  const user = useCurrentUser();
  return (
    <HealthCard
      title={t("maintenance.title")}
      value={
        <Badge color={maintenance.isOn ? "orange" : "gray"}>
          {t(maintenance.isOn ? "maintenance.on" : "maintenance.off")}
        </Badge>
      }
      testId="health-maintenance"
    >
      <Text size="xs" c="dimmed">
        {maintenance.isOn ? maintenance.message : t("maintenance.offHint")}
      </Text>
      {user?.roles.includes("admin") ? (
        <Anchor component={Link} to={to("adminSite")} size="xs">
          {t("maintenance.manage")}
        </Anchor>
      ) : null}
    </HealthCard>
  );
}

/** The Overview's system health: ledger, job queue, delivery failures and maintenance. */
export function HealthCards() {
  const { t } = useHealthTexts();
  const health = useQuery(adminHealthQueryOptions());
  return (
    <Stack gap="sm" data-testid="overview-health">
      <Title order={2} size="h4">
        {t("title")}
      </Title>
      {health.isPending ? (
        <Skeleton height={110} radius="lg" />
      ) : health.isError ? (
        <LoadError title={t("loadError")} retryLabel={t("retry")} onRetry={() => void health.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <LedgerCard lastRun={health.data.ledger.lastRun} />
          <JobsCard jobs={health.data.jobs} />
          <MaintenanceCard maintenance={health.data.maintenance} />
          <FailuresCard kind="mail" count={health.data.deliveries.mailFailures} />
          <FailuresCard kind="webhooks" count={health.data.deliveries.webhookFailures} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
