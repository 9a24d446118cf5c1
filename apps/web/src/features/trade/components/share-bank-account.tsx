import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { BankAccountErrorCode } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { ownBankAccountsQueryOptions } from "../../../lib/own-bank-accounts.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { useShareBankAccount } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";

function useShareErrorText() {
  const { t } = useTradeTexts();
  return (error: unknown): string => {
    if (isApiError(error) && error.code === BankAccountErrorCode.PAYMENT_DETAILS_NOT_REVEALED) {
      return t("shareAccount.notRevealed");
    }
    if (isApiError(error) && error.code === BankAccountErrorCode.BANK_ACCOUNT_NOT_FOUND)
      return t("shareAccount.notFound");
    return t("errors.generic");
  };
}

/** The seller's own accounts to choose one from, and the share into the chat. */
function ShareForm({ tradeId, onDone }: { tradeId: string; onDone: () => void }) {
  const { t } = useTradeTexts();
  const { to } = useLocalizedPaths();
  const accounts = useQuery(ownBankAccountsQueryOptions());
  const share = useShareBankAccount(tradeId);
  const shareErrorText = useShareErrorText();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = accounts.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("shareAccount.lead")}
      </Text>
      {accounts.isPending ? <Text c="dimmed">{t("shareAccount.loading")}</Text> : null}
      {accounts.isError ? <Alert color="red">{t("errors.generic")}</Alert> : null}
      {accounts.isSuccess && list.length === 0 ? <Text size="sm">{t("shareAccount.none")}</Text> : null}
      {list.length > 0 ? (
        <Radio.Group value={chosen} onChange={setChosen} label={t("shareAccount.choose")}>
          <Stack gap="xs" mt="xs">
            {list.map((account) => (
              <Radio
                key={account.id}
                value={String(account.id)}
                label={`${account.bankName} · ${account.accountNumber} · ${account.holderName}`}
                data-testid={`share-bank-account-${account.id}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {share.error ? (
        <Alert color="red" variant="light" role="alert">
          {shareErrorText(share.error)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Anchor component={Link} to={to("bankAccounts")} size="sm">
          {t("shareAccount.manage")}
        </Anchor>
        <Button
          disabled={chosen === null}
          loading={share.isPending}
          onClick={() =>
            share.mutate(Number(chosen), {
              onSuccess: () => {
                showToast({ type: "success", message: t("shareAccount.shared") });
                onDone();
              },
            })
          }
          data-testid="share-bank-account-submit"
        >
          {t("shareAccount.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The seller's "share another bank account" button of the trade's chat, and its chooser. */
export function ShareBankAccount({ tradeId }: { tradeId: string }) {
  const { t } = useTradeTexts();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)} data-testid="share-bank-account">
        {t("shareAccount.button")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("shareAccount.title")}>
        {opened ? <ShareForm tradeId={tradeId} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}
