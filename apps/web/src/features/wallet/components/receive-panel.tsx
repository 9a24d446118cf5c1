import { Alert, Button, CopyButton, Group, Progress, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import type { CryptoCurrencyView } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { CheckIcon, ClockIcon, CopyIcon, InfoIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { addressQueryOptions, pendingDepositsQueryOptions } from "../api/wallet-api.ts";
import { translateWalletErrorCode, useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto } from "../model/wallet-money.ts";
import { AddressQrCode } from "./address-qr-code.tsx";
import { CurrencySelect } from "./currency-select.tsx";
import classes from "./wallet.module.css";

export interface ReceivePanelProps {
  currencies: readonly CryptoCurrencyView[];
  code: string;
  onCodeChange: (code: string) => void;
}

function IncomingDeposits({ currency }: { currency: CryptoCurrencyView }) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const deposits = useQuery(pendingDepositsQueryOptions(currency.code));

  return (
    <section aria-labelledby="wallet-incoming-title" data-testid="wallet-incoming">
      <Group gap={8} mb={8}>
        <ClockIcon size={16} />
        <Text component="h3" id="wallet-incoming-title" fw={650} size="sm">
          {t("receive.incomingTitle")}
        </Text>
      </Group>
      {deposits.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : deposits.isError ? (
        <Text size="sm" c="red" role="alert">
          {t("receive.incomingError")}
        </Text>
      ) : deposits.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("receive.incomingEmpty")}
        </Text>
      ) : (
        <ul className={classes.plainList}>
          {deposits.data.map((deposit) => {
            const required = Math.max(1, deposit.confirmationsRequired);
            const progress = Math.min(100, Math.round((deposit.confirmations / required) * 100));
            const label = t("receive.confirmationsProgress", {
              current: deposit.confirmations,
              required: deposit.confirmationsRequired,
            });
            return (
              <li key={deposit.id} className={classes.incomingItem}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={650} size="sm" className={classes.mono}>
                    +{formatCrypto(deposit.amount, currency.precision, locale)} {currency.code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(deposit.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                  </Text>
                </Group>
                <Progress value={progress} size="sm" mt={8} aria-label={label} color="yellow" />
                <Text size="xs" c="dimmed" mt={4}>
                  {label}
                </Text>
                {deposit.isDelayed ? (
                  <Text size="xs" c="orange.8" mt={4} data-testid="wallet-incoming-delayed">
                    {t("receive.delayed")}
                  </Text>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The chain's name as users know it: the dev chain, Ethereum, or an ERC-20 token on Ethereum. */
function networkName(network: string, code: string, t: ReturnType<typeof useWalletTexts>["t"]): string {
  if (network === "dev") return t("receive.networkDev");
  if (network === "evm") return code === "ETH" ? t("receive.networkEthereum") : t("receive.networkErc20");
  return network;
}

/** The user's deposit address of a currency, as text and QR code, and the deposits on their way. */
export function ReceivePanel({ currencies, code, onCodeChange }: ReceivePanelProps) {
  const { t } = useWalletTexts();
  const currency = currencies.find((item) => item.code === code);
  const address = useQuery({ ...addressQueryOptions(code), enabled: code !== "" });

  return (
    <Stack gap="md" data-testid="wallet-receive">
      <CurrencySelect currencies={currencies} value={code} onChange={onCodeChange} label={t("currency.label")} />
      {address.isPending ? (
        <Stack align="center" gap="sm">
          <Skeleton width={208} height={208} radius="md" />
          <Skeleton height={40} radius="md" />
        </Stack>
      ) : address.isError ? (
        <LoadError
          title={t("receive.loadError")}
          message={translateWalletErrorCode(t, isApiError(address.error) ? address.error.code : undefined)}
          retryLabel={t("overview.retry")}
          onRetry={() => void address.refetch()}
        />
      ) : (
        <>
          <Stack align="center" gap="xs">
            <AddressQrCode value={address.data.address} alt={t("receive.qrAlt", { code })} />
          </Stack>
          <div>
            <Text size="sm" fw={600} mb={6}>
              {t("receive.addressLabel", { code })}
            </Text>
            <div className={classes.addressBox}>
              <code className={classes.address} data-testid="wallet-address">
                {address.data.address}
              </code>
              <CopyButton value={address.data.address} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("receive.copied") : t("receive.copy")} withArrow>
                    <Button
                      onClick={copy}
                      variant={copied ? "filled" : "light"}
                      color={copied ? "teal" : undefined}
                      size="sm"
                      leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                      className={classes.copyButton}
                    >
                      {copied ? t("receive.copied") : t("receive.copy")}
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </div>
            <Text size="xs" c="dimmed" mt={8}>
              {t("receive.network", { network: networkName(address.data.network, code, t) })} ·{" "}
              {t("receive.confirmations", { count: address.data.confirmationsRequired })}
            </Text>
          </div>
          <Alert variant="light" color="yellow" icon={<InfoIcon />} p="sm">
            <Text size="sm">{t("receive.warning", { code })}</Text>
          </Alert>
        </>
      )}
      {currency ? <IncomingDeposits currency={currency} /> : null}
    </Stack>
  );
}
