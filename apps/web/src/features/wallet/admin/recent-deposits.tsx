import { Badge, Button, Group, Progress, Table, Text } from "@mantine/core";
import type { CryptoCurrencyView, WalletDeposit } from "@souk/contracts";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import classes from "../components/wallet.module.css";
import { translateWalletErrorCode, useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto } from "../model/wallet-money.ts";
import { useConfirmDepositMutation } from "./admin-wallet-api.ts";
import { forgetDeposits, rememberDeposit, useRecentDeposits } from "./recent-deposits-store.ts";

/** Deposits recorded from this browser, with their confirmations and the buttons that raise them. */
export function RecentDeposits({ currencies }: { currencies: readonly CryptoCurrencyView[] }) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const deposits = useRecentDeposits();
  const confirm = useConfirmDepositMutation();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function raise(deposit: WalletDeposit, confirmations?: number): Promise<void> {
    setBusyId(deposit.id);
    try {
      const updated = await confirm.mutateAsync({
        id: deposit.id,
        request: confirmations === undefined ? {} : { confirmations },
      });
      rememberDeposit(updated);
      showToast({
        type: updated.status === "credited" ? "success" : "info",
        message: t("admin.confirmed", {
          id: updated.id,
          current: updated.confirmations,
          required: updated.confirmationsRequired,
        }),
      });
    } catch (error) {
      showToast({ type: "error", message: translateWalletErrorCode(t, isApiError(error) ? error.code : undefined) });
    } finally {
      setBusyId(null);
    }
  }

  if (deposits.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="admin-recent-empty">
        {t("admin.recentEmpty")}
      </Text>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={t("admin.recentLabel")} data-testid="admin-recent-deposits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("admin.columns.id")}</Table.Th>
              <Table.Th>{t("admin.columns.user")}</Table.Th>
              <Table.Th ta="right">{t("admin.columns.amount")}</Table.Th>
              <Table.Th>{t("admin.columns.confirmations")}</Table.Th>
              <Table.Th>{t("admin.columns.status")}</Table.Th>
              <Table.Th>
                <span className={classes.visuallyHidden}>{t("admin.columns.actions")}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deposits.map((deposit) => {
              const decimals =
                currencies.find((currency) => currency.code === deposit.cryptoCurrencyCode)?.precision ?? 8;
              const required = Math.max(1, deposit.confirmationsRequired);
              const isPending = deposit.status === "pending";
              return (
                <Table.Tr key={deposit.id} data-testid={`admin-deposit-${deposit.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      #{deposit.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{deposit.username}</Table.Td>
                  <Table.Td ta="right" className={classes.mono}>
                    {formatCrypto(deposit.amount, decimals, locale)} {deposit.cryptoCurrencyCode}
                  </Table.Td>
                  <Table.Td miw={140}>
                    <Text size="xs" c="dimmed">
                      {deposit.confirmations} / {deposit.confirmationsRequired}
                    </Text>
                    <Progress
                      value={Math.min(100, (deposit.confirmations / required) * 100)}
                      size="sm"
                      mt={4}
                      color={isPending ? "yellow" : "souk"}
                      aria-hidden="true"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={isPending ? "yellow" : "souk"} radius="sm">
                      {t(`admin.statuses.${deposit.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {isPending ? (
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          loading={busyId === deposit.id}
                          onClick={() => void raise(deposit)}
                          aria-label={`${t("admin.addConfirmation")} #${deposit.id}`}
                        >
                          {t("admin.addConfirmation")}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={busyId === deposit.id}
                          onClick={() => void raise(deposit, deposit.confirmationsRequired)}
                          aria-label={`${t("admin.confirmFully")} #${deposit.id}`}
                        >
                          {t("admin.confirmFully")}
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="subtle" color="gray" onClick={forgetDeposits}>
          {t("admin.forget")}
        </Button>
      </Group>
    </>
  );
}
