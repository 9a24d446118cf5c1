import { Badge, Button, Container, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api-client.ts";
import { cryptoCurrenciesQueryOptions } from "../../../lib/reference-queries.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ServerIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { RoleGate } from "../../../ui/role-gate.tsx";
import classes from "../components/wallet.module.css";
import { translateWalletErrorCode, useWalletTexts } from "../i18n/wallet-texts.ts";
import { useBroadcastWithdrawalsMutation } from "./admin-wallet-api.ts";
import { CustodyCard } from "./custody-card.tsx";
import { DepositForm } from "./deposit-form.tsx";
import { RecentDeposits } from "./recent-deposits.tsx";

function BroadcastCard() {
  const { t } = useWalletTexts();
  const broadcast = useBroadcastWithdrawalsMutation();
  return (
    <section className={classes.card} aria-labelledby="admin-broadcast-title">
      <Text component="h2" id="admin-broadcast-title" className={classes.cardTitle}>
        {t("admin.broadcastTitle")}
      </Text>
      <Text size="sm" c="dimmed" mt={6} mb="md">
        {t("admin.broadcastBody")}
      </Text>
      <Button
        variant="light"
        loading={broadcast.isPending}
        onClick={() =>
          broadcast.mutate(undefined, {
            onSuccess: (report) => showToast({ type: "success", message: t("admin.broadcastReport", report) }),
            onError: (error) =>
              showToast({
                type: "error",
                message: translateWalletErrorCode(t, isApiError(error) ? error.code : undefined),
              }),
          })
        }
      >
        {t("admin.broadcast")}
      </Button>
    </section>
  );
}

function AdminDeposits() {
  const { t } = useWalletTexts();
  const currencies = useQuery(cryptoCurrenciesQueryOptions());
  return (
    <Container size="lg" className={classes.page} data-testid="admin-deposits-page">
      <header className={classes.pageHeader}>
        <div>
          <Badge variant="light" color="gray" radius="sm" leftSection={<ServerIcon size={12} />}>
            {t("admin.eyebrow")}
          </Badge>
          <Title order={1} className={classes.pageTitle} mt={8}>
            {t("admin.title")}
          </Title>
          <Text c="dimmed" mt={4}>
            {t("admin.subtitle")}
          </Text>
        </div>
      </header>
      <div className={classes.adminLayout}>
        <section className={classes.card} aria-labelledby="admin-deposit-title">
          <Text component="h2" id="admin-deposit-title" className={classes.cardTitle} mb="md">
            {t("admin.formTitle")}
          </Text>
          {currencies.isPending ? (
            <Stack gap="sm" aria-hidden="true">
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Stack>
          ) : currencies.isError ? (
            <LoadError
              title={t("overview.loadError")}
              retryLabel={t("overview.retry")}
              onRetry={() => void currencies.refetch()}
            />
          ) : (
            <DepositForm currencies={currencies.data} />
          )}
        </section>
        <Stack gap="lg">
          <section className={classes.card} aria-labelledby="admin-recent-title">
            <Text component="h2" id="admin-recent-title" className={classes.cardTitle}>
              {t("admin.recentTitle")}
            </Text>
            <Text size="sm" c="dimmed" mt={4} mb="md">
              {t("admin.recentHint")}
            </Text>
            <RecentDeposits currencies={currencies.data ?? []} />
          </section>
          <BroadcastCard />
          <CustodyCard />
        </Stack>
      </div>
    </Container>
  );
}

/** The dev chain's operator screen (admin role only); everyone else is told plainly it is not for them. */
export function AdminDepositsPage() {
  const { t } = useWalletTexts();
  const { to } = useLocalizedPaths();
  return (
    <RoleGate
      allows={(user) => user.roles.includes("admin")}
      metaTitle={t("admin.metaTitle")}
      refusal={{
        testId: "admin-not-allowed",
        title: t("admin.notAllowedTitle"),
        body: t("admin.notAllowedBody"),
        backLabel: t("admin.backToWallet"),
        backTo: to("wallet"),
      }}
    >
      <AdminDeposits />
    </RoleGate>
  );
}
