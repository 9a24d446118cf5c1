import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { BankAccount } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { bankAccountsQueryOptions, useDeleteBankAccount } from "../api/bank-accounts-api.ts";
import { useBankAccountsTexts } from "../i18n/bank-accounts-texts.ts";

/** The spec's flash after a refused delete (422: the account is on an active offer). */
type Flash = "deletionError" | "deleteFailed" | null;

function AccountCard({ account, onFlash }: { account: BankAccount; onFlash: (flash: Flash) => void }) {
  const { t } = useBankAccountsTexts();
  const { to } = useLocalizedPaths();
  const remove = useDeleteBankAccount();
  const [isConfirming, setConfirming] = useState(false);
  const onDelete = () =>
    remove.mutate(account.id, {
      onSuccess: () => {
        onFlash(null);
        showToast({ type: "success", message: t("deleted") });
      },
      onError: (error) => onFlash(error instanceof ApiError && error.status === 422 ? "deletionError" : "deleteFailed"),
      onSettled: () => setConfirming(false),
    });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="bank-account">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{account.bankName}</Text>
            <Badge variant="light">{account.countryIso}</Badge>
            <Badge variant="light" color="gray">
              {account.fiatCurrencyCode}
            </Badge>
          </Group>
          <Text size="sm">
            {account.holderName} · {t(`holderTypes.${account.holderType}`)}
          </Text>
          <Text size="sm" ff="monospace" data-testid="bank-account-number">
            {account.accountNumber}
          </Text>
          <Text size="xs" c="dimmed">
            {account.offerIds.length > 0 ? t("onOffers", { count: account.offerIds.length }) : t("onNoOffer")}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={to("bankAccountEdit", { id: String(account.id) })} variant="default" size="xs">
            {t("edit")}
          </Button>
          {isConfirming ? (
            <>
              <Text size="sm">{t("confirmDelete")}</Text>
              <Button size="xs" color="red" loading={remove.isPending} onClick={onDelete}>
                {t("delete")}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                {t("cancel")}
              </Button>
            </>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
              {t("delete")}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** /account/bank-accounts: the user's bank accounts, with add, edit and delete. */
export function BankAccountsPage() {
  const { t } = useBankAccountsTexts();
  const { to } = useLocalizedPaths();
  const accounts = useQuery(bankAccountsQueryOptions());
  const [flash, setFlash] = useState<Flash>(null);
  return (
    <TitledPage metaTitle={t("metaTitle")} title={t("title")} size={800} subtitle={t("lead")}>
      <Group justify="flex-end">
        <Button component={Link} to={to("bankAccountCreate")} data-testid="bank-account-add">
          {t("add")}
        </Button>
      </Group>
      {flash ? (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => setFlash(null)}
          data-testid="bank-account-flash"
        >
          {t(flash)}
        </Alert>
      ) : null}
      {accounts.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : accounts.isError ? (
        <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void accounts.refetch()} />
      ) : accounts.data.length === 0 ? (
        <Text c="dimmed">{t("empty")}</Text>
      ) : (
        <Stack gap="sm">
          {accounts.data.map((account) => (
            <AccountCard key={account.id} account={account} onFlash={setFlash} />
          ))}
        </Stack>
      )}
    </TitledPage>
  );
}
