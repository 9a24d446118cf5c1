import { Alert, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import classes from "../components/wallet.module.css";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import { custodyOverviewQueryOptions } from "./admin-wallet-api.ts";

/** The last reconciliation of chain against ledger, per coin, and the alerts that need a person. */
export function CustodyCard() {
  const { t } = useWalletTexts();
  const overview = useQuery(custodyOverviewQueryOptions());
  const reconciliation = overview.data?.reconciliation ?? null;
  return (
    <section className={classes.card} aria-labelledby="admin-custody-title" data-testid="admin-custody">
      <Text component="h2" id="admin-custody-title" className={classes.cardTitle}>
        {t("admin.custodyTitle")}
      </Text>
      <Text size="sm" c="dimmed" mt={6} mb="md">
        {t("admin.custodyBody")}
      </Text>
      {overview.isPending ? (
        <Skeleton height={48} />
      ) : overview.isError ? (
        <Text size="sm" c="red" role="alert">
          {t("admin.custodyLoadError")}
        </Text>
      ) : (
        <Stack gap="xs">
          {reconciliation ? (
            <>
              <Text size="sm" fw={600} c={reconciliation.isBalanced ? "teal" : "red"}>
                {reconciliation.isBalanced ? t("admin.custodyBalanced") : t("admin.custodyDiffers")}
              </Text>
              {reconciliation.coins.map((coin) => (
                <Text key={coin.cryptoCurrencyCode} size="sm" className={classes.mono}>
                  {t("admin.custodyCoin", {
                    code: coin.cryptoCurrencyCode,
                    block: coin.blockNumber,
                    onChain: coin.onChain,
                    ledger: coin.ledger,
                    difference: coin.difference,
                  })}
                </Text>
              ))}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t("admin.custodyNone")}
            </Text>
          )}
          {overview.data.alerts.length > 0 ? (
            <Alert color="orange" variant="light" icon={<AlertTriangleIcon />} title={t("admin.custodyAlerts")}>
              <Stack gap={4}>
                {overview.data.alerts.map((alert) => (
                  <Text key={alert.id} size="sm">
                    {alert.message}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      )}
    </section>
  );
}
