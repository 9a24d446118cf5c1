import { Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TitledPage } from "../../../ui/titled-page.tsx";
import { bankAccountQueryOptions } from "../api/bank-accounts-api.ts";
import { BankAccountForm } from "../components/bank-account-form.tsx";
import { useBankAccountsTexts } from "../i18n/bank-accounts-texts.ts";

function BackLink() {
  const { t } = useBankAccountsTexts();
  const { to } = useLocalizedPaths();
  return (
    <Anchor component={Link} to={to("bankAccounts")} size="sm">
      {t("form.back")}
    </Anchor>
  );
}

/** /account/bank-accounts/new. */
export function BankAccountCreatePage() {
  const { t } = useBankAccountsTexts();
  return (
    <TitledPage metaTitle={t("form.createTitle")} title={t("form.createTitle")} size={720} subtitle={<BackLink />}>
      <BankAccountForm account={null} />
    </TitledPage>
  );
}

/** /account/bank-accounts/{id}/edit. */
export function BankAccountEditPage() {
  const { t } = useBankAccountsTexts();
  const { id = "" } = useParams();
  const accountId = /^[0-9]{1,9}$/.test(id) ? Number(id) : null;
  const account = useQuery({ ...bankAccountQueryOptions(accountId ?? 0), enabled: accountId !== null });
  return (
    <TitledPage metaTitle={t("form.editTitle")} title={t("form.editTitle")} size={720} subtitle={<BackLink />}>
      {accountId === null || account.isError ? (
        account.error && !("status" in account.error && account.error.status === 404) ? (
          <LoadError message={t("error")} retryLabel={t("retry")} onRetry={() => void account.refetch()} />
        ) : (
          <Text c="dimmed">{t("form.notFound")}</Text>
        )
      ) : account.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : (
        <BankAccountForm key={account.data.updatedAt} account={account.data} />
      )}
    </TitledPage>
  );
}
